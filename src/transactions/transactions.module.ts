import { Module } from '@nestjs/common';
import { GatewaysModule } from '../gateways/gateways.module';
import { CustomersModule } from '../customers/customers.module';
import { OrdersModule } from '../orders/orders.module';
import { DevelopmentPaymentIntentsGateway } from './gateways/development-payment-intents.gateway';
import { ManualGateway } from './gateways/manual.gateway';
import { PaymentGateways } from './gateways/payment-gateways';
import { StripeConnections } from './gateways/stripe-connections';
import { ElasticPathPaymentsStripeProvider, StripePaymentIntentsProvider } from './gateways/stripe-gateway-providers';
import { IdempotencyCleanup } from './idempotency/idempotency.cleanup';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { IdempotencyRepository } from './idempotency/idempotency.repository';
import { OrderPaymentsRepository } from './order-payments.repository';
import { PaymentsService } from './payments.service';
import { TransactionActionsService } from './transaction-actions.service';
import { TransactionOutcomeRecorder } from './transaction-outcome.recorder';
import { TransactionsController } from './transactions.controller';
import { TransactionsRepository } from './transactions.repository';
import { TransactionsService } from './transactions.service';

/**
 * Payments (`POST /v2/orders/:id/payments`) and the transactions of an order: list, get, capture, refund,
 * confirm, cancel. Writes the order's payment columns through OrderPaymentsRepository (see there).
 */
@Module({
  // Gateways; for a shopper's transaction reads, the customer-token guard and the order's owner.
  imports: [GatewaysModule, OrdersModule, CustomersModule],
  controllers: [TransactionsController],
  providers: [
    TransactionsService,
    PaymentsService,
    TransactionActionsService,
    TransactionOutcomeRecorder,
    TransactionsRepository,
    OrderPaymentsRepository,
    PaymentGateways,
    // The gateways this module offers, in the order a payment's error lists them.
    ManualGateway,
    StripePaymentIntentsProvider,
    ElasticPathPaymentsStripeProvider,
    StripeConnections,
    DevelopmentPaymentIntentsGateway,
    IdempotencyRepository,
    IdempotencyInterceptor,
    IdempotencyCleanup,
  ],
  exports: [TransactionsService],
})
export class TransactionsModule {}
