import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaListArgs, toPrismaWhere } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { TRANSACTION_WIRE, type StockAction } from './transaction.wire';

export const TRANSACTIONS_SPEC: ListResourceSpec = TRANSACTION_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
    action: { column: 'action', type: 'string', ops: ['eq', 'in'] },
    location: { column: 'location', type: 'string', ops: ['eq', 'in'] },
    created_at: { column: 'createdAt', type: 'datetime', ops: ['eq', 'gt', 'ge', 'lt', 'le'], sortable: true },
  },
});

@Injectable()
export class TransactionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: { productId: string; action: StockAction; quantity: number; location: string | null }, db: Db) {
    return db.inventoryTransaction.create({ data });
  }

  find(productId: string, id: string, db: Db = this.prisma) {
    return db.inventoryTransaction.findFirst({ where: { id, productId } });
  }

  list(productId: string, q: ListQuery, db: PrismaService = this.prisma) {
    const scope: Prisma.InventoryTransactionWhereInput = { productId };
    const where: Prisma.InventoryTransactionWhereInput = q.filter ? { AND: [scope, toPrismaWhere(q, TRANSACTIONS_SPEC) as Prisma.InventoryTransactionWhereInput] } : scope;
    const { orderBy } = toPrismaListArgs(q, TRANSACTIONS_SPEC);
    return loadPage(q, {
      items: () => db.inventoryTransaction.findMany({ where, orderBy: orderBy as Prisma.InventoryTransactionOrderByWithRelationInput[], skip: q.offset, take: q.limit }),
      countMatching: () => db.inventoryTransaction.count({ where }),
      countAll: () => db.inventoryTransaction.count({ where: scope }),
    });
  }
}
