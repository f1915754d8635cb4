import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { InApiFamily } from '../common/errors/api-family';
import { PXM } from './pxm.family';
import { HierarchiesController } from './hierarchies/hierarchies.controller';
import { HierarchiesRepository } from './hierarchies/hierarchies.repository';
import { HierarchiesService } from './hierarchies/hierarchies.service';
import { NodeProductsController } from './products/node-products.controller';
import { NodeProductsService } from './products/node-products.service';
import { PcmProductFilesInclude, PcmProductMainImagesInclude } from './products/products.includes';
import { ProductsController } from './products/products.controller';
import { ProductsRepository } from './products/products.repository';
import { ProductsService } from './products/products.service';

/** Elastic Path's Product Experience Manager, authoring side: `/pcm/*`. */
@Module({
  imports: [CatalogModule],
  controllers: [HierarchiesController, ProductsController, NodeProductsController],
  providers: [HierarchiesRepository, HierarchiesService, ProductsRepository, ProductsService, NodeProductsService, PcmProductMainImagesInclude, PcmProductFilesInclude],
  exports: [HierarchiesService, ProductsService],
})
@InApiFamily(PXM)
export class PxmModule {}
