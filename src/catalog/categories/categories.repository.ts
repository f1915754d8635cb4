import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../../common/list-query';
import { Category, Prisma } from '../../generated/prisma/client';
import type { CategoryRow } from './categories.presenter';
import { Db, PrismaService } from '../../prisma/prisma.service';

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/** The filters and sorts Elastic Path documents for categories, plus `id` and the timestamps for keyset walks. */
export const CATEGORIES_SPEC: ListResourceSpec = {
  fields: {
    id: { column: 'id', type: 'uuid', ops: [...CMP, 'in'], sortable: true },
    name: { column: 'name', type: 'string', ops: ['eq', 'like'], sortable: true },
    slug: { column: 'slug', type: 'string', ops: ['eq', 'like'], sortable: true },
    status: { column: 'status', type: 'string', ops: ['eq'], sortable: true },
    description: { column: 'description', type: 'string', sortable: true },
    created_at: { column: 'createdAt', type: 'datetime', ops: [...CMP], sortable: true },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: [...CMP], sortable: true },
  },
  defaultSort: 'created_at',
};

const LIVE = { status: 'live' };

@Injectable()
export class CategoriesRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(data: Prisma.CategoryUncheckedCreateInput, db: Db = this.prisma) {
    return { ...(await db.category.create({ data })), productIds: [] };
  }

  /** `liveProductsOnly`: link only live products (what a storefront token may see). */
  async find(id: string, db: Db = this.prisma, liveProductsOnly = false) {
    const row = await db.category.findUnique({ where: { id } });
    return row && (await this.withProductIds([row], db, liveProductsOnly))[0];
  }

  /** Categories by id with their product links (one more query for all of them); `liveOnly`: categories and products. */
  async findMany(ids: string[], liveOnly: boolean, db: Db = this.prisma) {
    const rows = await db.category.findMany({ where: { id: { in: ids }, ...(liveOnly ? LIVE : {}) }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return this.withProductIds(rows, db, liveOnly);
  }

  async all(liveOnly: boolean, db: Db = this.prisma) {
    const rows = await db.category.findMany({ where: liveOnly ? LIVE : {}, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
    return this.withProductIds(rows, db, liveOnly);
  }

  slugTaken(slug: string, exceptId: string | undefined, db: Db = this.prisma) {
    return db.category.findFirst({ where: { slug, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } });
  }

  async update(id: string, data: Prisma.CategoryUncheckedUpdateInput, db: Db = this.prisma) {
    return (await this.withProductIds([await db.category.update({ where: { id }, data })], db))[0];
  }

  delete(id: string, db: Db = this.prisma) {
    return db.category.delete({ where: { id } });
  }

  async list(q: ListQuery, liveOnly: boolean, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, CATEGORIES_SPEC);
    const where = (liveOnly ? { AND: [args.where, LIVE] } : args.where) as Prisma.CategoryWhereInput;
    return loadPage(q, {
      items: async () => this.withProductIds(await db.category.findMany({ ...(args as Prisma.CategoryFindManyArgs), where }), db, liveOnly),
      countMatching: () => db.category.count({ where }),
      countAll: () => db.category.count({ where: liveOnly ? LIVE : {} }),
    });
  }

  /**
   * The product ids of each category, oldest link first, as one aggregated row per category: a category
   * can hold thousands of products, and one row per link through Prisma's relation loading cost ~10 µs
   * each. The ids come as one comma-joined string: node-postgres parses a uuid[] character by character,
   * which took 15 % of an uncached product page's CPU.
   */
  private async withProductIds<T extends Category>(rows: T[], db: Db, liveProductsOnly = false): Promise<(T & Pick<CategoryRow, 'productIds'>)[]> {
    if (rows.length === 0) return [];
    const liveProducts = liveProductsOnly ? Prisma.sql`JOIN products p ON p.id = pc.product_id AND p.status = 'live'` : Prisma.empty;
    const links = await db.$queryRaw<{ category_id: string; product_ids: string }[]>`
      SELECT pc.category_id::text AS category_id, string_agg(pc.product_id::text, ',' ORDER BY pc.created_at, pc.product_id) AS product_ids
      FROM product_categories pc ${liveProducts}
      WHERE pc.category_id = ANY(${rows.map((r) => r.id)}::uuid[]) GROUP BY pc.category_id`;
    const byCategory = new Map(links.map((l) => [l.category_id, l.product_ids.split(',')]));
    return rows.map((row) => ({ ...row, productIds: byCategory.get(row.id) ?? [] }));
  }
}
