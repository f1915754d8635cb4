import {
  GatewayOperation,
  GatewayOutcome,
  GatewayPaymentRequest,
  GatewayTransactionRef,
  PaymentGateway,
  PaymentGatewayError,
} from './payment-gateway';

/** The manual gateway only records what the merchant did elsewhere: every operation succeeds at once. */
export class ManualGateway implements PaymentGateway {
  readonly label = 'Manual';
  readonly paymentIntents = false;

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
