import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { gatewaySlug, PAYMENT_GATEWAY_NAMES } from '../../gateways/gateway-definitions';
import { GatewaysService } from '../../gateways/gateways.service';
import { DevelopmentPaymentIntentsGateway } from './development-payment-intents.gateway';
import { ManualGateway } from './manual.gateway';
import { PaymentGateway } from './payment-gateway';
import type { StripePaymentIntentsGateway } from './stripe-payment-intents.gateway';

/**
 * Gateway names accepted in `data.gateway`: manual, stripe_payment_intents (also as card_payment_intents) and
 * elastic_path_payments_stripe; the last two both run on the payment-intents implementation.
 */
export const MANUAL_GATEWAY = 'manual';
export const GATEWAY_NAMES: readonly string[] = PAYMENT_GATEWAY_NAMES;

/** Stripe clients kept for distinct credentials; credentials change rarely, so a small bound is plenty. */
const MAX_STRIPE_CLIENTS = 8;

/**
 * Resolves a gateway name to its implementation. The payment-intents gateways are Stripe once a secret key
 * is known — `login` set through `PUT /v2/gateways/stripe_payment_intents`, else STRIPE_SECRET_KEY
 * (STRIPE_API_BASE points it elsewhere, e.g. a test stub); `elastic_path_payments_stripe` uses
 * STRIPE_SECRET_KEY on behalf of its `stripe_account`. Without a key: the DevelopmentPaymentIntentsGateway,
 * which simulates intents and moves no money.
 */
@Injectable()
export class PaymentGateways {
  private readonly manual = new ManualGateway();
  private readonly development = new DevelopmentPaymentIntentsGateway();
  private readonly stripeClients = new Map<string, PaymentGateway>();

  constructor(
    private readonly config: AppConfig,
    private readonly settings: GatewaysService,
  ) {}

  isKnown(name: string): boolean {
    return GATEWAY_NAMES.includes(name);
  }

  /** True when both names select the same gateway (`card_payment_intents` and `stripe_payment_intents` do). */
  sameGateway(a: string, b: string): boolean {
    return a === b || (this.isKnown(a) && this.isKnown(b) && gatewaySlug(a) === gatewaySlug(b));
  }

  /** The gateway a payment, confirm, capture or refund goes through; 422 when it is disabled. */
  async enabled(name: string): Promise<PaymentGateway> {
    const { credentials } = await this.settings.requireEnabled(name);
    return this.implementation(name, credentials);
  }

  /** The gateway whether or not it is enabled (cancelling releases what a payment holds). */
  async get(name: string): Promise<PaymentGateway> {
    return this.implementation(name, await this.settings.credentials(name));
  }

  private implementation(name: string, credentials: Record<string, string>): PaymentGateway {
    const slug = gatewaySlug(name);
    if (slug === MANUAL_GATEWAY) return this.manual;
    const secretKey = (slug === 'stripe_payment_intents' ? credentials.login : undefined) ?? this.config.stripe.secretKey;
    if (!secretKey) return this.development;
    const stripeAccount = slug === 'elastic_path_payments_stripe' ? credentials.stripe_account : undefined;
    return this.stripe(secretKey, stripeAccount);
  }

  private stripe(secretKey: string, stripeAccount: string | undefined): PaymentGateway {
    const key = `${secretKey}\u0000${stripeAccount ?? ''}`;
    let client = this.stripeClients.get(key);
    if (!client) {
      if (this.stripeClients.size >= MAX_STRIPE_CLIENTS) this.stripeClients.clear();
      const { apiHost, apiPort, apiProtocol } = this.config.stripe;
      // Loaded with the first Stripe key in use: the Stripe client is a sizeable module a store without one never needs.
      const { StripePaymentIntentsGateway: StripeGateway } = require('./stripe-payment-intents.gateway') as { StripePaymentIntentsGateway: typeof StripePaymentIntentsGateway };
      client = new StripeGateway({ secretKey, stripeAccount, host: apiHost, port: apiPort, protocol: apiHost ? apiProtocol : undefined });
      this.stripeClients.set(key, client);
    }
    return client;
  }
}
