import type { Transaction } from '../generated/prisma/client';
import type { Presented } from '../common/wire/wire-format';
import { TRANSACTION_WIRE } from './transaction.wire';

export type PresentedTransaction = Presented<typeof TRANSACTION_WIRE>;

/** The transaction as the API shows it (see transaction.wire.ts). */
export function presentTransaction(t: Transaction): PresentedTransaction {
  return TRANSACTION_WIRE.present(t);
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
  const data: Record<string, unknown> = presentTransaction(t);
  if (t.paymentIntentId) {
    data.payment_intent = { id: t.paymentIntentId, status: t.paymentIntentStatus ?? '' };
    data.client_parameters = { token: t.paymentIntentId };
  }
  return { data };
}
