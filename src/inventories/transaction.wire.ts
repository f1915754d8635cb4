import { Prisma, type InventoryTransaction } from '../generated/prisma/client';
import { closed, integer, oneOfStrings, string, uuid } from '../common/openapi/json-schema';
import { col, computed, constant, field, isoTimeSql, nested, when, wireFormat } from '../common/wire/wire-format';

/** What a stock transaction does (Elastic Path's `action`). */
export const STOCK_ACTIONS = ['increment', 'decrement', 'allocate', 'deallocate', 'set'] as const;
export type StockAction = (typeof STOCK_ACTIONS)[number];

const location = () =>
  when(
    field<InventoryTransaction, void, 'location', 'location'>('location', 'location', string({ minLength: 1, maxLength: 128 })),
    (r) => r.location !== null,
    (t) => Prisma.sql`${col(t, 'location')} IS NOT NULL`,
  );

/** A transaction's times: it never changes, so only its creation. */
const createdAt = <K extends string>(key: K) =>
  computed<InventoryTransaction, void, K, { created_at: string }>(
    key,
    (r) => ({ created_at: r.createdAt.toISOString() }),
    (t) => Prisma.sql`'{"created_at":' || ${isoTimeSql(col(t, 'created_at'))} || '}'`,
    closed({ created_at: string({ format: 'date-time' }) }),
  );

const ATTRIBUTES = wireFormat<InventoryTransaction>()([
  field('action', 'action', oneOfStrings(STOCK_ACTIONS)),
  field('product_id', 'productId', uuid()),
  field('quantity', 'quantity', integer({ minimum: 0 })),
  location(),
]);

/** A stock transaction as multi-location inventories answer it. */
export const TRANSACTION_WIRE = wireFormat<InventoryTransaction>()([
  field('id', 'id', uuid(), { filter: ['eq', 'in'] }),
  constant('type', 'stock-transaction'),
  nested('attributes', ATTRIBUTES),
  nested('meta', wireFormat<InventoryTransaction>()([createdAt('timestamps')])),
]);

/** A stock transaction as the basic inventories answer it: its members beside `id` and `type`. */
export const BASIC_TRANSACTION_WIRE = wireFormat<InventoryTransaction>()([
  field('id', 'id', uuid()),
  constant('type', 'stock-transaction'),
  field('action', 'action', oneOfStrings(STOCK_ACTIONS)),
  field('product_id', 'productId', uuid()),
  field('quantity', 'quantity', integer({ minimum: 0 })),
  location(),
  createdAt('timestamps'),
]);
