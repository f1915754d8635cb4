import { Module } from '@nestjs/common';
import { InApiFamily } from '../common/errors/api-family';
import { CURRENCIES } from './currencies.family';
import { CurrenciesController } from './currencies.controller';
import { CurrenciesRepository } from './currencies.repository';
import { CurrenciesService } from './currencies.service';
import { CurrencyFormatsListener } from './currency-formats.listener';

@Module({
  controllers: [CurrenciesController],
  providers: [CurrenciesRepository, CurrenciesService, CurrencyFormatsListener],
  exports: [CurrenciesService],
})
@InApiFamily(CURRENCIES)
export class CurrenciesModule {}
