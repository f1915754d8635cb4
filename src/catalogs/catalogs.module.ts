import { Module } from '@nestjs/common';
import { InApiFamily } from '../common/errors/api-family';
import { PXM } from '../pxm/pxm.family';
import { CatalogResolver } from './catalog-resolver';
import { CatalogRulesController } from './catalog-rules.controller';
import { CatalogsController } from './catalogs.controller';
import { CatalogsRepository } from './catalogs.repository';
import { CatalogsService } from './catalogs.service';
import { RulesRepository } from './rules.repository';
import { RulesService } from './rules.service';
import { RulesValidationService } from './rules-validation.service';

/** Catalogs and catalog rules (`/catalogs`, `/pcm/catalogs`), and which published release a shopper sees (CatalogResolver). */
@Module({
  // Rules first: `/catalogs/rules` is matched before `/catalogs/:id`.
  controllers: [CatalogRulesController, CatalogsController],
  providers: [CatalogsRepository, CatalogsService, RulesRepository, RulesService, RulesValidationService, CatalogResolver],
  exports: [CatalogResolver],
})
@InApiFamily(PXM)
export class CatalogsModule {}
