import { Module } from '@nestjs/common';
import { OrderItemsInclude } from './order-items.include';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

@Module({
  controllers: [OrdersController],
  providers: [OrdersRepository, OrdersService, OrderItemsInclude],
  exports: [OrdersService],
})
export class OrdersModule {}
