import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { PROMOTION_CODE_WIRE, PROMOTION_WIRE } from './promotion.wire';

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/** `GET /v2/promotions`: oldest first (the order promotions apply in); `eq(code,…)` finds the promotion of a code. */
export const PROMOTIONS_SPEC: ListResourceSpec = PROMOTION_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
    created_at: { column: 'createdAt', type: 'datetime', ops: [...CMP], sortable: true },
    code: { column: 'id', type: 'string', ops: ['eq'], toWhere: (_op, values) => ({ codes: { some: { code: { equals: values[0] } } } }) },
  },
});

export const PROMOTION_CODES_SPEC: ListResourceSpec = PROMOTION_CODE_WIRE.listSpec({
  defaultSort: 'created_at',
  more: { created_at: { column: 'createdAt', type: 'datetime', ops: [...CMP], sortable: true } },
});

const BY_AGE = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];

@Injectable()
export class PromotionsRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: Prisma.PromotionCreateInput, db: Db = this.prisma) {
    return db.promotion.create({ data });
  }

  find(id: string, db: Db = this.prisma) {
    return db.promotion.findUnique({ where: { id } });
  }

  findMany(ids: string[], db: Db = this.prisma) {
    return db.promotion.findMany({ where: { id: { in: ids } }, orderBy: BY_AGE });
  }

  /** Locks the promotion's row until the transaction ends (its codes change one request at a time). */
  async lock(id: string, db: Db) {
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM promotions WHERE id = ${id}::uuid FOR UPDATE`;
    return rows.length > 0;
  }

  update(id: string, data: Prisma.PromotionUpdateInput, db: Db = this.prisma) {
    return db.promotion.update({ where: { id }, data });
  }

  delete(id: string, db: Db = this.prisma) {
    return db.promotion.deleteMany({ where: { id } });
  }

  async list(q: ListQuery, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, PROMOTIONS_SPEC);
    const where = (args.where ?? {}) as Prisma.PromotionWhereInput;
    return loadPage(q, {
      items: () => db.promotion.findMany(args as Prisma.PromotionFindManyArgs),
      countMatching: () => db.promotion.count({ where }),
      countAll: () => db.promotion.count(),
    });
  }

  // ---------- codes ----------

  findCode(code: string, db: Db = this.prisma) {
    return db.promotionCode.findUnique({ where: { code }, include: { promotion: true } });
  }

  existingCodes(codes: string[], db: Db = this.prisma) {
    return db.promotionCode.findMany({ where: { code: { in: codes } }, select: { code: true } });
  }

  createCodes(data: Prisma.PromotionCodeCreateManyInput[], db: Db = this.prisma) {
    return db.promotionCode.createMany({ data });
  }

  async listCodes(promotionId: string, q: ListQuery, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, PROMOTION_CODES_SPEC);
    const where: Prisma.PromotionCodeWhereInput = { AND: [{ promotionId }, (args.where ?? {}) as Prisma.PromotionCodeWhereInput] };
    return loadPage(q, {
      items: () => db.promotionCode.findMany({ ...(args as Prisma.PromotionCodeFindManyArgs), where }),
      countMatching: () => db.promotionCode.count({ where }),
      countAll: () => db.promotionCode.count({ where: { promotionId } }),
    });
  }

  /** Deletes the promotion's codes named by their text (or, for a UUID, by their id). */
  deleteCodes(promotionId: string, codes: string[], ids: string[], db: Db = this.prisma) {
    return db.promotionCode.deleteMany({ where: { promotionId, OR: [{ code: { in: codes } }, ...(ids.length ? [{ id: { in: ids } }] : [])] } });
  }

  deleteAllCodes(promotionId: string, db: Db = this.prisma) {
    return db.promotionCode.deleteMany({ where: { promotionId } });
  }

  /**
   * Spends one use of a code if one is left: one guarded statement, so that two checkouts racing for the last
   * use cannot both take it (the second waits for the first's row lock, then finds no use left).
   */
  async spendCode(codeId: string, db: Db): Promise<boolean> {
    const count = await db.$executeRaw`UPDATE promotion_codes SET used = used + 1 WHERE id = ${codeId}::uuid AND (max_uses IS NULL OR used < max_uses)`;
    return count === 1;
  }

  // ---------- codes applied to carts ----------

  applyToCart(cartId: string, codeId: string, db: Db) {
    return db.cartPromotionCode.createMany({ data: [{ cartId, codeId }], skipDuplicates: true });
  }

  removeFromCart(cartId: string, code: string, db: Db) {
    return db.cartPromotionCode.deleteMany({ where: { cartId, code: { code } } });
  }

  appliedCodes(cartId: string, db: Db) {
    return db.cartPromotionCode.findMany({ where: { cartId }, include: { code: true }, orderBy: BY_AGE });
  }

  /**
   * The promotions a cart may get at `now`, oldest first: enabled, in their dates, of `types`, and either
   * automatic or with a code applied to the cart (that code beside it).
   */
  candidates(cartId: string, now: Date, types: readonly string[], db: Db) {
    return db.promotion.findMany({
      where: {
        enabled: true,
        start: { lte: now },
        end: { gt: now },
        promotionType: { in: [...types] },
        OR: [{ automatic: true }, { codes: { some: { carts: { some: { cartId } } } } }],
      },
      include: { codes: { where: { carts: { some: { cartId } } }, orderBy: BY_AGE, take: 1 } },
      orderBy: BY_AGE,
    });
  }
}
