import { Module } from '@nestjs/common';
import { StockModule } from '../stock/stock.module';
import { OrderItemsInclude } from './order-items.include';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

@Module({
  imports: [StockModule],
  controllers: [OrdersController],
  providers: [OrdersRepository, OrdersService, OrderItemsInclude],
  exports: [OrdersService],
})
export class OrdersModule {}
