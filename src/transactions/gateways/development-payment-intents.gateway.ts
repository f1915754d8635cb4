import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import {
  GatewayConnection,
  GatewayOperation,
  GatewayOutcome,
  GatewayPaymentRequest,
  GatewayTransactionRef,
  statusFromPaymentIntent,
} from '../../gateways/payment-gateway';

/**
 * DEVELOPMENT ONLY: the payment-intents gateway used when no STRIPE_SECRET_KEY is configured. It moves no
 * money and talks to nobody. A new intent is `requires_action` (as if 3-D Secure were needed); confirming it
 * succeeds (`succeeded` for a purchase, `requires_capture` for an authorization); capture, refund and cancel
 * always succeed. Configure STRIPE_SECRET_KEY to use the real Stripe gateway.
 */
@Injectable()
export class DevelopmentPaymentIntentsGateway implements GatewayConnection {
  readonly label = 'Development Payment Intents (simulated, no money moves)';
  readonly paymentIntents = true;

  supports(_operation: GatewayOperation): boolean {
    return true;
  }

  async authorize(_request: GatewayPaymentRequest): Promise<GatewayOutcome> {
    return this.create();
  }

  async purchase(_request: GatewayPaymentRequest): Promise<GatewayOutcome> {
    return this.create();
  }

  async capture(transaction: GatewayTransactionRef): Promise<GatewayOutcome> {
    return this.outcome(transaction.reference, 'succeeded');
  }

  async refund(_transaction: GatewayTransactionRef): Promise<{ reference: string }> {
    return { reference: `re_dev_${randomBytes(12).toString('hex')}` };
  }

  async confirm(transaction: GatewayTransactionRef): Promise<GatewayOutcome> {
    return this.outcome(transaction.reference, transaction.transactionType === 'authorize' ? 'requires_capture' : 'succeeded');
  }

  async cancel(transaction: GatewayTransactionRef): Promise<GatewayOutcome> {
    return this.outcome(transaction.reference, 'canceled');
  }

  private create(): GatewayOutcome {
    const id = `pi_dev_${randomBytes(12).toString('hex')}`;
    return this.outcome(id, 'requires_action');
  }

  private outcome(id: string, status: string): GatewayOutcome {
    return {
      status: statusFromPaymentIntent(status),
      reference: id,
      // The service keeps the client secret it stored at creation; this one is only used for new intents.
      paymentIntent: { id, clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`, status },
    };
  }
}
