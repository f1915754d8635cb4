import { Injectable } from '@nestjs/common';
import { FilterOp, FilterValue, ListQuery, ListResourceSpec, loadPage, matchesNothing, toPrismaListArgs } from '../../common/list-query';
import { Prisma, type Product } from '../../generated/prisma/client';
import { Db, PrismaService } from '../../prisma/prisma.service';
import { isUuid } from '../../common/validation/resource-id.pipe';
import { SerializedPage } from '../../common/http/response-document';
import { toSqlListClauses } from '../../common/list-query/sql-list-query';
import { TableColumns } from '../../common/wire/table-columns';
import { keptRowCount, PageRow, PageStatement, PageStatementInclude, pageStatementSql, serializedPageOf } from '../../common/wire/page-statement';
import { CATEGORY_WIRE } from '../categories/category.wire';
import { FILE_WIRE } from '../files/file.wire';
import { PRODUCT_WIRE } from './product.wire';
import type { ProductRow } from './products.presenter';

export type ProductRelation = 'categories' | 'files';
export type RelationEdit = 'add' | 'replace' | 'remove';

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/** A product as read for an edit: see ProductsRepository.findForEdit. */
export interface ProductVersion {
  row: ProductRow;
  /** When each of its links (in row.categories, row.files) was made, in ms. */
  linkedAt: Record<ProductRelation, number[]>;
  version: string;
  found: string[];
}

/**
 * The filters and sorts Elastic Path documents for products, plus `id` and the timestamps for keyset walks: the
 * product's own members are declared in its wire format (product.wire.ts).
 */
export const PRODUCTS_SPEC: ListResourceSpec = PRODUCT_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
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
});

/** Every column of products, for the statements written in SQL. */
const PRODUCT_COLUMNS = new TableColumns<Product>('products', Prisma.ProductScalarFieldEnum);

/** Links oldest first; those made together (one edit) by id, so an edit can tell the order it leaves. */
export const PRODUCT_RELATIONS = {
  categories: { select: { categoryId: true }, orderBy: [{ createdAt: 'asc' }, { categoryId: 'asc' }] },
  files: { select: { fileId: true }, orderBy: [{ createdAt: 'asc' }, { fileId: 'asc' }] },
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
    return PRODUCT_COLUMNS.insertSql(row);
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

  /**
   * The product as find() gives it, with its row version (xmin: it changes with every write of the row) and
   * which of `refs.ids` name an existing category or file; null when there is no such product.
   */
  async findForEdit(id: string, refs: { relation: ProductRelation; ids: string[] }, db: Db = this.prisma): Promise<ProductVersion | null> {
    if (!isUuid(id)) return null;
    const epochMs = Prisma.sql`(extract(epoch FROM created_at) * 1000)::float8`;
    const [row] = await db.$queryRaw<(Product & { version: string; categories: string[]; categoriesAt: number[]; files: string[]; filesAt: number[]; found: string[] })[]>`
      SELECT ${PRODUCT_COLUMNS.selectSql('p')}, p.xmin::text AS version,
        ARRAY(SELECT category_id::text FROM product_categories WHERE product_id = p.id ORDER BY created_at, category_id) AS categories,
        ARRAY(SELECT ${epochMs} FROM product_categories WHERE product_id = p.id ORDER BY created_at, category_id) AS "categoriesAt",
        ARRAY(SELECT file_id::text FROM product_files WHERE product_id = p.id ORDER BY created_at, file_id) AS files,
        ARRAY(SELECT ${epochMs} FROM product_files WHERE product_id = p.id ORDER BY created_at, file_id) AS "filesAt",
        ARRAY(SELECT id::text FROM ${Prisma.raw(refs.relation === 'categories' ? 'categories' : 'files')} WHERE id = ANY(${refs.ids.filter(isUuid)}::uuid[])) AS found
      FROM products p WHERE p.id = ${id}::uuid`;
    if (!row) return null;
    const { version, categories, categoriesAt, files, filesAt, found, ...product } = row;
    return {
      row: { ...product, categories: categories.map((categoryId) => ({ categoryId })), files: files.map((fileId) => ({ fileId })) },
      linkedAt: { categories: categoriesAt.map(Number), files: filesAt.map(Number) },
      version,
      found,
    };
  }

  /**
   * The condition under which an edit planned from `read` applies: the product's row still at its version,
   * its links as read, and every one of `refs.count` named categories or files there (`refs.ids` the ones
   * that can be, uuids).
   */
  editGuard(id: string, read: ProductVersion, refs: { relation: ProductRelation; ids: string[]; count: number }): Prisma.Sql {
    const linked = (relation: ProductRelation) => (relation === 'categories' ? (read.row.categories ?? []).map((l) => l.categoryId) : (read.row.files ?? []).map((l) => l.fileId));
    const exist = refs.count
      ? Prisma.sql` AND (SELECT count(*) FROM ${Prisma.raw(refs.relation === 'categories' ? 'categories' : 'files')} WHERE id = ANY(${refs.ids}::uuid[])) = ${refs.count}`
      : Prisma.empty;
    return Prisma.sql`xmin = ${read.version}::xid
      AND ARRAY(SELECT category_id::text FROM product_categories WHERE product_id = ${id}::uuid ORDER BY created_at, category_id) = ${linked('categories')}::text[]
      AND ARRAY(SELECT file_id::text FROM product_files WHERE product_id = ${id}::uuid ORDER BY created_at, file_id) = ${linked('files')}::text[]${exist}`;
  }

  /**
   * CTE definitions (see EventsPublisher.publishIfChanged) of an edit of the product: `updated_at` set to `now`
   * (and the main image, when given) only while `guard` (editGuard) holds, answering the row's new version,
   * and then its links to categories or files added, replaced or removed (`links`: those to make, with when,
   * or to remove).
   */
  editStatement(id: string, guard: Prisma.Sql, now: Date, edit: { mainImageId?: string | null; relation?: ProductRelation; mode?: RelationEdit; links?: { id: string; at: number }[] }): Prisma.Sql {
    const at = Prisma.sql`${now.toISOString()}::timestamptz`;
    const image = edit.mainImageId !== undefined ? Prisma.sql`, main_image_id = ${edit.mainImageId}::uuid` : Prisma.empty;
    const change = Prisma.sql`change AS (UPDATE products SET updated_at = ${at}${image} WHERE id = ${id}::uuid AND ${guard} RETURNING id, xmin::text AS version)`;
    if (!edit.relation || !edit.mode) return change;
    const table = Prisma.raw(edit.relation === 'categories' ? 'product_categories' : 'product_files');
    const column = Prisma.raw(edit.relation === 'categories' ? 'category_id' : 'file_id');
    const links = edit.links ?? [];
    const ids = Prisma.sql`${links.map((l) => l.id)}::uuid[]`;
    const parts = [change];
    if (edit.mode !== 'add') {
      const which = edit.mode === 'remove' ? Prisma.sql`${column} = ANY(${ids})` : Prisma.sql`${column} <> ALL(${ids})`;
      parts.push(Prisma.sql`unlinked AS (DELETE FROM ${table} WHERE product_id IN (SELECT id FROM change) AND ${which})`);
    }
    if (edit.mode !== 'remove') {
      // Replacing re-makes the links that stay, as removing them all and adding the given ones would.
      const onConflict = edit.mode === 'replace' ? Prisma.sql`DO UPDATE SET created_at = EXCLUDED.created_at` : Prisma.sql`DO NOTHING`;
      const ats = links.map((l) => new Date(l.at).toISOString());
      parts.push(Prisma.sql`linked AS (
        INSERT INTO ${table} (product_id, ${column}, created_at)
        SELECT change.id, t.ref, t.at FROM change, unnest(${ids}, ${ats}::timestamptz[]) AS t(ref, at)
        ON CONFLICT (product_id, ${column}) ${onConflict})`);
    }
    return Prisma.join(parts, ', ');
  }

  /**
   * One statement for a whole page: the products, the count(s) and each asked-for include, written as JSON
   * text by the database from the resources' wire formats (see product.wire.ts and page-statement.ts). Null when
   * the query or an include is one this statement does not cover; the caller then builds the page from rows.
   */
  async serializedPage(q: ListQuery, liveOnly: boolean, includeKeys: string[], linkBase: string): Promise<SerializedPage | null> {
    // One alias, `t`, for the table and for the page's rows, so the same ORDER BY serves both.
    const clauses = toSqlListClauses(q, PRODUCTS_SPEC, 't');
    if (!clauses || !includeKeys.every((key) => Object.hasOwn(SERIALIZED_INCLUDES, key))) return null;
    const visible = liveOnly ? Prisma.sql`t.status = 'live'` : Prisma.sql`TRUE`;
    const statement: PageStatement = {
      table: 'products',
      matching: Prisma.sql`${visible} AND (${clauses.where})`,
      unfiltered: q.filter ? visible : null,
      unfilteredCount: liveOnly ? KEPT_COUNTS.live : KEPT_COUNTS.all,
      orderBy: clauses.orderBy,
      json: PRODUCT_WIRE.jsonSql(Prisma.sql`t`, { liveOnly }),
      type: 'product',
      includes: includeKeys.map((key) => ({ key, ...SERIALIZED_INCLUDES[key]({ liveOnly, linkBase }) })),
    };
    return serializedPageOf(await this.prisma.queryPrepared<PageRow>(pageStatementSql(statement, q)), statement, q);
  }
}

/** The counts of products the database keeps (by status): every product's, and the live ones' a storefront lists. */
const KEPT_COUNTS = { all: keptRowCount('products'), live: keptRowCount('products', 'live') };

/** The includes of a products page the page statement writes itself, by `included` key (see products.includes.ts). */
const SERIALIZED_INCLUDES: Record<string, (ctx: { liveOnly: boolean; linkBase: string }) => Omit<PageStatementInclude, 'key'>> = {
  main_images: ({ liveOnly, linkBase }) => ({
    type: 'file',
    rows: Prisma.sql`SELECT f.* FROM files f WHERE f.id IN (SELECT main_image_id FROM page) ${liveOnly ? Prisma.sql`AND f.public` : Prisma.empty}`,
    json: FILE_WIRE.jsonSql(Prisma.sql`i`, { linkBase }),
  }),
  files: ({ liveOnly, linkBase }) => ({
    type: 'file',
    rows: Prisma.sql`SELECT f.* FROM files f WHERE f.id IN (SELECT pf.file_id FROM product_files pf JOIN page ON page.id = pf.product_id)
      ${liveOnly ? Prisma.sql`AND f.public` : Prisma.empty}`,
    json: FILE_WIRE.jsonSql(Prisma.sql`i`, { linkBase }),
  }),
  categories: ({ liveOnly }) => ({
    type: 'category',
    rows: Prisma.sql`SELECT c.* FROM categories c WHERE c.id IN (SELECT pc.category_id FROM product_categories pc JOIN page ON page.id = pc.product_id)
      ${liveOnly ? Prisma.sql`AND c.status = 'live'` : Prisma.empty}`,
    json: CATEGORY_WIRE.jsonSql(Prisma.sql`i`, { liveOnly }),
  }),
};
