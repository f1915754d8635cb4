import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { ACCOUNT_ADDRESS_WIRE } from './account-address.wire';

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

export const ACCOUNT_ADDRESSES_SPEC: ListResourceSpec = ACCOUNT_ADDRESS_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
    created_at: { column: 'createdAt', type: 'datetime', ops: [...CMP], sortable: true },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: [...CMP], sortable: true },
  },
});

@Injectable()
export class AccountAddressesRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: Prisma.AccountAddressUncheckedCreateInput, db: Db = this.prisma) {
    return db.accountAddress.create({ data });
  }

  /** The address, if it is one of `accountId`'s. */
  find(accountId: string, id: string, db: Db = this.prisma) {
    return db.accountAddress.findFirst({ where: { id, accountId } });
  }

  update(id: string, data: Prisma.AccountAddressUncheckedUpdateInput, db: Db = this.prisma) {
    return db.accountAddress.update({ where: { id }, data });
  }

  delete(id: string, db: Db = this.prisma) {
    return db.accountAddress.delete({ where: { id } });
  }

  async list(accountId: string, q: ListQuery, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, ACCOUNT_ADDRESSES_SPEC);
    const where: Prisma.AccountAddressWhereInput = { AND: [(args.where ?? {}) as Prisma.AccountAddressWhereInput, { accountId }] };
    return loadPage(q, {
      items: () => db.accountAddress.findMany({ ...(args as Prisma.AccountAddressFindManyArgs), where }),
      countMatching: () => db.accountAddress.count({ where }),
      countAll: () => db.accountAddress.count({ where: { accountId } }),
    });
  }
}
