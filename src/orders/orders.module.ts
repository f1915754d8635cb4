import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { OrderItemsInclude } from './order-items.include';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

@Module({
  // The customer-token guard that scopes a shopper's order reads.
  imports: [CustomersModule],
  controllers: [OrdersController],
  providers: [OrdersRepository, OrdersService, OrderItemsInclude],
  exports: [OrdersService],
})
export class OrdersModule {}
