import Stripe from 'stripe';
import {
  GatewayConnection,
  GatewayOperation,
  GatewayOutcome,
  GatewayPaymentRequest,
  GatewayTransactionRef,
  PaymentGatewayError,
  statusFromPaymentIntent,
} from '../../gateways/payment-gateway';

export interface StripeGatewayOptions {
  secretKey: string;
  /** Overrides for tests (a local Stripe-shaped stub) or a proxy; default api.stripe.com:443 over https. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  timeoutMs?: number;
  /** A connected account the calls are made on behalf of (Stripe's `Stripe-Account` header). */
  stripeAccount?: string;
}

/** Stripe Payment Intents through the official `stripe` package. Amounts are minor units, as ours. */
export class StripePaymentIntentsGateway implements GatewayConnection {
  readonly label = 'Stripe Payment Intents';
  readonly paymentIntents = true;
  private readonly stripe: Stripe;

  constructor(options: StripeGatewayOptions) {
    this.stripe = new Stripe(options.secretKey, {
      host: options.host,
      port: options.port,
      protocol: options.protocol,
      maxNetworkRetries: 1,
      timeout: options.timeoutMs ?? 30_000,
      telemetry: false,
      stripeAccount: options.stripeAccount,
    });
  }

  supports(_operation: GatewayOperation): boolean {
    return true;
  }

  authorize(request: GatewayPaymentRequest): Promise<GatewayOutcome> {
    return this.create(request, 'manual');
  }

  purchase(request: GatewayPaymentRequest): Promise<GatewayOutcome> {
    return this.create(request, 'automatic');
  }

  async capture(transaction: GatewayTransactionRef): Promise<GatewayOutcome> {
    return this.call(async () => this.outcome(await this.stripe.paymentIntents.capture(transaction.reference, {}, { idempotencyKey: `capture-${transaction.id}` })));
  }

  async refund(transaction: GatewayTransactionRef, amount: number): Promise<{ reference: string }> {
    return this.call(async () => {
      const refund = await this.stripe.refunds.create({ payment_intent: transaction.reference, amount });
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new PaymentGatewayError('declined', `The refund ${refund.id} has status ${refund.status}`);
      }
      return { reference: refund.id };
    });
  }

  async confirm(transaction: GatewayTransactionRef, input: { payment?: string }): Promise<GatewayOutcome> {
    return this.call(async () =>
      this.outcome(await this.stripe.paymentIntents.confirm(transaction.reference, input.payment ? { payment_method: input.payment } : {})),
    );
  }

  async cancel(transaction: GatewayTransactionRef, input: { reason?: string }): Promise<GatewayOutcome> {
    const reasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
    const params: Stripe.PaymentIntentCancelParams = reasons.includes(input.reason ?? '')
      ? { cancellation_reason: input.reason as Stripe.PaymentIntentCancelParams.CancellationReason }
      : {};
    return this.call(async () => this.outcome(await this.stripe.paymentIntents.cancel(transaction.reference, params)));
  }

  private async create(request: GatewayPaymentRequest, captureMethod: 'manual' | 'automatic'): Promise<GatewayOutcome> {
    const options = request.options ?? {};
    const params: Stripe.PaymentIntentCreateParams = {
      amount: request.amount,
      currency: request.currency.toLowerCase(),
      capture_method: captureMethod,
      metadata: { order_id: request.orderId, transaction_id: request.transactionId },
    };
    if (request.payment) params.payment_method = request.payment;
    // The Stripe API version this package speaks calls Elastic Path's `payment_method_types` this way.
    if (request.paymentMethodTypes?.length) {
      params.allowed_payment_method_types = request.paymentMethodTypes as Stripe.PaymentIntentCreateParams.AllowedPaymentMethodType[];
    }
    const automatic = options.automatic_payment_methods as { enabled?: unknown } | undefined;
    if (typeof automatic?.enabled === 'boolean') params.automatic_payment_methods = { enabled: automatic.enabled };
    if (typeof options.customer === 'string') params.customer = options.customer;
    if (typeof options.receipt_email === 'string') params.receipt_email = options.receipt_email;
    if (typeof options.destination === 'string') params.transfer_data = { destination: options.destination };
    const idempotencyKey = typeof options.idempotency_key === 'string' ? options.idempotency_key : `payment-${request.transactionId}`;
    return this.call(async () => this.outcome(await this.stripe.paymentIntents.create(params, { idempotencyKey })));
  }

  private outcome(intent: Stripe.PaymentIntent): GatewayOutcome {
    return {
      status: statusFromPaymentIntent(intent.status),
      reference: intent.id,
      paymentIntent: { id: intent.id, clientSecret: intent.client_secret ?? '', status: intent.status },
    };
  }

  /** Stripe's own refusals (card, invalid request, wrong state) → declined; network/5xx/auth → unavailable. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof PaymentGatewayError) throw err;
      if (err instanceof Stripe.errors.StripeError) {
        const declined = err instanceof Stripe.errors.StripeCardError || err instanceof Stripe.errors.StripeInvalidRequestError;
        throw new PaymentGatewayError(declined ? 'declined' : 'unavailable', err.message || 'The payment gateway refused the request', err.code);
      }
      throw new PaymentGatewayError('unavailable', 'The payment gateway could not be reached');
    }
  }
}
