import type { GatewayConnection, PaymentGatewayProvider } from '../../gateways/payment-gateway';
import { PaymentGateway } from '../../gateways/payment-gateway.decorator';
import { StripeConnections } from './stripe-connections';

/** Stripe Payment Intents with the store's own key: `login`, else STRIPE_SECRET_KEY. */
@PaymentGateway({
  slug: 'stripe_payment_intents',
  name: 'Stripe Payment Intents',
  settings: { test: false },
  credentials: ['login'],
  aliases: ['card_payment_intents'],
})
export class StripePaymentIntentsProvider implements PaymentGatewayProvider {
  constructor(private readonly stripe: StripeConnections) {}

  connect(credentials: Record<string, string>): GatewayConnection {
    return this.stripe.connect(credentials.login);
  }
}

/** Stripe through STRIPE_SECRET_KEY on behalf of the merchant's connected account (`stripe_account`). */
@PaymentGateway({
  slug: 'elastic_path_payments_stripe',
  name: 'Elastic Path Payments powered by Stripe',
  settings: { test: false },
  credentials: ['stripe_account'],
})
export class ElasticPathPaymentsStripeProvider implements PaymentGatewayProvider {
  constructor(private readonly stripe: StripeConnections) {}

  connect(credentials: Record<string, string>): GatewayConnection {
    return this.stripe.connect(undefined, credentials.stripe_account);
  }
}
