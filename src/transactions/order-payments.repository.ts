import { Injectable } from '@nestjs/common';
import type { OrderPaymentStatus } from '../orders/order-payment-lifecycle';
import type { OrderStatus } from '../orders/order-status-lifecycle';
import { Db, PrismaService } from '../prisma/prisma.service';

/**
 * The payment state columns of `orders` (authorized/paid/refunded amounts, `payment`, `status`), read and
 * written here so they change in the SAME database transaction as the payment transaction that moves them.
 * This is the one documented exception to "a module queries only its own tables": the orders module owns
 * the rest of the order (items, addresses, fulfilment) and its HTTP routes; nothing else is written here.
 */
@Injectable()
export class OrderPaymentsRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(orderId: string, db: Db = this.prisma) {
    return db.order.findUnique({ where: { id: orderId } });
  }

  /** Locks the order row until the surrounding transaction ends (serialises payment changes per order). */
  async lock(orderId: string, db: Db) {
    await db.$queryRaw`SELECT id FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
  }

  findWithItems(orderId: string, db: Db = this.prisma) {
    return db.order.findUnique({ where: { id: orderId }, include: { items: true } });
  }

  updatePaymentState(
    orderId: string,
    data: { authorizedAmount: number; paidAmount: number; refundedAmount: number; payment: OrderPaymentStatus; status: OrderStatus },
    db: Db = this.prisma,
  ) {
    return db.order.update({ where: { id: orderId }, data, include: { items: true } });
  }
}
