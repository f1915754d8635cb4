import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CustomersModule } from '../customers/customers.module';
import { OrdersModule } from '../orders/orders.module';
import { StockModule } from '../stock/stock.module';
import { CartItemsInclude } from './cart-items.include';
import { CartItemsService } from './cart-items.service';
import { CartsController } from './carts.controller';
import { CartsRepository } from './carts.repository';
import { CartsService } from './carts.service';
import { CartPricing } from './pricing/cart-pricing.service';

@Module({
  imports: [OrdersModule, StockModule, CustomersModule, DiscoveryModule],
  controllers: [CartsController],
  providers: [CartsRepository, CartsService, CartItemsService, CartItemsInclude, CartPricing],
  exports: [CartsService],
})
export class CartsModule {}
