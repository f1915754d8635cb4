import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ApiError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { page, PageParams } from '../common/list-query';
import { EventName } from '../events/event-names';
import { EventsPublisher } from '../events/events.publisher';
import type { Order, Transaction } from '../generated/prisma/client';
import { orderEventPayload } from '../orders/order.presenter';
import { Db, PrismaService } from '../prisma/prisma.service';
import { CreatePaymentDto } from './dto/create-payment.dto';
import { CancelTransactionDto, CaptureTransactionDto, ConfirmTransactionDto, RefundTransactionDto } from './dto/transaction-actions.dto';
import { GatewayOutcome, GatewayTransactionRef, PaymentGateway, PaymentGatewayError } from './gateways/payment-gateway';
import { PaymentGateways } from './gateways/payment-gateways';
import { balanceOwing, nextOrderState } from './order-payment-state';
import { OrderPaymentsRepository } from './order-payments.repository';
import { presentTransaction, presentTransactionWithClientSecret, transactionEventPayload } from './transaction.presenter';
import { TransactionsRepository } from './transactions.repository';

/** Short database transactions; under load (50 concurrent requests on one PGlite connection) they queue. */
const TX_OPTIONS = { maxWait: 30_000, timeout: 30_000 };

/** Internal markers in `payment_intent_status` while a gateway call is in flight (never a Stripe status). */
const CONFIRMING = 'confirming';
const CANCELING = 'canceling';
const IN_FLIGHT = [CONFIRMING, CANCELING];

const REFUNDABLE_TYPES = ['purchase', 'capture', 'refund'];
/** The order event a payment-state change fires besides `order.updated`. */
const PAYMENT_EVENTS: Partial<Record<string, EventName>> = { authorized: 'order.authorized', paid: 'order.paid', refunded: 'order.refunded' };

type OrderDelta = Parameters<typeof nextOrderState>[1];

/**
 * Payments and transactions of an order. Every money-moving operation runs in three steps and never calls a
 * gateway while a database transaction is open:
 *   1. validate and CLAIM the transaction row with one conditional UPDATE (of N concurrent claims only the
 *      ones whose expected state still holds win; the others answer 422);
 *   2. call the gateway;
 *   3. in one short transaction (order row locked): record the outcome on the transaction, the order's payment
 *      columns and the outbox events; on a gateway failure, undo the claim and answer 422/502.
 */
@Injectable()
export class TransactionsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly transactions: TransactionsRepository,
    private readonly orders: OrderPaymentsRepository,
    private readonly gateways: PaymentGateways,
    private readonly events: EventsPublisher,
  ) {}

  async list(orderId: string, q: PageParams) {
    await this.requireOrder(orderId);
    const { items, total } = await this.transactions.pageForOrder(orderId, q);
    return page(items.map(presentTransaction), total, q);
  }

  async get(orderId: string, transactionId: string) {
    const { transaction } = await this.load(orderId, transactionId);
    return presentTransaction(transaction);
  }

  // ---------- POST /orders/:orderId/payments ----------

  async pay(orderId: string, dto: CreatePaymentDto) {
    const gateway = this.gateways.get(dto.gateway);
    const order = await this.requireOrder(orderId);
    const amount = this.paymentAmount(order, dto.amount);
    if (gateway.paymentIntents && amount < 1) {
      throw new UnprocessableError('Payment not possible', 'A zero-total order must be paid with the manual gateway');
    }
    const id = randomUUID();
    const outcome = await this.callGateway(gateway, () =>
      gateway[dto.method]({ method: dto.method, amount, currency: order.currency, orderId, transactionId: id, payment: dto.payment, options: dto.options }),
    );

    try {
      return await this.recordPayment(orderId, id, dto, amount, order.currency, outcome);
    } catch (err) {
      // Not recorded (e.g. the order was paid or cancelled meanwhile): void what the gateway holds, if it can.
      if (gateway.supports('cancel') && outcome.status !== 'cancelled') {
        await gateway
          .cancel({ id, reference: outcome.reference, amount, currency: order.currency, transactionType: dto.method }, { reason: 'abandoned' })
          .catch(() => undefined);
      }
      throw err;
    }
  }

  private recordPayment(orderId: string, id: string, dto: CreatePaymentDto, amount: number, currency: string, outcome: GatewayOutcome) {
    return this.prisma.$transaction(async (tx) => {
      await this.orders.lock(orderId, tx);
      const current = (await this.orders.find(orderId, tx))!;
      // Re-checked under the lock: a concurrent payment may have covered the balance meanwhile.
      if (outcome.status === 'complete') this.paymentAmount(current, amount);
      else this.assertPayable(current);
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
          transactionType: dto.method,
          status: outcome.status,
          paymentIntentId: outcome.paymentIntent?.id,
          clientSecret: outcome.paymentIntent?.clientSecret,
          paymentIntentStatus: outcome.paymentIntent?.status,
        },
        tx,
      );
      const presented = presentTransactionWithClientSecret(row);
      await this.events.publish(tx, 'transaction.created', transactionEventPayload(row));
      if (row.status === 'complete') {
        await this.applyToOrder(tx, current, dto.method === 'authorize' ? { authorized: amount, zeroTotal: 'authorized' } : { paid: amount, zeroTotal: 'paid' });
      }
      return presented;
    }, TX_OPTIONS);
  }

  // ---------- POST .../transactions/:id/capture ----------

  async capture(orderId: string, transactionId: string, dto: CaptureTransactionDto) {
    const { order, transaction } = await this.load(orderId, transactionId);
    this.assertNotCancelled(order, 'captured');
    const won = await this.transactions.claim(
      transactionId,
      { orderId, transactionType: 'authorize', status: 'complete' },
      { transactionType: 'capture', status: 'pending' },
    );
    if (!won) throw this.cannotCapture((await this.transactions.findById(transactionId)) ?? transaction);

    const gateway = this.gateways.get(transaction.gateway);
    const outcome = await this.callGateway(
      gateway,
      () => gateway.capture(this.ref(transaction)),
      () => this.transactions.claim(transactionId, { transactionType: 'capture', status: 'pending' }, { transactionType: 'authorize', status: 'complete' }),
    );

    return this.record(orderId, async (tx, current) => {
      const row = await this.transactions.update(
        transactionId,
        {
          status: 'complete',
          capturedAmount: transaction.amount,
          // Given: overwrite; "": clear; omitted: keep.
          ...(dto.custom_reference !== undefined ? { customReference: dto.custom_reference === '' ? null : dto.custom_reference } : {}),
          ...(outcome.paymentIntent ? { paymentIntentStatus: outcome.paymentIntent.status } : {}),
        },
        tx,
      );
      return { row, delta: { authorized: -transaction.amount, paid: transaction.amount, zeroTotal: 'paid' } };
    });
  }

  // ---------- POST .../transactions/:id/refund ----------

  async refund(orderId: string, transactionId: string, dto: RefundTransactionDto) {
    const { transaction } = await this.load(orderId, transactionId);
    const amount = this.refundAmount(transaction, dto.amount);
    const won = await this.transactions.claim(
      transactionId,
      {
        orderId,
        status: 'complete',
        transactionType: { in: REFUNDABLE_TYPES },
        refundedAmount: { lte: transaction.amount - amount },
      },
      { refundedAmount: { increment: amount } },
    );
    if (!won) {
      const fresh = (await this.transactions.findById(transactionId)) ?? transaction;
      this.refundAmount(fresh, dto.amount); // throws the precise reason when there is one
      throw new UnprocessableError('Transaction cannot be refunded', 'The transaction changed while the refund was being made; retry');
    }

    const gateway = this.gateways.get(transaction.gateway);
    // No amount = "mark as refunded": the service only records it (Elastic Path's docs: no money is moved).
    if (dto.amount !== undefined) {
      await this.callGateway(
        gateway,
        () => gateway.refund(this.ref(transaction), amount),
        () => this.transactions.claim(transactionId, {}, { refundedAmount: { decrement: amount } }),
      );
    }

    return this.record(orderId, async (tx) => {
      const row = await this.transactions.update(
        transactionId,
        { transactionType: 'refund', refundMechanism: dto.amount !== undefined && gateway.paymentIntents ? 'automatic' : 'manual' },
        tx,
      );
      return { row, delta: { refunded: amount } };
    });
  }

  // ---------- POST .../transactions/:id/confirm ----------

  async confirm(orderId: string, transactionId: string, dto: ConfirmTransactionDto) {
    const { order, transaction } = await this.load(orderId, transactionId);
    const gateway = this.gateways.get(transaction.gateway);
    if (!gateway.supports('confirm')) {
      throw new UnprocessableError('Unsupported gateway operation', `Confirmation is not supported for ${gateway.label} payment gateway`);
    }
    if (dto.gateway !== undefined && !this.gateways.sameGateway(dto.gateway, transaction.gateway)) {
      throw new UnprocessableError(
        'Transaction cannot be confirmed',
        `The transaction was paid through the ${transaction.gateway} gateway; it cannot be confirmed through "${dto.gateway}"`,
        'data.gateway',
      );
    }
    this.assertConfirmable(transaction);
    this.assertNotCancelled(order, 'confirmed');
    const won = await this.transactions.claim(
      transactionId,
      { orderId, status: 'pending', transactionType: transaction.transactionType, paymentIntentStatus: transaction.paymentIntentStatus },
      { paymentIntentStatus: CONFIRMING },
    );
    if (!won) {
      this.assertConfirmable((await this.transactions.findById(transactionId)) ?? transaction);
      throw new UnprocessableError('Transaction cannot be confirmed', 'The transaction is already being confirmed or cancelled');
    }

    const outcome = await this.callGateway(
      gateway,
      () => gateway.confirm(this.ref(transaction), { payment: dto.payment }),
      () => this.transactions.claim(transactionId, { paymentIntentStatus: CONFIRMING }, { paymentIntentStatus: transaction.paymentIntentStatus }),
    );

    const applyOutcome = async (tx: Db) => {
      const row = await this.transactions.update(
        transactionId,
        { status: outcome.status, paymentIntentStatus: outcome.paymentIntent?.status ?? transaction.paymentIntentStatus },
        tx,
      );
      const delta: OrderDelta | undefined =
        outcome.status !== 'complete'
          ? undefined
          : transaction.transactionType === 'authorize'
            ? { authorized: transaction.amount, zeroTotal: 'authorized' }
            : { paid: transaction.amount, zeroTotal: 'paid' };
      return { row, delta };
    };
    return this.record(orderId, applyOutcome, presentTransactionWithClientSecret);
  }

  // ---------- POST .../transactions/:id/cancel ----------

  async cancel(orderId: string, transactionId: string, dto: CancelTransactionDto) {
    const { transaction } = await this.load(orderId, transactionId);
    const gateway = this.gateways.get(transaction.gateway);
    if (!gateway.supports('cancel')) {
      throw new UnprocessableError('Unsupported gateway operation', `Cancellation is not supported for ${gateway.label} payment gateway`);
    }
    this.assertCancellable(transaction);
    const won = await this.transactions.claim(
      transactionId,
      { orderId, status: transaction.status, transactionType: transaction.transactionType, paymentIntentStatus: transaction.paymentIntentStatus },
      { status: 'pending', paymentIntentStatus: CANCELING },
    );
    if (!won) {
      this.assertCancellable((await this.transactions.findById(transactionId)) ?? transaction);
      throw new UnprocessableError('Transaction cannot be cancelled', 'The transaction is already being confirmed, captured or cancelled');
    }

    const outcome = await this.callGateway(
      gateway,
      () => gateway.cancel(this.ref(transaction), { reason: dto.reason }),
      () =>
        this.transactions.claim(
          transactionId,
          { paymentIntentStatus: CANCELING },
          { status: transaction.status, paymentIntentStatus: transaction.paymentIntentStatus },
        ),
    );

    return this.record(orderId, async (tx) => {
      const row = await this.transactions.update(
        transactionId,
        { status: 'cancelled', paymentIntentStatus: outcome.paymentIntent?.status ?? 'canceled' },
        tx,
      );
      // Voiding a complete authorization releases what it reserved on the order.
      const delta: OrderDelta | undefined = transaction.status === 'complete' ? { authorized: -transaction.amount, zeroTotal: 'unpaid' } : undefined;
      return { row, delta };
    });
  }

  // ---------- helpers ----------

  private async requireOrder(orderId: string): Promise<Order> {
    const order = await this.orders.find(orderId);
    if (!order) throw new NotFoundError('Order');
    return order;
  }

  private async load(orderId: string, transactionId: string): Promise<{ order: Order; transaction: Transaction }> {
    const order = await this.requireOrder(orderId);
    const transaction = await this.transactions.findForOrder(orderId, transactionId);
    if (!transaction) throw new NotFoundError('Transaction');
    return { order, transaction };
  }

  private ref(t: Transaction): GatewayTransactionRef {
    return { id: t.id, reference: t.reference, amount: t.amount, currency: t.currency, transactionType: t.transactionType };
  }

  private assertPayable(order: Order) {
    if (order.status === 'cancelled') throw new UnprocessableError('Order cannot be paid', 'The order is cancelled');
  }

  private assertNotCancelled(order: Order, what: string) {
    if (order.status === 'cancelled') throw new UnprocessableError('Order is cancelled', `A transaction of a cancelled order cannot be ${what}`);
  }

  /** The amount a new payment may take: the requested one, or the balance owing; refuses what is not payable. */
  private paymentAmount(order: Order, requested: number | undefined): number {
    this.assertPayable(order);
    const balance = balanceOwing(order);
    const zeroTotalUnpaid = order.withTax === 0 && order.payment === 'unpaid';
    if (['paid', 'authorized', 'refunded'].includes(order.payment) || (balance === 0 && !zeroTotalUnpaid)) {
      throw new UnprocessableError('Payment not required', `The order is already ${order.payment.replace('_', ' ')} and has no balance owing`);
    }
    const amount = requested ?? balance;
    if (amount > balance) {
      throw new UnprocessableError('Payment amount exceeds the balance owing', `The amount ${amount} is greater than the balance owing of ${balance}`);
    }
    return amount;
  }

  private cannotCapture(t: Transaction): ApiError {
    return new UnprocessableError(
      'Transaction cannot be captured',
      `Only a complete authorize transaction can be captured; this transaction is ${t.transactionType} with status ${t.status}`,
    );
  }

  private refundAmount(t: Transaction, requested: number | undefined): number {
    if (!REFUNDABLE_TYPES.includes(t.transactionType) || t.status !== 'complete') {
      throw new UnprocessableError(
        'Transaction cannot be refunded',
        `Only a complete purchase or capture can be refunded; this transaction is ${t.transactionType} with status ${t.status}`,
      );
    }
    const remaining = t.amount - t.refundedAmount;
    if (remaining <= 0) throw new UnprocessableError('Transaction cannot be refunded', 'The transaction is already fully refunded');
    const amount = requested ?? remaining;
    if (amount > remaining) {
      throw new UnprocessableError('Refund amount exceeds the amount available', `The amount ${amount} is greater than the ${remaining} that remains to be refunded`);
    }
    return amount;
  }

  private assertConfirmable(t: Transaction) {
    if (t.status !== 'pending' || !['purchase', 'authorize'].includes(t.transactionType) || IN_FLIGHT.includes(t.paymentIntentStatus ?? '')) {
      throw new UnprocessableError(
        'Transaction cannot be confirmed',
        IN_FLIGHT.includes(t.paymentIntentStatus ?? '')
          ? 'The transaction is already being confirmed or cancelled'
          : `Only a pending payment can be confirmed; this transaction is ${t.transactionType} with status ${t.status}`,
      );
    }
  }

  private assertCancellable(t: Transaction) {
    const pendingPayment = t.status === 'pending' && ['purchase', 'authorize'].includes(t.transactionType) && !IN_FLIGHT.includes(t.paymentIntentStatus ?? '');
    const openAuthorization = t.status === 'complete' && t.transactionType === 'authorize';
    if (!pendingPayment && !openAuthorization) {
      throw new UnprocessableError(
        'Transaction cannot be cancelled',
        `Only a pending payment or a complete authorization can be cancelled; this transaction is ${t.transactionType} with status ${t.status}`,
      );
    }
  }

  /**
   * Calls the gateway outside any database transaction. On failure runs `undo` (gives the claim back) and
   * answers 422 (the gateway refused, with its message) or 502 (no usable answer).
   */
  private async callGateway<T>(gateway: PaymentGateway, call: () => Promise<T>, undo?: () => Promise<unknown>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (undo) await undo();
      if (err instanceof PaymentGatewayError) {
        if (err.kind === 'declined') throw new UnprocessableError('Payment gateway processing failed', err.message);
        throw new ApiError(502, 'Bad Gateway', `${gateway.label}: ${err.message}`);
      }
      throw err;
    }
  }

  /** Step 3: one short transaction with the order row locked: the transaction row, the order, the events. */
  private record(
    orderId: string,
    change: (tx: Db, order: Order) => Promise<{ row: Transaction; delta?: OrderDelta }>,
    present: (row: Transaction) => Record<string, unknown> = presentTransaction,
  ) {
    return this.prisma.$transaction(async (tx) => {
      await this.orders.lock(orderId, tx);
      const order = (await this.orders.find(orderId, tx))!;
      const { row, delta } = await change(tx, order);
      const presented = present(row);
      await this.events.publish(tx, 'transaction.updated', transactionEventPayload(row));
      if (delta) await this.applyToOrder(tx, order, delta);
      return presented;
    }, TX_OPTIONS);
  }

  /** Moves the order's amounts, derives payment/status, and publishes the order events. */
  private async applyToOrder(tx: Db, order: Order, delta: OrderDelta) {
    const next = nextOrderState(order, delta);
    const updated = await this.orders.updatePaymentState(order.id, next, tx);
    const specific = next.payment !== order.payment ? PAYMENT_EVENTS[next.payment] : undefined;
    await this.events.publish(tx, specific ? [specific, 'order.updated'] : ['order.updated'], orderEventPayload(updated));
  }
}
