import type { Transaction } from '../generated/prisma/client';
import { timestamps } from '../common/http/timestamps';
import { displayPrice } from '../common/money/money';

/**
 * The transaction as the API shows it (spec: Transaction table). Only `transaction_type` (no legacy
 * hyphenated duplicate), `meta` on every response (refunds included), `payment_intent` and
 * `client_parameters` on payment-intents transactions only.
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
  out.status = t.status;
  if (t.paymentIntentId) {
    out.payment_intent = { id: t.paymentIntentId, client_secret: t.clientSecret ?? '', status: t.paymentIntentStatus ?? '' };
    out.client_parameters = { token: t.paymentIntentId, secret: t.clientSecret ?? '' };
  }
  out.relationships = { order: { data: { type: 'order', id: t.orderId } } };
  out.meta = {
    display_price: displayPrice(t.amount, t.currency),
    display_refunded_amount: { total: displayPrice(t.refundedAmount, t.currency) },
    timestamps: timestamps(t),
  };
  return out;
}

export type PresentedTransaction = ReturnType<typeof presentTransaction>;

/** What `transaction.*` webhooks carry: the same object without the payment intent's client secret. */
export function transactionEventPayload(t: Transaction) {
  const data = presentTransaction(t);
  if (t.paymentIntentId) {
    data.payment_intent = { id: t.paymentIntentId, status: t.paymentIntentStatus ?? '' };
    data.client_parameters = { token: t.paymentIntentId };
  }
  return { data };
}
