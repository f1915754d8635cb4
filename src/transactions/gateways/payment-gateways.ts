import { Injectable } from '@nestjs/common';
import { GatewayRegistry } from '../../gateways/gateway-registry';
import { GatewaysService } from '../../gateways/gateways.service';
import type { GatewayConnection } from '../../gateways/payment-gateway';

/**
 * The connection a payment, confirm, capture, refund or cancel goes through: the registered gateway its name
 * means (a slug or an alias, e.g. `card_payment_intents`), connected with the credentials stored for it.
 */
@Injectable()
export class PaymentGateways {
  constructor(
    private readonly registry: GatewayRegistry,
    private readonly settings: GatewaysService,
  ) {}

  /** True when both names select the same gateway (`card_payment_intents` and `stripe_payment_intents` do). */
  sameGateway(a: string, b: string): boolean {
    const gateway = this.registry.find(a);
    return a === b || (gateway !== undefined && gateway === this.registry.find(b));
  }

  /** The gateway a payment, confirm, capture or refund goes through; 422 when it is disabled. */
  async enabled(name: string): Promise<GatewayConnection> {
    const { credentials } = await this.settings.requireEnabled(name);
    return this.connect(name, credentials);
  }

  /** The gateway whether or not it is enabled (cancelling releases what a payment holds). */
  async get(name: string): Promise<GatewayConnection> {
    return this.connect(name, await this.settings.credentials(name));
  }

  private connect(name: string, credentials: Record<string, string>): GatewayConnection {
    return this.settings.registered(name).provider.connect(credentials);
  }
}
