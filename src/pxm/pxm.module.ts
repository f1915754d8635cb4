import { Module } from '@nestjs/common';
import { InApiFamily } from '../common/errors/api-family';
import { PXM } from './pxm.family';
import { HierarchiesController } from './hierarchies/hierarchies.controller';
import { HierarchiesRepository } from './hierarchies/hierarchies.repository';
import { HierarchiesService } from './hierarchies/hierarchies.service';

/** Elastic Path's Product Experience Manager, authoring side: `/pcm/*`. */
@Module({
  controllers: [HierarchiesController],
  providers: [HierarchiesRepository, HierarchiesService],
  exports: [HierarchiesService],
})
@InApiFamily(PXM)
export class PxmModule {}
