import { Module } from '@nestjs/common';
import { StockRepository } from './stock.repository';
import { StockService } from './stock.service';

@Module({
  providers: [StockRepository, StockService],
  exports: [StockService],
})
export class StockModule {}
