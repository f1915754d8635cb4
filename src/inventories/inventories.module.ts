import { Module } from '@nestjs/common';
import { InApiFamily } from '../common/errors/api-family';
import { INVENTORIES } from './inventories.family';
import { InventoryStock } from './inventory-stock.service';
import { LocationsController } from './locations.controller';
import { LocationsRepository } from './locations.repository';
import { LocationsService } from './locations.service';
import { StockController } from './stock.controller';
import { StockRepository } from './stock.repository';
import { StockService } from './stock.service';
import { TransactionsRepository } from './transactions.repository';

/**
 * Elastic Path's inventories (`/v2/inventories`): stock per product and per location, its transactions, and
 * `InventoryStock`, which a checkout calls to allocate stock in the order's transaction (and a cancel to give it back).
 * Locations' routes are registered first, so `/inventories/locations` is never read as a product's id.
 */
@Module({
  controllers: [LocationsController, StockController],
  providers: [StockRepository, LocationsRepository, TransactionsRepository, InventoryStock, StockService, LocationsService],
  exports: [InventoryStock],
})
@InApiFamily(INVENTORIES)
export class InventoriesModule {}
