import { Module } from '@nestjs/common';
import { InApiFamily } from '../common/errors/api-family';
import { CurrenciesModule } from '../currencies/currencies.module';
import { PXM } from '../pxm/pxm.family';
import { PriceBookPrices } from './pricebook-prices';
import { PricebooksController } from './pricebooks.controller';
import { PricebooksRepository } from './pricebooks.repository';
import { PricebooksService } from './pricebooks.service';

/** Price books (`/pcm/pricebooks`): prices per SKU and currency, read by catalogs through PriceBookPrices. */
@Module({
  imports: [CurrenciesModule],
  controllers: [PricebooksController],
  providers: [PricebooksRepository, PricebooksService, PriceBookPrices],
  exports: [PriceBookPrices],
})
@InApiFamily(PXM)
export class PricebooksModule {}
