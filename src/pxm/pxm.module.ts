import { Module } from '@nestjs/common';
import { HierarchiesController } from './hierarchies/hierarchies.controller';
import { HierarchiesRepository } from './hierarchies/hierarchies.repository';
import { HierarchiesService } from './hierarchies/hierarchies.service';

/** Elastic Path's Product Experience Manager, authoring side: `/pcm/*`. */
@Module({
  controllers: [HierarchiesController],
  providers: [HierarchiesRepository, HierarchiesService],
  exports: [HierarchiesService],
})
export class PxmModule {}
