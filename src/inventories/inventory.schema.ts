import { ref } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import { LOCATION_WIRE } from './location.wire';
import { BASIC_STOCK_WIRE, STOCK_WIRE } from './stock.wire';
import { BASIC_TRANSACTION_WIRE, TRANSACTION_WIRE } from './transaction.wire';

const without = 'without `EP-Inventories-Multi-Location: true`: the basic inventories’ shape';
const withHeader = 'with `EP-Inventories-Multi-Location: true`';

export const INVENTORY_SCHEMAS = defineSchemas({
  InventoryStock: STOCK_WIRE.schema({ description: `A product's stock, ${withHeader}` }),
  InventoryStockBasic: BASIC_STOCK_WIRE.schema({ description: `A product's stock ${without}` }),
  InventoryStockEitherForm: { oneOf: [ref('InventoryStock'), ref('InventoryStockBasic')] },
  InventoryTransaction: TRANSACTION_WIRE.schema({ description: `A stock transaction, ${withHeader}` }),
  InventoryTransactionBasic: BASIC_TRANSACTION_WIRE.schema({ description: `A stock transaction ${without}` }),
  InventoryTransactionEitherForm: { oneOf: [ref('InventoryTransaction'), ref('InventoryTransactionBasic')] },
  InventoryLocation: LOCATION_WIRE.schema(),
});
