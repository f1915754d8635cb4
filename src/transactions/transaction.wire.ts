import { Prisma, type Transaction } from '../generated/prisma/client';
import { displayPriceMember } from '../common/money/display-price.wire';
import { col, computed, constant, isoTimeSql, nested, scalar, timestampsMember, WireFormat } from '../common/wire/wire-format';

const META = new WireFormat<Transaction, void>([
  displayPriceMember('display_price', (t) => t.amount, 'amount'),
  nested('display_refunded_amount', new WireFormat<Transaction, void>([displayPriceMember('total', (t) => t.refundedAmount, 'refunded_amount')])),
  timestampsMember(),
  // Elastic Path's legacy key, beside `timestamps` (see below).
  computed('created_at', (t) => t.createdAt.toISOString(), (t) => isoTimeSql(col(t, 'created_at'))),
]);

/**
 * The transaction as the API shows it (spec: Transaction table): `meta` on every response (refunds included),
 * every transaction object the same way (responses and webhook payloads). Elastic Path's documented transaction
 * sample also carries the hyphenated duplicate `transaction-type` and `meta.created_at` beside `meta.timestamps`
 * (legacy keys of the 2018-19 API): both are shown, so a client reading either form works (docs/api.md,
 * "Payments and transactions"). The payment intent and its client secret are not part of it.
 */
export const TRANSACTION_WIRE = new WireFormat<Transaction, void>([
  scalar('id', 'id', (t) => t.id),
  constant('type', 'transaction'),
  scalar('reference', 'reference', (t) => t.reference),
  scalar('name', 'name', (t) => t.name ?? undefined),
  scalar('custom_reference', 'custom_reference', (t) => t.customReference ?? undefined),
  scalar('gateway', 'gateway', (t) => t.gateway),
  scalar('amount', 'amount', (t) => t.amount),
  scalar('refunded_amount', 'refunded_amount', (t) => t.refundedAmount),
  computed('refund_mechanism', (t) => t.refundMechanism || undefined, (t) => Prisma.sql`to_json(NULLIF(${col(t, 'refund_mechanism')}, ''))::text`),
  scalar('currency', 'currency', (t) => t.currency),
  scalar('transaction_type', 'transaction_type', (t) => t.transactionType),
  scalar('transaction-type', 'transaction_type', (t) => t.transactionType),
  scalar('status', 'status', (t) => t.status),
  computed(
    'relationships',
    (t) => ({ order: { data: { type: 'order', id: t.orderId } } }),
    (t) => Prisma.sql`'{"order":{"data":{"type":"order","id":"' || ${col(t, 'order_id')}::text || '"}}}'`,
  ),
  nested('meta', META),
]);
