import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { CURRENCY_WIRE } from './currency.wire';

export const CURRENCIES_SPEC: ListResourceSpec = CURRENCY_WIRE.listSpec({
  defaultSort: 'created_at',
  more: { created_at: { column: 'createdAt', type: 'datetime', ops: ['eq', 'gt', 'ge', 'lt', 'le'], sortable: true } },
});

@Injectable()
export class CurrenciesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Takes the currencies' write lock (the default currency's row) for the rest of the transaction, so that
   * writes that check the count or move the default run one at a time.
   */
  async lockForWrite(db: Db) {
    await db.$queryRaw`SELECT id FROM currencies WHERE is_default FOR UPDATE`;
  }

  create(data: Prisma.CurrencyCreateInput, db: Db = this.prisma) {
    return db.currency.create({ data });
  }

  find(id: string, db: Db = this.prisma) {
    return db.currency.findUnique({ where: { id } });
  }

  findByCode(code: string, db: Db = this.prisma) {
    return db.currency.findUnique({ where: { code } });
  }

  count(db: Db = this.prisma) {
    return db.currency.count();
  }

  all(db: Db = this.prisma) {
    return db.currency.findMany();
  }

  /** Clears the default mark from whichever currency has it. */
  clearDefault(db: Db) {
    return db.currency.updateMany({ where: { isDefault: true }, data: { isDefault: null } });
  }

  update(id: string, data: Prisma.CurrencyUpdateInput, db: Db = this.prisma) {
    return db.currency.update({ where: { id }, data });
  }

  delete(id: string, db: Db = this.prisma) {
    return db.currency.delete({ where: { id } });
  }

  async list(q: ListQuery, onlyEnabled: boolean, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, CURRENCIES_SPEC);
    const where = (onlyEnabled ? { AND: [args.where ?? {}, { enabled: true }] } : args.where) as Prisma.CurrencyWhereInput;
    return loadPage(q, {
      items: () => db.currency.findMany({ ...(args as Prisma.CurrencyFindManyArgs), where }),
      countMatching: () => db.currency.count({ where }),
      countAll: () => db.currency.count(onlyEnabled ? { where: { enabled: true } } : undefined),
    });
  }
}
