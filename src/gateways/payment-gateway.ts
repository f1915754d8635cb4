/**
 * What every payment gateway implements: a `GatewayConnection`, reached through a provider decorated with
 * `@PaymentGateway`. The service never calls a gateway inside an open database transaction: it validates and
 * claims the row, commits, calls the gateway, then records the outcome.
 */

/** What a gateway says about a payment after an operation. */
export interface GatewayOutcome {
  /** `pending` = waiting for the customer (e.g. 3-D Secure), `complete` = money authorized/moved. */
  status: 'pending' | 'complete' | 'cancelled';
  /** The gateway's reference: `manual`, or the payment intent id (`pi_...`). */
  reference: string;
  /** Payment-intents gateways only. `clientSecret` is meant for the storefront that confirms the payment. */
  paymentIntent?: { id: string; clientSecret: string; status: string };
}

export interface GatewayPaymentRequest {
  method: 'authorize' | 'purchase';
  amount: number;
  currency: string;
  orderId: string;
  /** Our transaction id, sent as metadata/idempotency key so a retried call cannot charge twice. */
  transactionId: string;
  /** A payment method, token or source id (payment-intents gateways). */
  payment?: string;
  /** Payment-intents gateways: the payment method types the intent allows (Stripe's `payment_method_types`). */
  paymentMethodTypes?: string[];
  options?: Record<string, unknown>;
}

/** The stored transaction as a gateway needs to see it. */
export interface GatewayTransactionRef {
  id: string;
  reference: string;
  amount: number;
  currency: string;
  transactionType: string;
}

export type GatewayOperation = 'authorize' | 'purchase' | 'capture' | 'refund' | 'confirm' | 'cancel';

export interface GatewayConnection {
  /** A label for logs and error messages, e.g. "Manual" or "Stripe Payment Intents". */
  readonly label: string;
  /** True when the gateway keeps payment-intent state (client secret, confirm, cancel). */
  readonly paymentIntents: boolean;
  supports(operation: GatewayOperation): boolean;
  authorize(request: GatewayPaymentRequest): Promise<GatewayOutcome>;
  purchase(request: GatewayPaymentRequest): Promise<GatewayOutcome>;
  capture(transaction: GatewayTransactionRef): Promise<GatewayOutcome>;
  /** Refunds `amount` (minor units) of a captured/purchased payment. */
  refund(transaction: GatewayTransactionRef, amount: number): Promise<{ reference: string }>;
  confirm(transaction: GatewayTransactionRef, input: { payment?: string }): Promise<GatewayOutcome>;
  cancel(transaction: GatewayTransactionRef, input: { reason?: string }): Promise<GatewayOutcome>;
}

/**
 * A provider decorated with `@PaymentGateway(definition)`: the connection to use with the credentials stored
 * for its gateway (`PUT /v2/gateways/{slug}`). A gateway without credentials may return itself.
 */
export interface PaymentGatewayProvider {
  connect(credentials: Record<string, string>): GatewayConnection;
}

/**
 * A gateway refused or could not perform an operation. `declined`: the gateway answered with a refusal
 * (card declined, wrong state) → 422; `unavailable`: no usable answer (network, 5xx) → 502.
 */
export class PaymentGatewayError extends Error {
  constructor(
    readonly kind: 'declined' | 'unavailable',
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** A payment-intent status as the gateway reports it → the transaction status the API shows. */
export function statusFromPaymentIntent(status: string): GatewayOutcome['status'] {
  switch (status) {
    case 'succeeded':
    case 'requires_capture':
      return 'complete';
    case 'canceled':
      return 'cancelled';
    default:
      // requires_payment_method, requires_confirmation, requires_action, processing: the customer or the
      // gateway still has to act; the transaction stays pending and can be confirmed.
      return 'pending';
  }
}
