import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';

@Injectable()
export class TransactionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Oldest first (created_at, then id). */
  listForOrder(orderId: string, db: Db = this.prisma) {
    return db.transaction.findMany({ where: { orderId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /** A transaction id under another order is not found. */
  findForOrder(orderId: string, id: string, db: Db = this.prisma) {
    return db.transaction.findFirst({ where: { id, orderId } });
  }

  create(data: Prisma.TransactionUncheckedCreateInput, db: Db = this.prisma) {
    return db.transaction.create({ data });
  }

  /**
   * Conditional update (one UPDATE ... WHERE): the caller's expected state is part of the WHERE, so of N
   * concurrent claims exactly the ones whose expectation still holds succeed. Returns how many rows changed.
   */
  async claim(id: string, expected: Prisma.TransactionWhereInput, data: Prisma.TransactionUpdateManyMutationInput, db: Db = this.prisma) {
    const { count } = await db.transaction.updateMany({ where: { ...expected, id }, data });
    return count;
  }

  update(id: string, data: Prisma.TransactionUpdateInput, db: Db = this.prisma) {
    return db.transaction.update({ where: { id }, data });
  }

  findById(id: string, db: Db = this.prisma) {
    return db.transaction.findUnique({ where: { id } });
  }
}
