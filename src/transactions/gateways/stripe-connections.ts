import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import type { GatewayConnection } from '../../gateways/payment-gateway';
import { DevelopmentPaymentIntentsGateway } from './development-payment-intents.gateway';
import type { StripePaymentIntentsGateway } from './stripe-payment-intents.gateway';

/** Stripe clients kept for distinct credentials; credentials change rarely, so a small bound is plenty. */
const MAX_STRIPE_CLIENTS = 8;

/**
 * The connection of the payment-intents gateways: Stripe once a secret key is known (STRIPE_API_BASE points
 * it elsewhere, e.g. a test stub), else the DevelopmentPaymentIntentsGateway, which simulates intents and
 * moves no money.
 */
@Injectable()
export class StripeConnections {
  private readonly clients = new Map<string, GatewayConnection>();

  constructor(
    private readonly config: AppConfig,
    private readonly development: DevelopmentPaymentIntentsGateway,
  ) {}

  /** `secretKey` defaults to STRIPE_SECRET_KEY; `stripeAccount` is a connected account the calls act for. */
  connect(secretKey = this.config.stripe.secretKey, stripeAccount?: string): GatewayConnection {
    if (!secretKey) return this.development;
    const key = `${secretKey}\u0000${stripeAccount ?? ''}`;
    let client = this.clients.get(key);
    if (!client) {
      if (this.clients.size >= MAX_STRIPE_CLIENTS) this.clients.clear();
      const { apiHost, apiPort, apiProtocol } = this.config.stripe;
      // Loaded with the first Stripe key in use: the Stripe client is a sizeable module a store without one never needs.
      const { StripePaymentIntentsGateway: StripeGateway } = require('./stripe-payment-intents.gateway') as { StripePaymentIntentsGateway: typeof StripePaymentIntentsGateway };
      client = new StripeGateway({ secretKey, stripeAccount, host: apiHost, port: apiPort, protocol: apiHost ? apiProtocol : undefined });
      this.clients.set(key, client);
    }
    return client;
  }
}
