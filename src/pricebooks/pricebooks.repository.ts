import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaListArgs, toPrismaWhere } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { PRICE_WIRE } from './price.wire';
import { PRICEBOOK_WIRE } from './pricebook.wire';

const TIMES = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

export const PRICEBOOKS_SPEC: ListResourceSpec = PRICEBOOK_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
    external_ref: { column: 'externalRef', type: 'string', ops: ['eq'] },
    created_at: { column: 'createdAt', type: 'datetime', ops: [...TIMES] },
  },
});

/** A book's prices: `eq`/`in` on `sku` read the (book, sku) index, the page the (book, created_at, id) one. */
export const BOOK_PRICES_SPEC: ListResourceSpec = PRICE_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
    sku: { column: 'sku', type: 'string', ops: ['eq', 'in'] },
    external_ref: { column: 'externalRef', type: 'string', ops: ['eq'] },
    created_at: { column: 'createdAt', type: 'datetime', ops: [...TIMES] },
  },
});

/** Prices across every book (`GET /pcm/pricebooks/prices`). */
export const ALL_PRICES_SPEC: ListResourceSpec = PRICE_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
    id: { column: 'id', type: 'uuid', ops: ['eq', 'in'] },
    sku: { column: 'sku', type: 'string', ops: ['eq', 'in', 'like'] },
    external_ref: { column: 'externalRef', type: 'string', ops: ['eq', 'in', 'like'] },
    created_at: { column: 'createdAt', type: 'datetime', ops: ['gt', 'lt'] },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: ['gt', 'lt'] },
  },
});

const PAGE_ORDER: Prisma.PriceBookPriceOrderByWithRelationInput[] = [{ createdAt: 'asc' }, { id: 'asc' }];

@Injectable()
export class PricebooksRepository {
  constructor(private readonly prisma: PrismaService) {}

  // ---------- price books ----------

  createBook(data: Prisma.PriceBookCreateInput, db: Db = this.prisma) {
    return db.priceBook.create({ data });
  }

  findBook(id: string, db: Db = this.prisma) {
    return db.priceBook.findUnique({ where: { id } });
  }

  /** Locks a book for the rest of the transaction; false when there is none. */
  async lockBook(id: string, db: Db): Promise<boolean> {
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM price_books WHERE id = ${id}::uuid FOR UPDATE`;
    return rows.length > 0;
  }

  updateBook(id: string, data: Prisma.PriceBookUpdateInput, db: Db = this.prisma) {
    return db.priceBook.update({ where: { id }, data });
  }

  /** Its prices go with it (foreign key cascades). */
  deleteBook(id: string, db: Db = this.prisma) {
    return db.priceBook.delete({ where: { id } });
  }

  listBooks(q: ListQuery, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, PRICEBOOKS_SPEC);
    return loadPage(q, {
      items: () => db.priceBook.findMany(args as Prisma.PriceBookFindManyArgs),
      countMatching: () => db.priceBook.count({ where: args.where as Prisma.PriceBookWhereInput }),
      countAll: () => db.priceBook.count(),
    });
  }

  // ---------- prices ----------

  createPrice(data: Prisma.PriceBookPriceUncheckedCreateInput, db: Db = this.prisma) {
    return db.priceBookPrice.create({ data });
  }

  findPrice(priceBookId: string, id: string, db: Db = this.prisma) {
    return db.priceBookPrice.findFirst({ where: { id, priceBookId } });
  }

  findBySku(priceBookId: string, sku: string, db: Db = this.prisma) {
    return db.priceBookPrice.findUnique({ where: { priceBookId_sku: { priceBookId, sku } } });
  }

  updatePrice(id: string, data: Prisma.PriceBookPriceUncheckedUpdateInput, db: Db = this.prisma) {
    return db.priceBookPrice.update({ where: { id }, data });
  }

  deletePrice(id: string, db: Db = this.prisma) {
    return db.priceBookPrice.delete({ where: { id } });
  }

  /** A page of one book's prices, or of every book's (`priceBookId` undefined). */
  listPrices(priceBookId: string | undefined, q: ListQuery, spec: ListResourceSpec, db: PrismaService = this.prisma) {
    const scope: Prisma.PriceBookPriceWhereInput = priceBookId !== undefined ? { priceBookId } : {};
    const filter = toPrismaWhere(q, spec) as Prisma.PriceBookPriceWhereInput;
    const where: Prisma.PriceBookPriceWhereInput = q.filter ? { AND: [scope, filter] } : scope;
    return loadPage(q, {
      items: () => db.priceBookPrice.findMany({ where, orderBy: PAGE_ORDER, skip: q.offset, take: q.limit }),
      countMatching: () => db.priceBookPrice.count({ where }),
      countAll: () => db.priceBookPrice.count({ where: scope }),
    });
  }

  /** The prices of the given SKUs in one book, in one query. */
  pricesOfSkus(priceBookId: string, skus: string[], db: Db = this.prisma) {
    return db.priceBookPrice.findMany({ where: { priceBookId, sku: { in: skus } }, select: { sku: true, currencies: true } });
  }
}
