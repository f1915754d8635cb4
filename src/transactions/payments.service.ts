import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { UnprocessableError } from '../common/errors/api-error';
import { canTransition } from '../common/lifecycle';
import type { Order } from '../generated/prisma/client';
import { ORDER_PAYMENT_LIFECYCLE } from '../orders/order-payment-lifecycle';
import { PaymentDto, SETUP_METHODS } from './dto/create-payment.dto';
import { callGateway } from './gateways/call-gateway';
import { GatewayOutcome } from '../gateways/payment-gateway';
import { PaymentGateways } from './gateways/payment-gateways';
import { balanceOwing, completedPaymentDelta } from './order-payment-state';
import { presentTransactionWithClientSecret } from './transaction.presenter';
import { assertOrderPayable } from './transaction-refusals';
import { TransactionOutcomeRecorder } from './transaction-outcome.recorder';
import { TransactionsRepository } from './transactions.repository';
import { TransactionsService } from './transactions.service';

type PaymentMethod = 'authorize' | 'purchase';

/**
 * `POST /orders/:orderId/payments`: a new payment. The gateway is called outside any database transaction;
 * the outcome is then recorded with the order row locked, where the balance is checked again.
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly lookup: TransactionsService,
    private readonly transactions: TransactionsRepository,
    private readonly gateways: PaymentGateways,
    private readonly recorder: TransactionOutcomeRecorder,
  ) {}

  async pay(orderId: string, dto: PaymentDto) {
    const gateway = await this.gateways.enabled(dto.gateway);
    const method: PaymentMethod = dto.method === 'purchase_setup' || dto.method === 'authorize_setup' ? SETUP_METHODS[dto.method] : dto.method;
    if (method !== dto.method && !gateway.paymentIntents) {
      throw new UnprocessableError('Unsupported gateway operation', `The ${gateway.label} gateway does not support ${dto.method}`, 'data.method');
    }
    const order = await this.lookup.requireOrder(orderId);
    const amount = paymentAmount(order, method, dto.amount);
    if (gateway.paymentIntents && amount < 1) {
      throw new UnprocessableError('Payment not possible', 'A zero-total order must be paid with the manual gateway');
    }
    const id = randomUUID();
    const outcome = await callGateway(gateway, () =>
      gateway[method]({ method, amount, currency: order.currency, orderId, transactionId: id, payment: dto.payment, paymentMethodTypes: dto.payment_method_types, options: dto.options }),
    );

    try {
      return await this.recordPayment(orderId, id, dto, method, amount, order.currency, outcome);
    } catch (err) {
      // Not recorded (e.g. the order was paid or cancelled meanwhile): void what the gateway holds, if it can.
      if (gateway.supports('cancel') && outcome.status !== 'cancelled') {
        await gateway
          .cancel({ id, reference: outcome.reference, amount, currency: order.currency, transactionType: method }, { reason: 'abandoned' })
          .catch(() => undefined);
      }
      throw err;
    }
  }

  private recordPayment(orderId: string, id: string, dto: PaymentDto, method: PaymentMethod, amount: number, currency: string, outcome: GatewayOutcome) {
    return this.recorder.record(
      orderId,
      async (tx, current) => {
        // Re-checked under the lock: a concurrent payment may have covered the balance meanwhile.
        if (outcome.status === 'complete') paymentAmount(current, method, amount);
        else assertOrderPayable(current);
        const row = await this.transactions.create(
          {
            id,
            orderId,
            gateway: dto.gateway,
            reference: outcome.reference,
            name: dto.paymentmethod_meta?.name,
            customReference: dto.paymentmethod_meta?.custom_reference,
            amount,
            currency,
            transactionType: method,
            status: outcome.status,
            paymentIntentId: outcome.paymentIntent?.id,
            clientSecret: outcome.paymentIntent?.clientSecret,
            paymentIntentStatus: outcome.paymentIntent?.status,
          },
          tx,
        );
        return { row, delta: row.status === 'complete' ? completedPaymentDelta(method, amount) : undefined };
      },
      { present: presentTransactionWithClientSecret, event: 'transaction.created' },
    );
  }
}

/** The amount a new payment may take: the requested one, or the balance owing; refuses what is not payable. */
function paymentAmount(order: Order, method: PaymentMethod, requested: number | undefined): number {
  assertOrderPayable(order);
  const balance = balanceOwing(order);
  const zeroTotalUnpaid = order.withTax === 0 && order.payment === 'unpaid';
  if (!canTransition(ORDER_PAYMENT_LIFECYCLE, order.payment, method) || (balance === 0 && !zeroTotalUnpaid)) {
    throw new UnprocessableError('Payment not required', `The order is already ${order.payment.replace('_', ' ')} and has no balance owing`);
  }
  const amount = requested ?? balance;
  if (amount > balance) {
    throw new UnprocessableError('Payment amount exceeds the balance owing', `The amount ${amount} is greater than the balance owing of ${balance}`);
  }
  return amount;
}
