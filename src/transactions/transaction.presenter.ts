import type { Transaction } from '../generated/prisma/client';
import { timestamps } from '../common/http/timestamps';
import { displayPrice } from '../common/money/money';

/**
 * The transaction as the API shows it (spec: Transaction table): `meta` on every response (refunds included),
 * every transaction object the same way (responses and webhook payloads).
 * The payment intent and its client secret are not part of it: see `presentTransactionWithClientSecret`.
 */
export function presentTransaction(t: Transaction) {
  const out: Record<string, unknown> = {
    id: t.id,
    type: 'transaction',
    reference: t.reference,
  };
  if (t.name != null) out.name = t.name;
  if (t.customReference != null) out.custom_reference = t.customReference;
  out.gateway = t.gateway;
  out.amount = t.amount;
  out.refunded_amount = t.refundedAmount;
  if (t.refundMechanism) out.refund_mechanism = t.refundMechanism;
  out.currency = t.currency;
  out.transaction_type = t.transactionType;
  // Elastic Path's documented transaction sample also carries the hyphenated duplicate `transaction-type` and
  // `meta.created_at` beside `meta.timestamps` (legacy keys of the 2018-19 API). Both are emitted so a client
  // reading either form works (docs/api.md, "Payments and transactions").
  out['transaction-type'] = t.transactionType;
  out.status = t.status;
  out.relationships = { order: { data: { type: 'order', id: t.orderId } } };
  const stamps = timestamps(t);
  out.meta = {
    display_price: displayPrice(t.amount, t.currency),
    display_refunded_amount: { total: displayPrice(t.refundedAmount, t.currency) },
    timestamps: stamps,
    created_at: stamps.created_at,
  };
  return out;
}

/**
 * The responses that hand the storefront what it needs to act on a payment intent: `POST .../payments` of a
 * payment-intents transaction (`payment_intent` in Elastic Path's 2019 docs and the SPI storefront,
 * `client_parameters` in the 2021+ docs: both are emitted) and `POST .../confirm` (Elastic Path documents
 * `payment_intent` "Only in the confirm response"). Both members carry the client secret, so no other response has
 * either (docs/api.md).
 */
export function presentTransactionWithClientSecret(t: Transaction) {
  const out = presentTransaction(t);
  if (!t.paymentIntentId) return out;
  const secret = t.clientSecret ?? '';
  return {
    ...out,
    payment_intent: { id: t.paymentIntentId, client_secret: secret, status: t.paymentIntentStatus ?? '' },
    client_parameters: { token: t.paymentIntentId, secret },
  };
}

/** What `transaction.*` webhooks carry: the transaction plus the payment intent's id and status, never its client secret. */
export function transactionEventPayload(t: Transaction) {
  const data = presentTransaction(t);
  if (t.paymentIntentId) {
    data.payment_intent = { id: t.paymentIntentId, status: t.paymentIntentStatus ?? '' };
    data.client_parameters = { token: t.paymentIntentId };
  }
  return { data };
}
