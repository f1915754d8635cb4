import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { ACCOUNT_WIRE } from './account.wire';

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

export const ACCOUNTS_SPEC: ListResourceSpec = ACCOUNT_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
    created_at: { column: 'createdAt', type: 'datetime', ops: [...CMP], sortable: true },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: [...CMP], sortable: true },
  },
});

@Injectable()
export class AccountsRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: Prisma.AccountCreateInput, db: Db = this.prisma) {
    return db.account.create({ data });
  }

  find(id: string, db: Db = this.prisma) {
    return db.account.findUnique({ where: { id } });
  }

  update(id: string, data: Prisma.AccountUpdateInput, db: Db = this.prisma) {
    return db.account.update({ where: { id }, data });
  }

  delete(id: string, db: Db = this.prisma) {
    return db.account.delete({ where: { id } });
  }

  async list(q: ListQuery, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, ACCOUNTS_SPEC);
    return loadPage(q, {
      items: () => db.account.findMany(args as Prisma.AccountFindManyArgs),
      countMatching: () => db.account.count({ where: args.where as Prisma.AccountWhereInput }),
      countAll: () => db.account.count(),
    });
  }
}
