import { Injectable } from '@nestjs/common';
import { FilterOp, FilterValue, ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { CUSTOMER_WIRE } from './customer.wire';

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/** The key an email is unique by: the same address in any case is the same customer. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** `eq(email,…)` matches whatever the case, as the uniqueness does. */
function byEmail(_op: FilterOp, values: FilterValue[]) {
  return { emailKey: { equals: emailKey(String(values[0])) } };
}

export const CUSTOMERS_SPEC: ListResourceSpec = CUSTOMER_WIRE.listSpec({
  defaultSort: 'created_at',
  order: ['id', 'email'],
  more: {
    // The key an email is unique by, not the address as written.
    email: { column: 'emailKey', type: 'string', ops: ['eq'], toWhere: byEmail, sortable: true },
    created_at: { column: 'createdAt', type: 'datetime', ops: [...CMP], sortable: true },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: [...CMP], sortable: true },
  },
});

@Injectable()
export class CustomersRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: Prisma.CustomerCreateInput, db: Db = this.prisma) {
    return db.customer.create({ data });
  }

  find(id: string, db: Db = this.prisma) {
    return db.customer.findUnique({ where: { id } });
  }

  findByEmail(email: string, db: Db = this.prisma) {
    return db.customer.findUnique({ where: { emailKey: emailKey(email) } });
  }

  update(id: string, data: Prisma.CustomerUpdateInput, db: Db = this.prisma) {
    return db.customer.update({ where: { id }, data });
  }

  delete(id: string, db: Db = this.prisma) {
    return db.customer.delete({ where: { id } });
  }

  async list(q: ListQuery, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, CUSTOMERS_SPEC);
    return loadPage(q, {
      items: () => db.customer.findMany(args as Prisma.CustomerFindManyArgs),
      countMatching: () => db.customer.count({ where: args.where as Prisma.CustomerWhereInput }),
      countAll: () => db.customer.count(),
    });
  }

  createToken(data: { customerId: string; tokenHash: string; expiresAt: Date }, db: Db = this.prisma) {
    return db.customerToken.create({ data });
  }

  /** The token's row while it is valid; expired rows are never answered. */
  findLiveToken(tokenHash: string, now: Date, db: Db = this.prisma) {
    return db.customerToken.findFirst({ where: { tokenHash, expiresAt: { gt: now } } });
  }

  /** Every token of the customer: a password or email change ends the sessions signed in before it. */
  deleteTokens(customerId: string, db: Db = this.prisma) {
    return db.customerToken.deleteMany({ where: { customerId } });
  }

  /** Run when a customer signs in, so their spent tokens do not pile up. */
  deleteExpiredTokens(customerId: string, before: Date, db: Db = this.prisma) {
    return db.customerToken.deleteMany({ where: { customerId, expiresAt: { lte: before } } });
  }
}
