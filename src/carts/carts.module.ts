import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module';
import { OrdersModule } from '../orders/orders.module';
import { CartItemsInclude } from './cart-items.include';
import { CartsController } from './carts.controller';
import { CartsRepository } from './carts.repository';
import { CartsService } from './carts.service';

@Module({
  imports: [OrdersModule, CustomersModule],
  controllers: [CartsController],
  providers: [CartsRepository, CartsService, CartItemsInclude],
})
export class CartsModule {}
