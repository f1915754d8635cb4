import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors/api-error';
import { page, PageParams } from '../common/list-query';
import type { Order, Transaction } from '../generated/prisma/client';
import { OrderPaymentsRepository } from './order-payments.repository';
import { presentTransaction } from './transaction.presenter';
import { TransactionsRepository } from './transactions.repository';

/** Reading an order's transactions; the order and transaction lookups every payment operation starts from. */
@Injectable()
export class TransactionsService {
  constructor(
    private readonly transactions: TransactionsRepository,
    private readonly orders: OrderPaymentsRepository,
  ) {}

  async list(orderId: string, q: PageParams) {
    await this.requireOrder(orderId);
    const serialized = await this.transactions.serializedPageForOrder(orderId, q);
    if (serialized) return serialized;
    const { items, total } = await this.transactions.pageForOrder(orderId, q);
    return page(items.map(presentTransaction), total, q);
  }

  async get(orderId: string, transactionId: string) {
    const { transaction } = await this.load(orderId, transactionId);
    return presentTransaction(transaction);
  }

  async requireOrder(orderId: string): Promise<Order> {
    const order = await this.orders.find(orderId);
    if (!order) throw new NotFoundError('Order');
    return order;
  }

  /** The order and one of its transactions (a transaction of another order is not found). */
  async load(orderId: string, transactionId: string): Promise<{ order: Order; transaction: Transaction }> {
    const order = await this.requireOrder(orderId);
    const transaction = await this.transactions.findForOrder(orderId, transactionId);
    if (!transaction) throw new NotFoundError('Transaction');
    return { order, transaction };
  }
}
