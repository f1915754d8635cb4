import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { GatewaysService } from '../../gateways/gateways.service';
import { DevelopmentPaymentIntentsGateway } from './development-payment-intents.gateway';
import { ManualGateway } from './manual.gateway';
import { PaymentGateway } from './payment-gateway';
import { StripePaymentIntentsGateway } from './stripe-payment-intents.gateway';

/** Gateway names accepted in `data.gateway`; the payment-intents gateway answers to two names. */
export const MANUAL_GATEWAY = 'manual';
export const PAYMENT_INTENTS_GATEWAYS = ['card_payment_intents', 'stripe_payment_intents'] as const;
export const GATEWAY_NAMES = [MANUAL_GATEWAY, ...PAYMENT_INTENTS_GATEWAYS] as const;

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
    return (GATEWAY_NAMES as readonly string[]).includes(name);
  }

  /** True when both names select the same gateway (`card_payment_intents` and `stripe_payment_intents` do). */
  sameGateway(a: string, b: string): boolean {
    return a === b || (this.isKnown(a) && this.isKnown(b) && this.get(a) === this.get(b));
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
