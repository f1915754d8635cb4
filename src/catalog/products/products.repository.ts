import { Injectable } from '@nestjs/common';
import { FilterOp, FilterValue, ListQuery, ListResourceSpec, loadPage, matchesNothing, toPrismaListArgs } from '../../common/list-query';
import { Prisma, type Product } from '../../generated/prisma/client';
import { Db, PrismaService } from '../../prisma/prisma.service';
import { isUuid } from '../../common/validation/resource-id.pipe';

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/** The filters and sorts Elastic Path documents for products, plus `id` and the timestamps for keyset walks. */
export const PRODUCTS_SPEC: ListResourceSpec = {
  fields: {
    id: { column: 'id', type: 'uuid', ops: [...CMP, 'in'], sortable: true },
    name: { column: 'name', type: 'string', ops: ['eq', 'like'], sortable: true },
    slug: { column: 'slug', type: 'string', ops: ['eq', 'like'], sortable: true },
    sku: { column: 'sku', type: 'string', ops: ['eq', 'like'], sortable: true },
    status: { column: 'status', type: 'string', ops: ['eq', 'like'], sortable: true },
    description: { column: 'description', type: 'string', ops: ['like'], sortable: true },
    commodity_type: { column: 'commodityType', type: 'string', ops: ['eq'], sortable: true },
    manage_stock: { column: 'manageStock', type: 'boolean', ops: ['eq'], sortable: true },
    'category.id': {
      column: 'id',
      type: 'uuid',
      ops: ['eq'],
      toWhere: (_op: FilterOp, values: FilterValue[]) => ({ categories: { some: { categoryId: values[0] } } }),
      toSql: (_op, values, r) => Prisma.sql`EXISTS (SELECT 1 FROM product_categories WHERE product_id = ${r}.id AND category_id = ${values[0]}::uuid)`,
    },
    // Listed by the reference; this store has no brands or collections, so no product matches.
    'brand.id': { column: 'id', type: 'uuid', ops: ['eq'], toWhere: matchesNothing, toSql: () => Prisma.sql`FALSE` },
    'collection.id': { column: 'id', type: 'uuid', ops: ['eq'], toWhere: matchesNothing, toSql: () => Prisma.sql`FALSE` },
    created_at: { column: 'createdAt', type: 'datetime', ops: [...CMP], sortable: true },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: [...CMP], sortable: true },
  },
  defaultSort: 'created_at',
};

export const PRODUCT_RELATIONS = {
  categories: { select: { categoryId: true }, orderBy: { createdAt: 'asc' } },
  files: { select: { fileId: true }, orderBy: { createdAt: 'asc' } },
} satisfies Prisma.ProductInclude;

const LIVE = { status: 'live' };

/** What a storefront token may see: links to live categories only (files have no status). */
const LIVE_PRODUCT_RELATIONS = {
  ...PRODUCT_RELATIONS,
  categories: { ...PRODUCT_RELATIONS.categories, where: { category: LIVE } },
} satisfies Prisma.ProductInclude;

function relations(liveOnly: boolean) {
  return liveOnly ? LIVE_PRODUCT_RELATIONS : PRODUCT_RELATIONS;
}

@Injectable()
export class ProductsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * The INSERT of a new product whose every column is already known (see ProductsService.create), as one
   * statement to run along with its event (EventsPublisher.publish). No semicolon (it is a CTE there).
   */
  insertStatement(row: Product): Prisma.Sql {
    return Prisma.sql`
      INSERT INTO products (id, name, slug, sku, description, manage_stock, price, status, commodity_type, tax_code, stock_level, main_image_id, created_at, updated_at)
      VALUES (${row.id}::uuid, ${row.name}::text, ${row.slug}::text, ${row.sku}::text, ${row.description}::text, ${row.manageStock}::boolean,
        ${JSON.stringify(row.price)}::jsonb, ${row.status}::text, ${row.commodityType}::text, ${row.taxCode}::text, ${row.stockLevel}::int,
        ${row.mainImageId}::uuid, ${row.createdAt.toISOString()}::timestamptz, ${row.updatedAt.toISOString()}::timestamptz)`;
  }

  /** `liveRelationsOnly`: link only live categories (what a storefront token may see). */
  find(id: string, db: Db = this.prisma, liveRelationsOnly = false) {
    return db.product.findUnique({ where: { id }, include: relations(liveRelationsOnly) });
  }

  findMany(ids: string[], liveOnly: boolean, db: Db = this.prisma) {
    return db.product.findMany({ where: { id: { in: ids }, ...(liveOnly ? LIVE : {}) }, include: relations(liveOnly), orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /** Other products holding any of these slug / sku values (one query for both). */
  findClashes(values: { slug?: string; sku?: string }, exceptId: string | undefined, db: Db = this.prisma) {
    const or = (['slug', 'sku'] as const).filter((f) => values[f] !== undefined).map((f) => ({ [f]: values[f] }));
    if (or.length === 0) return Promise.resolve([]);
    return db.product.findMany({ where: { OR: or, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { slug: true, sku: true }, take: 2 });
  }

  /**
   * Locks the product's row until the transaction ends, as its UPDATE would, so that edits of one product
   * apply one after another; false when there is no such product.
   */
  async lockForUpdate(id: string, db: Db): Promise<boolean> {
    if (!isUuid(id)) return false;
    const rows = await db.$queryRaw<unknown[]>`SELECT 1 FROM products WHERE id = ${id}::uuid FOR NO KEY UPDATE`;
    return rows.length > 0;
  }

  update(id: string, data: Prisma.ProductUncheckedUpdateInput, db: Db = this.prisma) {
    return db.product.update({ where: { id }, data, include: PRODUCT_RELATIONS });
  }

  delete(id: string, db: Db = this.prisma) {
    return db.product.delete({ where: { id } });
  }

  async list(q: ListQuery, liveOnly: boolean, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, PRODUCTS_SPEC);
    const where = (liveOnly ? { AND: [args.where, LIVE] } : args.where) as Prisma.ProductWhereInput;
    return loadPage(q, {
      items: () => db.product.findMany({ ...(args as Prisma.ProductFindManyArgs), where, include: relations(liveOnly) }),
      countMatching: () => db.product.count({ where }),
      countAll: () => db.product.count({ where: liveOnly ? LIVE : {} }),
    });
  }

  addCategories(productId: string, categoryIds: string[], db: Db = this.prisma) {
    return db.productCategory.createMany({ data: categoryIds.map((categoryId) => ({ productId, categoryId })), skipDuplicates: true });
  }

  removeCategories(productId: string, categoryIds: string[] | 'all', db: Db = this.prisma) {
    return db.productCategory.deleteMany({ where: { productId, ...(categoryIds === 'all' ? {} : { categoryId: { in: categoryIds } }) } });
  }

  addFiles(productId: string, fileIds: string[], db: Db = this.prisma) {
    return db.productFile.createMany({ data: fileIds.map((fileId) => ({ productId, fileId })), skipDuplicates: true });
  }

  removeFiles(productId: string, fileIds: string[] | 'all', db: Db = this.prisma) {
    return db.productFile.deleteMany({ where: { productId, ...(fileIds === 'all' ? {} : { fileId: { in: fileIds } }) } });
  }

  existingCategoryIds(ids: string[], db: Db = this.prisma) {
    return db.category.findMany({ where: { id: { in: ids } }, select: { id: true } }).then((rows) => rows.map((r) => r.id));
  }

  existingFileIds(ids: string[], db: Db = this.prisma) {
    return db.file.findMany({ where: { id: { in: ids } }, select: { id: true } }).then((rows) => rows.map((r) => r.id));
  }

  /** Marks the product as changed (relationship edits bump `updated_at`). */
  touch(id: string, db: Db = this.prisma) {
    return db.product.update({ where: { id }, data: { updatedAt: new Date() }, include: PRODUCT_RELATIONS });
  }
}
