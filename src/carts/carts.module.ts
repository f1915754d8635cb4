import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { OrdersModule } from '../orders/orders.module';
import { StockModule } from '../stock/stock.module';
import { CartItemsInclude } from './cart-items.include';
import { CartItemsService } from './cart-items.service';
import { CartsController } from './carts.controller';
import { CartsRepository } from './carts.repository';
import { CartsService } from './carts.service';

@Module({
  imports: [OrdersModule, StockModule, CustomersModule],
  controllers: [CartsController],
  providers: [CartsRepository, CartsService, CartItemsService, CartItemsInclude],
})
export class CartsModule {}
