import { createProduct } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * A products list unfiltered reads its total from the counts the database keeps by status (`row_counts`, written
 * by the products table's triggers): an admin's is every status, a storefront's the live products only. The
 * counts stay exact through creating, publishing, unpublishing and deleting products, bulk inserts, rollbacks,
 * concurrent transactions and TRUNCATE.
 */
describe('products: the total of an unfiltered list is the count the database keeps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const counted = async (where: 'all' | 'live') => {
    const rows = where === 'all'
      ? await t.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM products`
      : await t.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM products WHERE status = 'live'`;
    return rows[0].n;
  };
  const listed = async (as: 'admin' | 'storefront', query = '') => {
    const res = await t.http.get(`/v2/products?page[limit]=1${query}`).set(t[as]).set('Cache-Control', 'no-cache');
    expect(res.status).toBe(200);
    return res.body.meta.results;
  };
  const expectExact = async () => {
    expect((await listed('admin')).total).toBe(await counted('all'));
    expect((await listed('storefront')).total).toBe(await counted('live'));
  };
  /** Inserts `n` products of `status` in one statement, as a bulk load would. */
  const insertMany = (n: number, status: string, db: { $executeRaw: TestApp['prisma']['$executeRaw'] } = t.prisma) =>
    db.$executeRaw`INSERT INTO products (id, name, slug, sku, status, price, updated_at)
      SELECT gen_random_uuid(), 'Bulk ' || g, 'bulk-' || gen_random_uuid(), 'BULK-' || gen_random_uuid(), ${status}, '[]', now()
      FROM generate_series(1, ${n}::int) g`;
  const bump = (bucket: string, by: number) =>
    t.prisma.$executeRaw`UPDATE row_counts SET n = n + ${by}
      WHERE relation = 'products' AND bucket = ${bucket} AND shard = (SELECT min(shard) FROM row_counts WHERE relation = 'products' AND bucket = ${bucket})`;

  it('is read from the kept counts, not counted', async () => {
    await createProduct(t.prisma, { status: 'live' });
    await createProduct(t.prisma, { status: 'draft' });
    const admin = (await listed('admin')).total;
    const storefront = (await listed('storefront')).total;
    expect(admin).toBe(await counted('all'));
    expect(storefront).toBe(await counted('live'));
    await bump('draft', 1000);
    await bump('live', 10);
    try {
      expect((await listed('admin')).total).toBe(admin + 1010);
      expect((await listed('storefront')).total).toBe(storefront + 10);
      expect((await listed('admin', '&filter=eq(name,nothing)')).all).toBe(admin + 1010);
      expect((await listed('storefront', '&filter=eq(name,nothing)')).all).toBe(storefront + 10);
    } finally {
      await bump('draft', -1000);
      await bump('live', -10);
    }
    await expectExact();
  });

  it('moves a product between the counts when its status changes, through the API', async () => {
    const created = await t.http.post('/v2/products').set(t.admin).send({
      data: { type: 'product', name: 'Counted', slug: `counted-${Date.now()}`, sku: `COUNTED-${Date.now()}`, manage_stock: false, commodity_type: 'physical', status: 'draft', price: [{ amount: 100, currency: 'USD', includes_tax: true }] },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    await expectExact();
    for (const status of ['live', 'live', 'draft', 'live']) {
      const res = await t.http.put(`/v2/products/${id}`).set(t.admin).send({ data: { type: 'product', id, status } });
      expect(res.status).toBe(200);
      await expectExact();
    }
    const removed = await t.http.delete(`/v2/products/${id}`).set(t.admin);
    expect(removed.status).toBe(204);
    await expectExact();
  });

  it('stays exact through bulk inserts and updates, rollbacks, concurrent transactions and deletes', async () => {
    await insertMany(120, 'live');
    await insertMany(30, 'draft');
    await expect(
      t.prisma.$transaction(async (tx) => {
        await insertMany(40, 'live', tx);
        await tx.$executeRaw`UPDATE products SET status = 'draft' WHERE status = 'live'`;
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expectExact();
    await Promise.all(Array.from({ length: 8 }, (_, i) => t.prisma.$transaction(async (tx) => insertMany(i + 1, i % 2 ? 'live' : 'draft', tx))));
    await expectExact();

    await t.prisma.$executeRaw`UPDATE products SET status = 'draft' WHERE id IN (SELECT id FROM products WHERE status = 'live' ORDER BY created_at, id LIMIT 25)`;
    await t.prisma.$executeRaw`UPDATE products SET stock_level = stock_level + 1, status = status`;
    await expectExact();
    await t.prisma.$executeRaw`DELETE FROM products WHERE id IN (SELECT id FROM products ORDER BY created_at DESC, id LIMIT 30)`;
    await expectExact();
  });

  it('starts again from zero after TRUNCATE', async () => {
    await t.prisma.$executeRaw`TRUNCATE products CASCADE`;
    expect((await listed('admin')).total).toBe(0);
    expect((await listed('storefront')).total).toBe(0);
    await insertMany(3, 'live');
    await insertMany(2, 'draft');
    expect((await listed('admin')).total).toBe(5);
    expect((await listed('storefront')).total).toBe(3);
    await expectExact();
  });

  it('counts the products a filter matches', async () => {
    await createProduct(t.prisma, { name: 'Filtered', status: 'draft' });
    const all = await counted('all');
    expect(await listed('admin', '&filter=eq(name,Filtered)')).toMatchObject({ total: 1, all });
    expect(await listed('storefront', '&filter=eq(name,Filtered)')).toMatchObject({ total: 0, all: await counted('live') });
  });
});
