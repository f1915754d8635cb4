/** Every event the service emits; `observes` of an integration may name only these. */
export const EVENT_NAMES = [
  'order.created',
  'order.updated',
  'order.authorized',
  'order.paid',
  'order.refunded',
  'order.fulfilled',
  'order.cancelled',
  'transaction.created',
  'transaction.updated',
  'product.created',
  'product.updated',
  'product.deleted',
  'category.created',
  'category.updated',
  'category.deleted',
  'file.created',
  'file.deleted',
  'account.created',
  'account.updated',
  'account.deleted',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'cart.updated',
  'cart.deleted',
  'integration.created',
  'integration.updated',
  'integration.deleted',
  'settings.updated',
  // Operational: a delivery failed its last scheduled attempt (docs/webhooks.md; Svix message.attempt.exhausted).
  'webhook.delivery.exhausted',
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

/** Sent only on request (`POST /v2/integrations/:id/test`), to that one integration; not observable. */
export const INTEGRATION_TEST_EVENT = 'integration.test';

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (EVENT_NAMES as readonly string[]).includes(value);
}
