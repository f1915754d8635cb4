import { Injectable } from '@nestjs/common';
import { EventName } from '../events/event-names';
import { EventsPublisher } from '../events/events.publisher';
import type { Order, Transaction } from '../generated/prisma/client';
import type { OrderPaymentStatus } from '../orders/order-payment-lifecycle';
import { orderEventPayload } from '../orders/order.presenter';
import { Db, PrismaService } from '../prisma/prisma.service';
import { nextOrderState, OrderAmountsDelta } from './order-payment-state';
import { OrderPaymentsRepository } from './order-payments.repository';
import { presentTransaction, transactionEventPayload } from './transaction.presenter';

/** The order event a payment-state change fires besides `order.updated`. */
const PAYMENT_EVENTS: Partial<Record<OrderPaymentStatus, EventName>> = { authorized: 'order.authorized', paid: 'order.paid', refunded: 'order.refunded' };

export interface RecordOptions {
  present?: (row: Transaction) => Record<string, unknown>;
  event?: 'transaction.created' | 'transaction.updated';
}

/**
 * The last step of every payment operation: in one short database transaction with the order row locked,
 * writes the transaction row, moves the order's amounts and statuses, and publishes the outbox events.
 */
@Injectable()
export class TransactionOutcomeRecorder {
  constructor(
    private readonly prisma: PrismaService,
    private readonly orders: OrderPaymentsRepository,
    private readonly events: EventsPublisher,
  ) {}

  /** `change` writes the row (it sees the locked order) and says how the order's amounts move, if they do. */
  record(
    orderId: string,
    change: (tx: Db, order: Order) => Promise<{ row: Transaction; delta?: OrderAmountsDelta }>,
    { present = presentTransaction, event = 'transaction.updated' }: RecordOptions = {},
  ) {
    return this.prisma.$transaction(async (tx) => {
      await this.orders.lock(orderId, tx);
      const order = (await this.orders.find(orderId, tx))!;
      const { row, delta } = await change(tx, order);
      const presented = present(row);
      await this.events.publish(tx, event, transactionEventPayload(row));
      if (delta) await this.applyToOrder(tx, order, delta);
      return presented;
    });
  }

  /** Moves the order's amounts, derives payment/status, and publishes the order events. */
  private async applyToOrder(tx: Db, order: Order, delta: OrderAmountsDelta) {
    const next = nextOrderState(order, delta);
    const updated = await this.orders.updatePaymentState(order.id, next, tx);
    const specific = next.payment !== order.payment ? PAYMENT_EVENTS[next.payment] : undefined;
    await this.events.publish(tx, specific ? [specific, 'order.updated'] : ['order.updated'], orderEventPayload(updated));
  }
}
