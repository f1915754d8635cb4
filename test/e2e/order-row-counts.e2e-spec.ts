import { createOrder } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * An admin's unfiltered orders list reads its total from the count the database keeps (`row_counts`, written by
 * the orders table's triggers) instead of counting the orders: that count stays exact through inserts of one row
 * or many, rolled-back and concurrent transactions, deletes and TRUNCATE.
 */
describe('orders: the total of an unfiltered list is the count the database keeps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const counted = async () => (await t.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM orders`)[0].n;
  const listed = async (query = '') => {
    const res = await t.http.get(`/v2/orders?page[limit]=1${query}`).set(t.admin);
    expect(res.status).toBe(200);
    return res.body.meta.results;
  };
  /** Inserts `n` orders in one statement, as a bulk load would. */
  const insertMany = (n: number, db: { $executeRaw: TestApp['prisma']['$executeRaw'] } = t.prisma) =>
    db.$executeRaw`INSERT INTO orders (id, currency, customer, billing_address, shipping_address, with_tax, without_tax, updated_at)
      SELECT gen_random_uuid(), 'USD', '{"name":"Bulk","email":"bulk@example.com"}', '{}', '{}', 100, 100, now() FROM generate_series(1, ${n}::int)`;

  it('is read from the kept count, not counted', async () => {
    await createOrder(t.prisma, {});
    const before = await listed();
    expect(before.total).toBe(await counted());
    await t.prisma.$executeRaw`UPDATE row_counts SET n = n + 1000 WHERE relation = 'orders' AND shard = (SELECT min(shard) FROM row_counts WHERE relation = 'orders')`;
    try {
      expect((await listed()).total).toBe(before.total + 1000);
      expect((await listed('&filter=eq(currency,USD)')).all).toBe(before.total + 1000);
    } finally {
      await t.prisma.$executeRaw`UPDATE row_counts SET n = n - 1000 WHERE relation = 'orders' AND shard = (SELECT min(shard) FROM row_counts WHERE relation = 'orders')`;
    }
    expect((await listed()).total).toBe(await counted());
  });

  it('stays exact through single and bulk inserts, rollbacks, concurrent transactions and deletes', async () => {
    await createOrder(t, {});
    await insertMany(250);
    await expect(
      t.prisma.$transaction(async (tx) => {
        await insertMany(40, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await Promise.all(Array.from({ length: 8 }, (_, i) => t.prisma.$transaction(async (tx) => insertMany(i + 1, tx))));
    const total = await counted();
    expect((await listed()).total).toBe(total);
    expect((await listed('&filter=eq(currency,EUR)')).all).toBe(total);

    await t.prisma.$executeRaw`DELETE FROM orders WHERE id IN (SELECT id FROM orders ORDER BY created_at, id LIMIT 30)`;
    expect((await listed()).total).toBe(total - 30);
    expect(await counted()).toBe(total - 30);
  });

  it('starts again from zero after TRUNCATE', async () => {
    await t.prisma.$executeRaw`TRUNCATE orders CASCADE`;
    expect((await listed()).total).toBe(0);
    await insertMany(3);
    expect((await listed()).total).toBe(3);
    expect(await counted()).toBe(3);
  });

  it('counts the orders a filter matches', async () => {
    await createOrder(t.prisma, { currency: 'EUR' });
    const usd = (await t.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM orders WHERE currency = 'USD'`)[0].n;
    expect(await listed('&filter=eq(currency,USD)')).toMatchObject({ total: usd, all: usd + 1 });
    expect(await listed('&filter=eq(currency,GBP)')).toMatchObject({ total: 0, all: usd + 1 });
  });
});
