import { Module } from '@nestjs/common';
import { StockModule } from '../stock/stock.module';
import { InventoriesModule } from '../inventories/inventories.module';
import { CustomersModule } from '../customers/customers.module';
import { OrderItemsInclude } from './order-items.include';
import { OrdersController } from './orders.controller';
import { OrdersRepository } from './orders.repository';
import { OrdersService } from './orders.service';

@Module({
  // Stock returned on cancel (legacy managed stock, inventories); the customer-token guard that scopes a shopper's order reads.
  imports: [StockModule, InventoriesModule, CustomersModule],
  controllers: [OrdersController],
  providers: [OrdersRepository, OrdersService, OrderItemsInclude],
  exports: [OrdersService],
})
export class OrdersModule {}
