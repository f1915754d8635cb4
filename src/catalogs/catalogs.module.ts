import { Module } from '@nestjs/common';
import { InApiFamily } from '../common/errors/api-family';
import { PXM } from '../pxm/pxm.family';
import { CatalogResolver } from './catalog-resolver';
import { CatalogsController } from './catalogs.controller';
import { CatalogsRepository } from './catalogs.repository';
import { CatalogsService } from './catalogs.service';

/** Catalogs and catalog rules (`/catalogs`, `/pcm/catalogs`), and which published release a shopper sees (CatalogResolver). */
@Module({
  controllers: [CatalogsController],
  providers: [CatalogsRepository, CatalogsService, CatalogResolver],
  exports: [CatalogResolver],
})
@InApiFamily(PXM)
export class CatalogsModule {}
