/** Every field a gateway may be given through `PUT /v2/gateways/{slug}`, settings and credentials alike. */
export const GATEWAY_FIELDS = ['test', 'login', 'password', 'stripe_account'] as const;
export type GatewayField = (typeof GATEWAY_FIELDS)[number];

/**
 * A payment gateway as the store offers it, declared with `@PaymentGateway(definition)` beside its
 * implementation. `settings` are shown in responses; `credentials` are write-only (stored, never returned,
 * never logged). Both are fields of GATEWAY_FIELDS, the ones `PUT /v2/gateways/{slug}` accepts.
 */
export interface GatewayDefinition {
  slug: string;
  name: string;
  /** The settings the gateway takes, each with the value a new store starts with. */
  settings: Readonly<Partial<Record<GatewayField, unknown>>>;
  credentials: readonly GatewayField[];
  /** Other names a payment may give for this gateway, e.g. `card_payment_intents`. */
  aliases?: readonly string[];
}
