import { Module } from '@nestjs/common';
import { CategoriesController } from './categories/categories.controller';
import { CategoryProductsInclude } from './categories/categories.includes';
import { CategoriesRepository } from './categories/categories.repository';
import { CategoriesService } from './categories/categories.service';
import { FileStorage, LocalDiskFileStorage } from './files/file-storage';
import { FilesController } from './files/files.controller';
import { FilesRepository } from './files/files.repository';
import { FilesService } from './files/files.service';
import { UploadInterceptor } from './files/upload.interceptor';
import { ProductsController } from './products/products.controller';
import { ProductCategoriesInclude, ProductFilesInclude, ProductMainImagesInclude } from './products/products.includes';
import { ProductsRepository } from './products/products.repository';
import { ProductsService } from './products/products.service';

@Module({
  controllers: [ProductsController, CategoriesController, FilesController],
  providers: [
    ProductsRepository,
    ProductsService,
    CategoriesRepository,
    CategoriesService,
    FilesRepository,
    FilesService,
    UploadInterceptor,
    { provide: FileStorage, useClass: LocalDiskFileStorage },
    ProductMainImagesInclude,
    ProductFilesInclude,
    ProductCategoriesInclude,
    CategoryProductsInclude,
  ],
  exports: [ProductsService, CategoriesService, FilesService],
})
export class CatalogModule {}
