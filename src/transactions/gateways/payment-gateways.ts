import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { gatewaySlug, PAYMENT_GATEWAY_NAMES } from '../../gateways/gateway-definitions';
import { GatewaysService } from '../../gateways/gateways.service';
import { DevelopmentPaymentIntentsGateway } from './development-payment-intents.gateway';
import { ManualGateway } from './manual.gateway';
import { PaymentGateway } from './payment-gateway';
import { StripePaymentIntentsGateway } from './stripe-payment-intents.gateway';

/**
 * Gateway names accepted in `data.gateway`: manual, stripe_payment_intents (also as card_payment_intents) and
 * elastic_path_payments_stripe; the last two both run on the payment-intents implementation.
 */
export const MANUAL_GATEWAY = 'manual';
export const GATEWAY_NAMES: readonly string[] = PAYMENT_GATEWAY_NAMES;

/**
 * Resolves a gateway name to its implementation. The payment-intents gateway is Stripe when
 * STRIPE_SECRET_KEY is set (STRIPE_API_BASE points it elsewhere, e.g. a test stub), otherwise the
 * DevelopmentPaymentIntentsGateway, which simulates intents and moves no money.
 */
@Injectable()
export class PaymentGateways {
  private readonly manual = new ManualGateway();
  private readonly intents: PaymentGateway;

  constructor(
    config: AppConfig,
    private readonly settings: GatewaysService,
  ) {
    const { secretKey, apiHost, apiPort, apiProtocol } = config.stripe;
    this.intents = secretKey
      ? new StripePaymentIntentsGateway({ secretKey, host: apiHost, port: apiPort, protocol: apiHost ? apiProtocol : undefined })
      : new DevelopmentPaymentIntentsGateway();
  }

  isKnown(name: string): boolean {
    return GATEWAY_NAMES.includes(name);
  }

  /** True when both names select the same gateway (`card_payment_intents` and `stripe_payment_intents` do). */
  sameGateway(a: string, b: string): boolean {
    return a === b || (this.isKnown(a) && this.isKnown(b) && gatewaySlug(a) === gatewaySlug(b));
  }

  /** The gateway a payment, confirm, capture or refund goes through; 422 when it is disabled. */
  async enabled(name: string): Promise<PaymentGateway> {
    await this.settings.requireEnabled(name);
    return this.get(name);
  }

  get(name: string): PaymentGateway {
    return name === MANUAL_GATEWAY ? this.manual : this.intents;
  }
}
