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
import { ChildProductsRepository } from './variations/child-products.repository';
import { ChildProductsService } from './variations/child-products.service';
import { ProductVariationsController } from './variations/product-variations.controller';
import { VariationsController } from './variations/variations.controller';
import { VariationsRepository } from './variations/variations.repository';
import { VariationsService } from './variations/variations.service';

/** Elastic Path's Product Experience Manager, authoring side: `/pcm/*`. */
@Module({
  imports: [CatalogModule],
  controllers: [HierarchiesController, ProductsController, NodeProductsController, VariationsController, ProductVariationsController],
  providers: [
    HierarchiesRepository, HierarchiesService, ProductsRepository, ProductsService, NodeProductsService, PcmProductMainImagesInclude, PcmProductFilesInclude,
    VariationsRepository, VariationsService, ChildProductsRepository, ChildProductsService,
  ],
  exports: [HierarchiesService, ProductsService],
})
@InApiFamily(PXM)
export class PxmModule {}
