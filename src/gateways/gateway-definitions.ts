/**
 * The payment gateways the store offers and what each one accepts through `PUT /v2/gateways/{slug}`:
 * `settings` are shown in responses; `credentials` are write-only (stored, never returned, never logged).
 */
export interface GatewayDefinition {
  slug: string;
  name: string;
  settings: readonly string[];
  credentials: readonly string[];
  /** Supports `purchase_setup` / `authorize_setup` and the confirm/cancel of payment intents. */
  paymentIntents: boolean;
}

export const GATEWAY_DEFINITIONS: readonly GatewayDefinition[] = [
  { slug: 'manual', name: 'Manual', settings: [], credentials: [], paymentIntents: false },
  { slug: 'stripe_payment_intents', name: 'Stripe Payment Intents', settings: ['test'], credentials: ['login'], paymentIntents: true },
  {
    slug: 'elastic_path_payments_stripe',
    name: 'Elastic Path Payments powered by Stripe',
    settings: ['test'],
    credentials: ['stripe_account'],
    paymentIntents: true,
  },
];

/** Names a payment may give for a gateway that is stored under another slug. */
const ALIASES: Record<string, string> = { card_payment_intents: 'stripe_payment_intents' };

/** Every name accepted in a payment's `gateway`. */
export const PAYMENT_GATEWAY_NAMES = [...GATEWAY_DEFINITIONS.map((d) => d.slug), ...Object.keys(ALIASES)];

/** The stored slug a gateway name means: `card_payment_intents` → `stripe_payment_intents`. */
export function gatewaySlug(name: string): string {
  return ALIASES[name] ?? name;
}

export function gatewayDefinition(slug: string): GatewayDefinition | undefined {
  return GATEWAY_DEFINITIONS.find((d) => d.slug === gatewaySlug(slug));
}

/** Every field a gateway may be given, settings and credentials alike. */
export const GATEWAY_FIELDS = ['test', 'login', 'password', 'stripe_account'] as const;
