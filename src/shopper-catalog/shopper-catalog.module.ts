import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { CatalogsModule } from '../catalogs/catalogs.module';
import { InApiFamily } from '../common/errors/api-family';
import { CurrenciesModule } from '../currencies/currencies.module';
import { PXM } from '../pxm/pxm.family';
import { KeptCatalogAnswers } from './kept-catalog-answers';
import { PreparedReads } from './prepared-reads';
import { ReleasePreviewController } from './release-preview.controller';
import { ReleaseReader } from './release-reader';
import { ShopperCatalogController } from './shopper-catalog.controller';
import { ShopperCatalogService } from './shopper-catalog.service';

/** Elastic Path's Catalog View for shoppers (`/catalog/...`) and the admin previews of a release: published releases only. */
@Module({
  imports: [AuthModule, CatalogsModule, CurrenciesModule],
  controllers: [ShopperCatalogController, ReleasePreviewController],
  providers: [ReleaseReader, ShopperCatalogService, PreparedReads, KeptCatalogAnswers],
  exports: [ReleaseReader],
})
@InApiFamily(PXM)
export class ShopperCatalogModule {}
