import { Injectable } from '@nestjs/common';
import type { PageParams } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import type { SerializedPage } from '../common/http/response-document';
import { PageRow, PageStatement, pageStatementSql, serializedPageOf } from '../common/wire/page-statement';
import { TRANSACTION_WIRE } from './transaction.wire';
import { IN_FLIGHT_MARKERS, isInFlight, TransactionState, TransactionStatus, TransactionType } from './transaction-lifecycle';

/** Rows in one of `states` (see `transactionState`): the condition of a claim, built from the lifecycle table. */
export function whereInStates(states: readonly TransactionState[]): Prisma.TransactionWhereInput {
  return { OR: states.map(whereInState) };
}

function whereInState(state: TransactionState): Prisma.TransactionWhereInput {
  const [transactionType, rest] = state.split(' ');
  if (isInFlight(rest)) return { transactionType, status: 'pending', paymentIntentStatus: rest };
  if (rest !== 'pending') return { transactionType, status: rest };
  // Pending and no gateway call in flight (a NULL marker included).
  return { transactionType, status: rest, OR: [{ paymentIntentStatus: null }, { paymentIntentStatus: { notIn: [...IN_FLIGHT_MARKERS] } }] };
}

@Injectable()
export class TransactionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** One page of an order's transactions, oldest first (created_at, then id), and how many it has. */
  async pageForOrder(orderId: string, { limit, offset }: PageParams, db: Db = this.prisma) {
    const where = { orderId };
    const [items, total] = await Promise.all([
      db.transaction.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip: offset, take: limit }),
      db.transaction.count({ where }),
    ]);
    return { items, total };
  }

  /**
   * The same page written as JSON text by the database, with its count, in one statement (see transaction.wire.ts
   * and page-statement.ts).
   */
  async serializedPageForOrder(orderId: string, q: PageParams): Promise<SerializedPage | null> {
    const statement: PageStatement = {
      table: 'transactions',
      matching: Prisma.sql`t.order_id = ${orderId}::uuid`,
      unfiltered: null,
      orderBy: Prisma.sql`t.created_at ASC, t.id ASC`,
      json: TRANSACTION_WIRE.jsonSql(Prisma.sql`t`, undefined),
      type: 'transaction',
      includes: [],
    };
    return serializedPageOf(await this.prisma.queryPrepared<PageRow>(pageStatementSql(statement, q)), statement, q);
  }

  /** A transaction id under another order is not found. */
  findForOrder(orderId: string, id: string, db: Db = this.prisma) {
    return db.transaction.findFirst({ where: { id, orderId } });
  }

  create(data: Prisma.TransactionUncheckedCreateInput & { transactionType: TransactionType; status: TransactionStatus }, db: Db = this.prisma) {
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
