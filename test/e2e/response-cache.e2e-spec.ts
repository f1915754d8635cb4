import { Client } from 'pg';
import { ResponseCache } from '../../src/common/response-cache/response-cache';
import { createProduct } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { testDbKind } from '../support/test-database';

const LIST = '/v2/products?page[limit]=100&include=main_image,categories';
const onPostgres = testDbKind() === 'postgres';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function productBody(name: string, status = 'live') {
  const suffix = Math.random().toString(36).slice(2, 10);
  return {
    data: {
      type: 'product',
      name,
      slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${suffix}`,
      sku: `SKU-${suffix}`,
      description: 'cached',
      manage_stock: false,
      price: [{ amount: 1000, currency: 'USD', includes_tax: true }],
      status,
      commodity_type: 'physical',
    },
  };
}

/** Reads `path` until `check` passes (a change made elsewhere reaches this replica by NOTIFY) or 30 s pass. */
async function eventually(t: TestApp, path: string, check: (names: string[]) => boolean) {
  const until = Date.now() + 30_000;
  for (;;) {
    const res = await t.http.get(path).set(t.admin).expect(200);
    const names = (res.body.data as { name: string }[]).map((p) => p.name);
    if (check(names) || Date.now() > until) return names;
    await sleep(25);
  }
}

/**
 * Waits until the cache's generation has not moved for 150 ms (at most 3 s). On PostgreSQL the NOTIFY of a
 * write reaches the cache a little after the write has answered; a read made before it arrives is stored and
 * then dropped by it, so a test that looks at what is cached waits for the writes before it to be announced.
 */
async function notificationsSettled(cache: ResponseCache) {
  const until = Date.now() + 3000;
  let generation = cache.generation;
  let since = Date.now();
  while (Date.now() - since < 150 && Date.now() < until) {
    await sleep(25);
    if (cache.generation !== generation) {
      generation = cache.generation;
      since = Date.now();
    }
  }
}

describe('Response cache for catalog reads', () => {
  let t: TestApp;
  let cache: ResponseCache;
  beforeAll(async () => {
    t = await createTestApp();
    cache = t.app.get(ResponseCache);
    // PostgreSQL: caching starts once the LISTEN connection is up.
    for (let i = 0; i < 100 && !cache.enabled; i++) await sleep(20);
    expect(cache.enabled).toBe(true);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a repeated read from the cache and shows a write made through the API at once', async () => {
    await t.http.post('/v2/products').set(t.admin).send(productBody('First')).expect(201);
    await notificationsSettled(cache);
    const first = await t.http.get(LIST).set(t.admin).expect(200);
    const sizeAfterFirst = cache.size;
    expect(sizeAfterFirst).toBeGreaterThan(0);
    const second = await t.http.get(LIST).set(t.admin).expect(200);
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.headers.etag).toBe(first.headers.etag);

    await t.http.post('/v2/products').set(t.admin).send(productBody('Second')).expect(201);
    const after = await t.http.get(LIST).set(t.admin).expect(200);
    expect(after.body.data.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['First', 'Second']));
    expect(after.body.meta.results.total).toBe(first.body.meta.results.total + 1);
  });

  it('sends a cached answer as the same bytes, with their length, non-ASCII text included; HEAD gets no body', async () => {
    await t.http.post('/v2/products').set(t.admin).send(productBody('Crème brûlée 🍮')).expect(201);
    const built = await t.http.get(LIST).set(t.admin).expect(200);
    const cached = await t.http.get(LIST).set(t.admin).expect(200);
    expect(cached.text).toBe(built.text);
    expect(cached.body.data.map((p: { name: string }) => p.name)).toContain('Crème brûlée 🍮');
    expect(Number(cached.headers['content-length'])).toBe(Buffer.byteLength(cached.text));
    const head = await t.http.head(LIST).set(t.admin).expect(200);
    expect(head.headers['content-length']).toBe(cached.headers['content-length']);
    expect(head.text ?? '').toBe('');
  });

  it('answers If-None-Match with 304 when nothing changed', async () => {
    const res = await t.http.get(LIST).set(t.admin).expect(200);
    await t.http.get(LIST).set(t.admin).set('If-None-Match', res.headers.etag).expect(304);
  });

  it('answers no-cache with the bytes, length and ETag of the stored answer when nothing changed; HEAD gets no body', async () => {
    await notificationsSettled(cache);
    const stored = await t.http.get(LIST).set(t.admin).expect(200);
    const made = await t.http.get(LIST).set(t.admin).set('Cache-Control', 'no-cache').expect(200);
    expect(made.text).toBe(stored.text);
    expect(made.text).toContain('Crème brûlée 🍮');
    expect(made.headers.etag).toBe(stored.headers.etag);
    expect(Number(made.headers['content-length'])).toBe(Buffer.byteLength(made.text));
    const head = await t.http.head(LIST).set(t.admin).set('Cache-Control', 'no-store').expect(200);
    expect(head.headers['content-length']).toBe(made.headers['content-length']);
    expect(head.headers.etag).toBe(stored.headers.etag);
    expect(head.text ?? '').toBe('');
  });

  it('answers Cache-Control: no-cache from the database, and no-store keeps nothing', async () => {
    await notificationsSettled(cache);
    await t.http.get(LIST).set(t.admin).expect(200);
    await t.prisma.$executeRawUnsafe(`ALTER TABLE products DISABLE TRIGGER USER`);
    try {
      // A change nobody is told about: only a request that skips the cache can see it.
      await t.prisma.product.updateMany({ where: { name: 'Second' }, data: { name: 'Second, unannounced' } });
      const cached = await t.http.get(LIST).set(t.admin).expect(200);
      expect(cached.body.data.map((p: { name: string }) => p.name)).toContain('Second');
      const stored = cache.size;
      const fresh = await t.http.get(LIST).set(t.admin).set('Cache-Control', 'no-store').expect(200);
      expect(fresh.body.data.map((p: { name: string }) => p.name)).toContain('Second, unannounced');
      expect((await t.http.get(LIST).set(t.admin).expect(200)).body.data.map((p: { name: string }) => p.name)).toContain('Second');
      expect(cache.size).toBe(stored);
      await t.http.get(LIST).set(t.admin).set('Cache-Control', 'no-cache').expect(200);
      expect((await t.http.get(LIST).set(t.admin).expect(200)).body.data.map((p: { name: string }) => p.name)).toContain('Second, unannounced');
    } finally {
      await t.prisma.$executeRawUnsafe(`ALTER TABLE products ENABLE TRIGGER USER`);
      await t.prisma.product.updateMany({ where: { name: 'Second, unannounced' }, data: { name: 'Second' } });
    }
  });

  it('keeps storefront (implicit) and admin answers apart', async () => {
    await t.http.post('/v2/products').set(t.admin).send(productBody('Hidden draft', 'draft')).expect(201);
    for (let i = 0; i < 2; i++) {
      const admin = await t.http.get(LIST).set(t.admin).expect(200);
      const shop = await t.http.get(LIST).set(t.storefront).expect(200);
      expect(admin.body.data.map((p: { name: string }) => p.name)).toContain('Hidden draft');
      expect(shop.body.data.map((p: { name: string }) => p.name)).not.toContain('Hidden draft');
    }
  });

  it('keeps answers for different origins apart (links are absolute)', async () => {
    const a = await t.http.get('/v2/files').set(t.admin).set('Host', 'shop-a.example').expect(200);
    const b = await t.http.get('/v2/files').set(t.admin).set('Host', 'shop-b.example').expect(200);
    expect(a.body.links.current).toContain('shop-a.example');
    expect(b.body.links.current).toContain('shop-b.example');
  });

  it('drops the cache on a change made without the API (another session, as another replica would)', async () => {
    await t.http.get(LIST).set(t.admin).expect(200);
    if (onPostgres) {
      const session = new Client({ connectionString: t.config.database.databaseUrl });
      await session.connect();
      try {
        await session.query(`UPDATE products SET name = 'Renamed in SQL', updated_at = now() WHERE name = 'First'`);
      } finally {
        await session.end();
      }
      expect(await eventually(t, LIST, (names) => names.includes('Renamed in SQL'))).toContain('Renamed in SQL');
    } else {
      await t.prisma.product.updateMany({ where: { name: 'First' }, data: { name: 'Renamed in SQL' } });
      const res = await t.http.get(LIST).set(t.admin).expect(200);
      expect(res.body.data.map((p: { name: string }) => p.name)).toContain('Renamed in SQL');
    }
  });

  it('shows a product inserted directly with Prisma (test factories do this)', async () => {
    await t.http.get(LIST).set(t.admin).expect(200);
    await createProduct(t, { name: 'From factory' });
    expect(await eventually(t, LIST, (names) => names.includes('From factory'))).toContain('From factory');
  });

  it('applies a new page_length setting to cached lists', async () => {
    const before = await t.http.get('/v2/products').set(t.admin).expect(200);
    expect(before.body.data.length).toBeGreaterThan(2);
    await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: 2 } }).expect(200);
    const after = await t.http.get('/v2/products').set(t.admin).expect(200);
    expect(after.body.data).toHaveLength(2);
    await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: 100 } }).expect(200);
  });

  it('never caches error answers', async () => {
    const sizeBefore = cache.size;
    await t.http.get('/v2/products?page[limit]=abc').set(t.admin).expect(400);
    await t.http.get('/v2/products/00000000-0000-4000-8000-000000000000').set(t.admin).expect(404);
    expect(cache.size).toBe(sizeBefore);
  });
});

(onPostgres ? describe : describe.skip)('Response cache across replicas (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ database: a.database });
    for (let i = 0; i < 100 && !(a.app.get(ResponseCache).enabled && b.app.get(ResponseCache).enabled); i++) await sleep(20);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("a replica's cached list shows another replica's write", async () => {
    const created = await a.http.post('/v2/products').set(a.admin).send(productBody('On A')).expect(201);
    expect(await eventually(b, LIST, (names) => names.includes('On A'))).toContain('On A');
    await b.http.get(LIST).set(b.admin).expect(200); // cached on B now
    await a.http.put(`/v2/products/${created.body.data.id}`).set(a.admin).send({ data: { type: 'product', name: 'Renamed on A' } }).expect(200);
    expect(await eventually(b, LIST, (names) => names.includes('Renamed on A'))).toContain('Renamed on A');
  });
});

describe('Response cache turned off (RESPONSE_CACHE_MB=0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RESPONSE_CACHE_MB: '0' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps nothing and still answers, each page written with its length; HEAD gets no body', async () => {
    await t.http.post('/v2/products').set(t.admin).send(productBody('Crème brûlée 🍮')).expect(201);
    const first = await t.http.get(LIST).set(t.admin).expect(200);
    expect(first.body.data.map((p: { name: string }) => p.name)).toContain('Crème brûlée 🍮');
    expect(Number(first.headers['content-length'])).toBe(Buffer.byteLength(first.text));
    expect((await t.http.get(LIST).set(t.admin).expect(200)).text).toBe(first.text);
    const head = await t.http.head(LIST).set(t.admin).expect(200);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.text ?? '').toBe('');
    expect(t.app.get(ResponseCache).size).toBe(0);
    expect(t.app.get(ResponseCache).enabled).toBe(false);
  });
});
