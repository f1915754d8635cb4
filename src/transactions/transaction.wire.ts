import { Prisma, type Transaction } from '../generated/prisma/client';
import { displayPriceMember } from '../common/money/display-price.wire';
import { sqlColumnName } from '../common/list-query/sql-list-query';
import { closed, dateTime, integer, string, uuid } from '../common/openapi/json-schema';
import { toOne } from '../common/openapi/wire-schemas';
import { col, computed, constant, field, isoTimeSql, nested, timestampsMember, wireFormat } from '../common/wire/wire-format';

/** A text column shown when set; NULL leaves the member out. */
function leftOutWhenNull<K extends string, F extends 'name' | 'customReference'>(key: K, rowField: F) {
  return computed(key, (t: Transaction) => t[rowField] ?? undefined, (t) => Prisma.sql`to_json(${col(t, sqlColumnName({ column: rowField }))})::text`, string(), { optional: true });
}

const META = wireFormat<Transaction>()([
  displayPriceMember('display_price', (t) => t.amount, 'amount'),
  nested('display_refunded_amount', wireFormat<Transaction>()([displayPriceMember('total', (t) => t.refundedAmount, 'refunded_amount')])),
  timestampsMember(),
  // Elastic Path's legacy key, beside `timestamps` (see below).
  computed('created_at', (t) => t.createdAt.toISOString(), (t) => isoTimeSql(col(t, 'created_at')), dateTime()),
]);

/**
 * The transaction as the API shows it (spec: Transaction table): `meta` on every response (refunds included),
 * every transaction object the same way (responses and webhook payloads). Elastic Path's documented transaction
 * sample also carries the hyphenated duplicate `transaction-type` and `meta.created_at` beside `meta.timestamps`
 * (legacy keys of the 2018-19 API): both are shown, so a client reading either form works (docs/api.md,
 * "Payments and transactions"). The payment intent and its client secret are not part of it.
 */
export const TRANSACTION_WIRE = wireFormat<Transaction>()([
  field('id', 'id', uuid()),
  constant('type', 'transaction'),
  field('reference', 'reference', string()),
  leftOutWhenNull('name', 'name'),
  leftOutWhenNull('custom_reference', 'customReference'),
  field('gateway', 'gateway', string()),
  field('amount', 'amount', integer()),
  field('refunded_amount', 'refundedAmount', integer()),
  computed('refund_mechanism', (t) => t.refundMechanism || undefined, (t) => Prisma.sql`to_json(NULLIF(${col(t, 'refund_mechanism')}, ''))::text`, string(), { optional: true }),
  field('currency', 'currency', string()),
  field('transaction_type', 'transactionType', string({ example: 'authorize' })),
  computed('transaction-type', (t) => t.transactionType, (t) => Prisma.sql`to_json(${col(t, 'transaction_type')})::text`, string({ description: 'The same as transaction_type (legacy key)' })),
  field('status', 'status', string({ example: 'complete' })),
  computed(
    'relationships',
    (t) => ({ order: { data: { type: 'order' as const, id: t.orderId } } }),
    (t) => Prisma.sql`'{"order":{"data":{"type":"order","id":"' || ${col(t, 'order_id')}::text || '"}}}'`,
    closed({ order: toOne('order') }),
  ),
  nested('meta', META),
]);
