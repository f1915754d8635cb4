import { parseListQuery, toPrismaListArgs, toSqlListClauses, type ListResourceSpec } from '../../src/common/list-query';
import { PRODUCTS_SPEC } from '../../src/catalog/products/products.repository';
import { Prisma } from '../../src/generated/prisma/client';
import {
  CATEGORY_IDS,
  clausesFor,
  FILE_IDS,
  groupsOf,
  PRODUCT_CATEGORIES,
  PRODUCTS,
  sortsOf,
  WIDE_PRODUCTS_SPEC,
} from '../support/product-list-cases';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * toSqlListClauses answers what toPrismaListArgs answers: for each query, a raw `SELECT … WHERE … ORDER BY …
 * LIMIT … OFFSET …` built from the SQL clauses returns the ids Prisma's findMany returns, in the same order,
 * and counts what Prisma counts.
 */

type Query = Record<string, unknown>;

describe('lists: SQL clauses answer what the Prisma list arguments answer', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.prisma.file.createMany({ data: FILE_IDS.map((id, i) => ({ id, fileName: `f${i}.png`, mimeType: 'image/png' })) });
    await t.prisma.category.createMany({ data: CATEGORY_IDS.map((id, i) => ({ id, name: `c${i}`, slug: `c-${i}` })) });
    await t.prisma.product.createMany({ data: PRODUCTS });
    await t.prisma.productCategory.createMany({ data: PRODUCT_CATEGORIES });
  });
  afterAll(async () => {
    await t?.close();
  });

  interface Outcome {
    mismatch: { query: Query; prisma: unknown; sql: unknown } | null;
    rows: number;
  }

  async function compare(spec: ListResourceSpec, query: Query): Promise<Outcome> {
    const q = parseListQuery(query, spec, { defaultLimit: 25 });
    const args = toPrismaListArgs(q, spec);
    const clauses = toSqlListClauses(q, spec, 'r');
    if (!clauses) return { mismatch: { query, prisma: 'a query', sql: null }, rows: 0 };
    const [rows, count, sqlRows, [{ n }]] = await Promise.all([
      t.prisma.product.findMany({ ...args, select: { id: true } }),
      t.prisma.product.count({ where: args.where }),
      t.prisma.$queryRaw<{ id: string }[]>(
        Prisma.sql`SELECT r.id FROM products r WHERE ${clauses.where} ORDER BY ${clauses.orderBy} LIMIT ${q.limit} OFFSET ${q.offset}`,
      ),
      t.prisma.$queryRaw<{ n: number }[]>(Prisma.sql`SELECT count(*)::int AS n FROM products r WHERE ${clauses.where}`),
    ]);
    const prisma = { ids: rows.map((r) => r.id), count };
    const sql = { ids: sqlRows.map((r) => r.id), count: n };
    const same = JSON.stringify(prisma) === JSON.stringify(sql);
    return { mismatch: same ? null : { query, prisma, sql }, rows: rows.length };
  }

  /** Runs every query; asserts no mismatch, and that enough of them found rows for the comparison to mean something. */
  async function expectSameAnswers(spec: ListResourceSpec, queries: Query[], minShareWithRows = 0.3) {
    const outcomes: Outcome[] = [];
    for (const query of queries) outcomes.push(await compare(spec, query));
    expect(outcomes.flatMap((o) => (o.mismatch ? [o.mismatch] : []))).toEqual([]);
    expect(outcomes.filter((o) => o.rows > 0).length).toBeGreaterThanOrEqual(Math.ceil(queries.length * minShareWithRows));
    return outcomes.length;
  }

  const SPECS: [string, ListResourceSpec][] = [
    ['the products spec', PRODUCTS_SPEC],
    ['every column type and operator, nullable columns too', WIDE_PRODUCTS_SPEC],
  ];

  describe.each(SPECS)('%s', (_name, spec) => {
    const clauses = clausesFor(spec);
    const sorts = sortsOf(spec);

    it('every field with every allowed operator, each under a different sort and page', async () => {
      const queries = clauses.map((filter, i) => ({ filter, ...sorts[(i * 7) % sorts.length], ...(i % 3 ? {} : { page: { limit: '100' } }) }));
      expect(await expectSameAnswers(spec, queries)).toBeGreaterThan(50);
    });

    it('AND, OR and nested groups', async () => {
      const queries = groupsOf(clauses, 150).map((filter, i) => ({ filter, ...sorts[(i * 5) % sorts.length], page: { limit: '100' } }));
      expect(await expectSameAnswers(spec, queries, 0.1)).toBe(150);
    });

    it('every sortable field both ways, paged, unfiltered and filtered', async () => {
      const filter = spec === PRODUCTS_SPEC ? 'like(name,*a*)' : '(is_null(tax_code)|gt(stock_level,0))';
      const queries = sorts.flatMap((s) => [s, { ...s, filter }]);
      expect(await expectSameAnswers(spec, queries)).toBe(sorts.length * 2);
    });
  });

  it('category.id matches products linked to the category, and brand.id nothing', async () => {
    const queries = [...CATEGORY_IDS, PRODUCTS[0].id].flatMap((id) => [
      { filter: `eq(category.id,${id})` },
      { filter: `(eq(category.id,${id})|eq(brand.id,${id}))`, sort: '-name' },
      { filter: `eq(collection.id,${id})` },
    ]);
    await expectSameAnswers(PRODUCTS_SPEC, queries, 0.2);
    for (const id of CATEGORY_IDS) {
      const linked = PRODUCT_CATEGORIES.filter((l) => l.categoryId === id).length;
      expect(linked).toBeGreaterThan(0);
      expect((await compare(PRODUCTS_SPEC, { filter: `eq(category.id,${id})`, page: { limit: '100' } })).rows).toBe(linked);
    }
  });
});
