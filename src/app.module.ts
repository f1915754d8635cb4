import { Module } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { AccountsModule } from './accounts/accounts.module';
import { AccountAddressesModule } from './account-addresses/account-addresses.module';
import { CurrenciesModule } from './currencies/currencies.module';
import { PxmModule } from './pxm/pxm.module';
import { AccountManagementModule } from './account-management/account-management.module';
import { AuthModule } from './auth/auth.module';
import { CartsModule } from './carts/carts.module';
import { CatalogModule } from './catalog/catalog.module';
import { CustomersModule } from './customers/customers.module';
import { CommonModule } from './common/common.module';
import { LoggingModule } from './common/logging/logging.module';
import { AppConfigModule } from './config/config.module';
import { EventsModule } from './events/events.module';
import { GatewaysModule } from './gateways/gateways.module';
import { HealthModule } from './health/health.module';
import { MetricsModule } from './metrics/metrics.module';
import { IntegrationsModule } from './integrations/integrations.module';
import { OrdersModule } from './orders/orders.module';
import { PrismaModule } from './prisma/prisma.module';
import { DemoSeedModule } from './seed/demo-seed.module';
import { SettingsModule } from './settings/settings.module';
import { ThrottlingModule } from './common/throttling/throttling.module';
import { TransactionsModule } from './transactions/transactions.module';
import { InventoriesModule } from './inventories/inventories.module';
import { PromotionsModule } from './promotions/promotions.module';
import { PricebooksModule } from './pricebooks/pricebooks.module';
import { CatalogsModule } from './catalogs/catalogs.module';
import { ShopperCatalogModule } from './shopper-catalog/shopper-catalog.module';
import { CatalogReleasesModule } from './catalogs/releases/catalog-releases.module';

@Module({
  imports: [
    AppConfigModule,
    LoggingModule,
    PrismaModule,
    ScheduleModule.forRoot(),
    EventsModule,
    CommonModule.forRoot({ pageLengthFrom: SettingsModule }),
    AuthModule,
    ThrottlingModule,
    HealthModule,
    MetricsModule,
    SettingsModule,
    CatalogModule,
    AccountsModule,
    CurrenciesModule,
    PxmModule,
    AccountManagementModule,
    AccountAddressesModule,
    CustomersModule,
    CartsModule,
    OrdersModule,
    GatewaysModule,
    TransactionsModule,
    IntegrationsModule,
    InventoriesModule,
    DemoSeedModule.forServer(),
    PromotionsModule,
    PricebooksModule,
    CatalogsModule,
    ShopperCatalogModule,
    CatalogReleasesModule,
  ],
})
export class AppModule {}
