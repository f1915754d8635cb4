/** Every event the service emits. */
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
  'address.created',
  'address.updated',
  'address.deleted',
  'currency.created',
  'currency.updated',
  'currency.deleted',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'cart.updated',
  'cart.deleted',
  'integration.created',
  'integration.updated',
  'integration.deleted',
  'settings.updated',
  'payment-gateway.updated',
  'stock-transaction.created',
  // A catalog release became PUBLISHED (Elastic Path documents catalog-release events among its observable events).
  'catalog-release.updated',
  // Operational: a delivery failed its last scheduled attempt (docs/webhook-delivery.md; Svix message.attempt.exhausted).
  'webhook.delivery.exhausted',
] as const;

export type EventName = (typeof EVENT_NAMES)[number];

/** Sent only on request (`POST /v2/integrations/:id/test`), to that one integration; not observable. */
export const INTEGRATION_TEST_EVENT = 'integration.test';

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (EVENT_NAMES as readonly string[]).includes(value);
}

/**
 * Every event name Elastic Path documents for integrations ("Observable Events", current and legacy
 * docs): `observes` accepts all of them, so an integration set up for Elastic Path is accepted unchanged.
 * Those this server never emits (docs/webhook-delivery.md lists them) are stored and never delivered.
 */
const ELASTIC_PATH_EVENT_NAMES = [
  ...['address', 'account', 'account-member', 'account-membership', 'brand', 'category', 'collection', 'currency', 'customer'].flatMap(crud),
  ...['integration', 'product', 'catalog-release', 'catalog-rule', 'user-authentication-info'].flatMap(crud),
  'cart.updated',
  'cart.deleted',
  'file.created',
  'file.deleted',
  'one-time-password-token-request.created',
  'order.created',
  'order.updated',
  'order.fulfilled',
  'order.authorized',
  'order.paid',
  'order.refunded',
  'order.cancelled',
  'payment-gateway.updated',
  'settings.created',
  'settings.updated',
  'stock-transaction.created',
  'transaction.created',
  'transaction.updated',
];

function crud(entity: string): string[] {
  return [`${entity}.created`, `${entity}.updated`, `${entity}.deleted`];
}

/** What `observes` may name: the events this server emits and every one Elastic Path documents. */
export const OBSERVABLE_EVENT_NAMES: readonly string[] = [...new Set<string>([...EVENT_NAMES, ...ELASTIC_PATH_EVENT_NAMES])].sort();

/** Observable names this server never emits (an integration may observe them; nothing is delivered for them). */
export const NOT_EMITTED_EVENT_NAMES: readonly string[] = OBSERVABLE_EVENT_NAMES.filter((name) => !isEventName(name));
