import { CartAccountsService } from './cart-accounts.service';
import { AccountManagementModule } from '../account-management/account-management.module';
import { AccountsModule } from '../accounts/accounts.module';
import { CheckoutParties } from './checkout-party';
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
import { CartItemSources } from './sources/cart-item-sources';
import { LegacyProductSource } from './sources/legacy-product.source';
import { CatalogProductSource } from './sources/catalog-product.source';
import { CatalogsModule } from '../catalogs/catalogs.module';
import { ShopperCatalogModule } from '../shopper-catalog/shopper-catalog.module';
import { InventoriesModule } from '../inventories/inventories.module';

@Module({
  imports: [OrdersModule, StockModule, CustomersModule, AccountsModule, AccountManagementModule, DiscoveryModule, CatalogsModule, ShopperCatalogModule, InventoriesModule],
  controllers: [CartsController],
  providers: [CartsRepository, CartsService, CartItemsService, CartItemsInclude, CheckoutParties, CartAccountsService, CartPricing, CartItemSources, LegacyProductSource, CatalogProductSource],
  exports: [CartsService],
})
export class CartsModule {}
