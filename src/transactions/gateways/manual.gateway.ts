import {
  GatewayConnection,
  GatewayOperation,
  GatewayOutcome,
  GatewayPaymentRequest,
  GatewayTransactionRef,
  PaymentGatewayError,
  PaymentGatewayProvider,
} from '../../gateways/payment-gateway';
import { PaymentGateway } from '../../gateways/payment-gateway.decorator';

/** The manual gateway only records what the merchant did elsewhere: every operation succeeds at once. */
@PaymentGateway({ slug: 'manual', name: 'Manual', settings: {}, credentials: [] })
export class ManualGateway implements GatewayConnection, PaymentGatewayProvider {
  readonly label = 'Manual';
  readonly paymentIntents = false;

  connect(): GatewayConnection {
    return this;
  }

  supports(operation: GatewayOperation): boolean {
    return operation !== 'confirm' && operation !== 'cancel';
  }

  async authorize(_request: GatewayPaymentRequest): Promise<GatewayOutcome> {
    return { status: 'complete', reference: 'manual' };
  }

  async purchase(_request: GatewayPaymentRequest): Promise<GatewayOutcome> {
    return { status: 'complete', reference: 'manual' };
  }

  async capture(transaction: GatewayTransactionRef): Promise<GatewayOutcome> {
    return { status: 'complete', reference: transaction.reference };
  }

  async refund(transaction: GatewayTransactionRef): Promise<{ reference: string }> {
    return { reference: transaction.reference };
  }

  async confirm(): Promise<GatewayOutcome> {
    throw new PaymentGatewayError('declined', 'Confirmation is not supported for Manual payment gateway');
  }

  async cancel(): Promise<GatewayOutcome> {
    throw new PaymentGatewayError('declined', 'Cancellation is not supported for Manual payment gateway');
  }
}
