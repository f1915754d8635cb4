import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../../common/list-query';
import { Category, Prisma } from '../../generated/prisma/client';
import type { CategoryRow } from './categories.presenter';
import { JsonParts, serializedDocument, SerializedDocument } from '../../common/http/response-document';
import { finishedWireParts, jsonArrayParts, ResourceRow, resourceRowsSql, resourceSections } from '../../common/wire/wire-format';
import { PRODUCT_WIRE } from '../products/product.wire';
import { CATEGORY_WIRE } from './category.wire';
import { Db, PrismaService } from '../../prisma/prisma.service';

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/** The filters and sorts Elastic Path documents for categories, plus `id` and the timestamps for keyset walks. */
export const CATEGORIES_SPEC: ListResourceSpec = CATEGORY_WIRE.listSpec({
  defaultSort: 'created_at',
  order: ['id', 'name', 'slug', 'status'],
  more: {
    created_at: { column: 'createdAt', type: 'datetime', ops: [...CMP], sortable: true },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: [...CMP], sortable: true },
  },
});

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

  /** Whether serializedDocument can write a category with these includes (`included` keys). */
  serializes(includeKeys: string[]): boolean {
    return includeKeys.every((key) => key === 'products');
  }

  /**
   * One statement for `GET /categories/{id}` with or without `include=products`: the category and its
   * products written as JSON text by the database from their wire formats, one row per resource
   * (`ResourceRow`). Null when there is no such category (or, for a storefront, no such
   * live one).
   */
  async serializedDocument(id: string, liveOnly: boolean, withProducts: boolean): Promise<SerializedDocument | null> {
    const live = (alias: string) => (liveOnly ? Prisma.sql`AND ${Prisma.raw(alias)}.status = 'live'` : Prisma.empty);
    const products = withProducts
      ? Prisma.sql`SELECT p.* FROM products p WHERE p.id IN (SELECT l.product_id FROM product_categories l JOIN category ON category.id = l.category_id) ${live('p')}`
      : Prisma.sql`SELECT p.* FROM products p WHERE FALSE`;
    const productRows = resourceRowsSql(1, { from: Prisma.raw('included_products'), alias: Prisma.raw('i'), orderBy: Prisma.sql`i.created_at, i.id`, json: PRODUCT_WIRE.jsonSql(Prisma.sql`i`, { liveOnly }), type: 'product' });
    const rows = await this.prisma.queryPrepared<ResourceRow>(Prisma.sql`
      WITH category AS MATERIALIZED (SELECT t.* FROM categories t WHERE t.id = ${id}::uuid ${live('t')}),
        included_products AS MATERIALIZED (${products})
      SELECT 0 AS section, 0 AS n, ${CATEGORY_WIRE.jsonSql(Prisma.sql`c`, { liveOnly })} AS json, 'category:' || c.id::text AS shown FROM category c
      ${productRows}
      ORDER BY section, n`);
    const { sections, shown } = resourceSections(rows, 2);
    const [category] = sections[0];
    if (category === undefined) return null;
    const included: [string, JsonParts][] = sections[1].length ? [['products', jsonArrayParts(sections[1])]] : [];
    return serializedDocument(finishedWireParts(category), included, shown);
  }
}
