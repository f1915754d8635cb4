import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '../support/test-app';
import { expectErrorDocument, expectPage } from '../support/documents';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082', 'hex');

describe('catalog: products', () => {
  let t: TestApp;
  let seq = 0;
  const body = (over: Record<string, unknown> = {}) => {
    seq++;
    return {
      data: {
        type: 'product',
        name: `Product ${seq}`,
        slug: `product-${seq}`,
        sku: `SKU-${seq}`,
        description: 'A thing',
        manage_stock: false,
        price: [{ amount: 1999, currency: 'USD', includes_tax: true }],
        status: 'live',
        commodity_type: 'physical',
        ...over,
      },
    };
  };
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await t.http.post('/v2/products').set(t.admin).send(body(over));
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const category = async (over: Record<string, unknown> = {}) => {
    seq++;
    const res = await t.http.post('/v2/categories').set(t.admin).send({ data: { type: 'category', name: `Cat ${seq}`, slug: `cat-${seq}`, status: 'live', ...over } });
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const file = async () => {
    const res = await t.http.post('/v2/files').set(t.admin).attach('file', PNG, { filename: 'a.png', contentType: 'image/png' });
    expect(res.status).toBe(201);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a product with Elastic Path\'s fields, defaults and display price; relationships {} when none', async () => {
    const res = await t.http.post('/v2/products').set(t.admin).send(body({ status: undefined, manage_stock: undefined, description: undefined, 'tax-code': 'T1' }));
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p).toMatchObject({
      type: 'product',
      status: 'draft',
      manage_stock: false,
      description: '',
      commodity_type: 'physical',
      'tax-code': 'T1',
      price: [{ amount: 1999, currency: 'USD', includes_tax: true }],
      relationships: {},
    });
    expect(p.meta.display_price.with_tax).toEqual({ amount: 1999, currency: 'USD', formatted: '$19.99' });
    expect(p.meta.display_price.without_tax).toEqual({ amount: 1999, currency: 'USD', formatted: '$19.99' });
    expect(p.meta.stock).toEqual({ level: 0, availability: 'in-stock' });
    expect(p.meta.timestamps.created_at).toMatch(/Z$/);
    const got = await t.http.get(`/v2/products/${p.id}`).set(t.admin);
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(p);
    const events = await t.prisma.outboxEvent.findMany({ where: { name: 'product.created' } });
    expect(events.map((e) => (e.payload as any).data.id)).toContain(p.id);
  });

  it('price[].includes_tax is optional (default true) and always a boolean in responses', async () => {
    const res = await t.http.post('/v2/products').set(t.admin).send(body({ price: [{ amount: 1000, currency: 'USD' }, { amount: 900, currency: 'EUR', includes_tax: false }] }));
    expect(res.status).toBe(201);
    expect(res.body.data.price).toEqual([
      { amount: 1000, currency: 'USD', includes_tax: true },
      { amount: 900, currency: 'EUR', includes_tax: false },
    ]);
    const put = await t.http.put(`/v2/products/${res.body.data.id}`).set(t.admin).send({ data: { price: [{ amount: 500, currency: 'GBP' }] } });
    expect(put.status).toBe(200);
    expect(put.body.data.price).toEqual([{ amount: 500, currency: 'GBP', includes_tax: true }]);
    expectErrorDocument(await t.http.post('/v2/products').set(t.admin).send(body({ price: [{ amount: 1, currency: 'USD', includes_tax: 'yes' }] })), 400, {
      source: 'data.price.0.includes_tax',
    });
    // A price stored without the flag (written by another tool) still answers a boolean.
    const stored = await t.prisma.product.create({ data: { name: 'Raw', slug: `raw-${seq}`, sku: `RAW-${seq}`, price: [{ amount: 300, currency: 'USD' }] } });
    expect((await t.http.get(`/v2/products/${stored.id}`).set(t.admin)).body.data.price).toEqual([{ amount: 300, currency: 'USD', includes_tax: true }]);
  });

  it('manage_stock with no stock is out-stock', async () => {
    const p = await create({ manage_stock: true });
    expect(p.meta.stock).toEqual({ level: 0, availability: 'out-stock' });
  });

  it('validates required fields with 400 and source', async () => {
    expectErrorDocument(await t.http.post('/v2/products').set(t.admin).send({ data: { name: 'x' } }), 400, { source: 'data.slug' });
    expectErrorDocument(await t.http.post('/v2/products').set(t.admin).send(body({ price: [{ amount: 1.5, currency: 'USD', includes_tax: true }] })), 400, { source: 'data.price.0.amount' });
    expectErrorDocument(await t.http.post('/v2/products').set(t.admin).send(body({ commodity_type: 'magic' })), 400, { source: 'data.commodity_type' });
    expectErrorDocument(await t.http.post('/v2/products').set(t.admin).send(body({ status: 'gone' })), 400, { source: 'data.status' });
    expectErrorDocument(await t.http.post('/v2/products').set(t.admin).send({}), 400, { source: 'data' });
    // An array where a price object belongs is a 400, never let through to the database.
    for (const price of [[[]], [[{ amount: 1, currency: 'USD' }]], ['USD'], [null]]) {
      expectErrorDocument(await t.http.post('/v2/products').set(t.admin).send(body({ price })), 400, { source: 'data.price' });
    }
  });

  it('refuses duplicate slug and sku with 409 naming the field', async () => {
    const p = await create();
    expectErrorDocument(await t.http.post('/v2/products').set(t.admin).send(body({ slug: p.slug })), 409, { detail: /slug/, source: 'data.slug' });
    expectErrorDocument(await t.http.post('/v2/products').set(t.admin).send(body({ sku: p.sku })), 409, { detail: /sku/, source: 'data.sku' });
    const other = await create();
    expectErrorDocument(await t.http.put(`/v2/products/${other.id}`).set(t.admin).send({ data: { slug: p.slug } }), 409, { source: 'data.slug' });
  });

  it('names the clashing field exactly (slug before sku), writes no event for a refused write, and answers what it published', async () => {
    const a = await create();
    const b = await create();
    const createdEvents = () => t.prisma.outboxEvent.count({ where: { name: 'product.created' } });
    const updatedEvents = () => t.prisma.outboxEvent.count({ where: { name: 'product.updated' } });
    const [created0, updated0] = [await createdEvents(), await updatedEvents()];
    const clash = async (res: any, field: 'slug' | 'sku', value: string) => {
      expect(res.status).toBe(409);
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors[0]).toMatchObject({ status: 409, title: 'Conflict', detail: `A product with ${field} "${value}" already exists`, source: `data.${field}` });
    };
    await clash(await t.http.post('/v2/products').set(t.admin).send(body({ slug: a.slug })), 'slug', a.slug);
    await clash(await t.http.post('/v2/products').set(t.admin).send(body({ sku: a.sku })), 'sku', a.sku);
    await clash(await t.http.post('/v2/products').set(t.admin).send(body({ slug: a.slug, sku: a.sku })), 'slug', a.slug);
    await clash(await t.http.post('/v2/products').set(t.admin).send(body({ slug: b.slug, sku: a.sku })), 'slug', b.slug);
    // A NUL character is refused by validation, naming its field, before any clash is looked for.
    expectErrorDocument(await t.http.post('/v2/products').set(t.admin).send(body({ slug: a.slug, name: 'nul \u0000 here' })), 400, { source: 'data.name' });
    await clash(await t.http.put(`/v2/products/${b.id}`).set(t.admin).send({ data: { sku: a.sku } }), 'sku', a.sku);
    await clash(await t.http.put(`/v2/products/${b.id}`).set(t.admin).send({ data: { sku: a.sku, slug: a.slug } }), 'slug', a.slug);
    await clash(await t.http.put(`/v2/products/${b.id}`).set(t.admin).send({ data: { slug: b.slug, sku: a.sku } }), 'sku', a.sku);
    // Without a clash, too (and no event either).
    expectErrorDocument(await t.http.post('/v2/products').set(t.admin).send(body({ name: 'nul \u0000 here' })), 400, { source: 'data.name' });
    expect([await createdEvents(), await updatedEvents()]).toEqual([created0, updated0]);
    expect((await t.http.get(`/v2/products/${b.id}`).set(t.admin)).body.data).toEqual(b);
    // Its own slug and sku are no clash.
    const same = await t.http.put(`/v2/products/${b.id}`).set(t.admin).send({ data: { slug: b.slug, sku: b.sku } });
    expect(same.status).toBe(200);
    expect(await updatedEvents()).toBe(updated0 + 1);

    // Created: the response, the stored product and the event's payload are the same document.
    const res = await t.http.post('/v2/products').set(t.admin).send(body({ price: [{ amount: 0, currency: 'eur' }, { amount: 250, currency: 'USD', includes_tax: false }], stock: 7, manage_stock: true }));
    expect(res.status).toBe(201);
    const p = res.body.data;
    expect(p.meta.timestamps.updated_at).toBe(p.meta.timestamps.created_at);
    expect((await t.http.get(`/v2/products/${p.id}`).set(t.admin)).body.data).toEqual(p);
    const events = await t.prisma.outboxEvent.findMany({ where: { name: 'product.created' } });
    const mine = events.filter((e) => (e.payload as any).data.id === p.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].payload).toEqual({ data: p });
    expect(await createdEvents()).toBe(created0 + 1);

    // A lone surrogate is answered (and published) as stored: U+FFFD.
    const raw = JSON.stringify(body({ name: 'lone SURROGATE', 'tax-code': 'SURROGATE' })).replace(/SURROGATE/g, '\\ud800');
    const lone = await t.http.post('/v2/products').set(t.admin).set('content-type', 'application/json').send(raw);
    expect(lone.status).toBe(201);
    expect(lone.body.data).toMatchObject({ name: 'lone \ufffd', 'tax-code': '\ufffd' });
    expect((await t.http.get(`/v2/products/${lone.body.data.id}`).set(t.admin)).body.data).toEqual(lone.body.data);
    const loneEvent = await t.prisma.outboxEvent.findMany({ where: { name: 'product.created' } });
    expect(loneEvent.filter((e) => (e.payload as any).data.id === lone.body.data.id).map((e) => e.payload)).toEqual([{ data: lone.body.data }]);
  });

  it('concurrent creates with one slug: one is created, the others are 409 naming slug, one event', async () => {
    const slug = `race-${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 6 }, () => t.http.post('/v2/products').set(t.admin).send(body({ slug }))));
    const created = results.filter((r) => r.status === 201);
    expect(created).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expectErrorDocument(r, 409, { detail: `A product with slug "${slug}" already exists`, source: 'data.slug' });
    const events = await t.prisma.outboxEvent.findMany({ where: { name: 'product.created' } });
    expect(events.filter((e) => (e.payload as any).data.slug === slug)).toHaveLength(1);
  });

  it('updates partially and deletes with 204; unknown and malformed ids are 404', async () => {
    const p = await create();
    const res = await t.http.put(`/v2/products/${p.id}`).set(t.admin).send({ data: { type: 'product', name: 'Renamed', price: [{ amount: 500, currency: 'JPY', includes_tax: false }] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', slug: p.slug, sku: p.sku });
    expect(res.body.data.meta.display_price.with_tax.formatted).toBe('¥500');
    // null clears only a field that can be empty ('tax-code'); for any other it is a 400 naming the field.
    const nulls = await t.http.put(`/v2/products/${p.id}`).set(t.admin).send({ data: { name: null, status: null, commodity_type: null, 'tax-code': null } });
    expect(nulls.status).toBe(400);
    expect(nulls.body.errors.map((e: any) => e.source).sort()).toEqual(['data.commodity_type', 'data.name', 'data.status']);
    const cleared = await t.http.put(`/v2/products/${p.id}`).set(t.admin).send({ data: { 'tax-code': null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({ name: 'Renamed', status: p.status, commodity_type: p.commodity_type, 'tax-code': null });
    expect((await t.http.delete(`/v2/products/${p.id}`).set(t.admin)).status).toBe(204);
    const deleted = await t.prisma.outboxEvent.findMany({ where: { name: 'product.deleted' } });
    expect(deleted.map((e) => e.payload)).toContainEqual({ type: 'product', id: p.id });
    expectErrorDocument(await t.http.get(`/v2/products/${p.id}`).set(t.admin), 404);
    expectErrorDocument(await t.http.get('/v2/products/not-a-uuid').set(t.admin), 404);
    expectErrorDocument(await t.http.put(`/v2/products/${randomUUID()}`).set(t.admin).send({ data: { name: 'x' } }), 404);
    expectErrorDocument(await t.http.delete(`/v2/products/${randomUUID()}`).set(t.admin), 404);
  });

  it('implicit tokens: 403 on writes, live products only', async () => {
    const draft = await create({ status: 'draft' });
    const live = await create({ status: 'live' });
    expectErrorDocument(await t.http.post('/v2/products').set(t.storefront).send(body()), 403);
    expectErrorDocument(await t.http.put(`/v2/products/${live.id}`).set(t.storefront).send({ data: { name: 'x' } }), 403);
    expectErrorDocument(await t.http.delete(`/v2/products/${live.id}`).set(t.storefront), 403);
    expectErrorDocument(await t.http.post(`/v2/products/${live.id}/relationships/categories`).set(t.storefront).send({ data: [] }), 403);
    expectErrorDocument(await t.http.get(`/v2/products/${draft.id}`).set(t.storefront), 404);
    expect((await t.http.get(`/v2/products/${live.id}`).set(t.storefront)).status).toBe(200);
    const list = await t.http.get('/v2/products?page[limit]=100').set(t.storefront);
    expect(list.status).toBe(200);
    expect(list.body.data.every((p: any) => p.status === 'live')).toBe(true);
    expect(list.body.data.map((p: any) => p.id)).toContain(live.id);
    expect(list.body.data.map((p: any) => p.id)).not.toContain(draft.id);
    // Nor is it told the ids of draft categories a live product is in (get and list); the admin is.
    const [shown, hidden] = [await category(), await category({ status: 'draft' })];
    await t.http.post(`/v2/products/${live.id}/relationships/categories`).set(t.admin).send({ data: [{ type: 'category', id: shown.id }, { type: 'category', id: hidden.id }] });
    const links = (res: any) => res.body.data.relationships.categories.data.map((c: any) => c.id);
    expect(links(await t.http.get(`/v2/products/${live.id}`).set(t.storefront))).toEqual([shown.id]);
    expect(links(await t.http.get(`/v2/products/${live.id}`).set(t.admin))).toEqual([shown.id, hidden.id]);
    const listed = await t.http.get(`/v2/products?filter=eq(id,${live.id})`).set(t.storefront);
    expect(listed.body.data[0].relationships.categories.data.map((c: any) => c.id)).toEqual([shown.id]);
  });

  describe('relationships and includes', () => {
    let p: any, p2: any, c1: any, c2: any, f1: any, f2: any;
    beforeAll(async () => {
      [p, p2, c1, c2, f1, f2] = [await create(), await create(), await category(), await category({ status: 'draft' }), await file(), await file()];
    });

    it('POST adds, PUT replaces, DELETE removes categories', async () => {
      const url = `/v2/products/${p.id}/relationships/categories`;
      let res = await t.http.post(url).set(t.admin).send({ data: [{ type: 'category', id: c1.id }] });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([{ type: 'category', id: c1.id }]);
      res = await t.http.post(url).set(t.admin).send({ data: [{ type: 'category', id: c2.id }, { type: 'category', id: c1.id }] });
      expect(res.body.data).toHaveLength(2);
      res = await t.http.put(url).set(t.admin).send({ data: [{ type: 'category', id: c2.id }] });
      expect(res.body.data).toEqual([{ type: 'category', id: c2.id }]);
      res = await t.http.put(url).set(t.admin).send({ data: [] });
      expect(res.body.data).toEqual([]);
      expect((await t.http.get(`/v2/products/${p.id}`).set(t.admin)).body.data.relationships).toEqual({});
      await t.http.post(url).set(t.admin).send({ data: [{ type: 'category', id: c1.id }, { type: 'category', id: c2.id }] });
      res = await t.http.delete(url).set(t.admin).send({ data: [{ type: 'category', id: c2.id }] });
      expect(res.status).toBe(204);
      expect((await t.http.get(`/v2/products/${p.id}`).set(t.admin)).body.data.relationships.categories.data).toEqual([{ type: 'category', id: c1.id }]);
      await t.http.post(url).set(t.admin).send({ data: [{ type: 'category', id: c2.id }] });
    });

    it('files (plural and singular path) and main-image', async () => {
      let res = await t.http.post(`/v2/products/${p.id}/relationships/file`).set(t.admin).send({ data: [{ type: 'file', id: f1.id }] });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([{ type: 'file', id: f1.id }]);
      res = await t.http.post(`/v2/products/${p.id}/relationships/files`).set(t.admin).send({ data: [{ type: 'file', id: f2.id }] });
      expect(res.body.data).toHaveLength(2);
      res = await t.http.post(`/v2/products/${p.id}/relationships/main-image`).set(t.admin).send({ data: { type: 'main_image', id: f1.id } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ type: 'main_image', id: f1.id });
      res = await t.http.put(`/v2/products/${p2.id}/relationships/main-image`).set(t.admin).send({ data: { type: 'main_image', id: f1.id } });
      expect(res.status).toBe(200);
      const got = (await t.http.get(`/v2/products/${p.id}`).set(t.admin)).body.data;
      expect(got.relationships.main_image).toEqual({ data: { type: 'main_image', id: f1.id } });
      expect(got.relationships.files.data).toHaveLength(2);
    });

    it('rejects unknown related ids (422) and bad bodies (400 with source), unknown relation 404', async () => {
      expectErrorDocument(await t.http.post(`/v2/products/${p.id}/relationships/categories`).set(t.admin).send({ data: [{ type: 'category', id: randomUUID() }] }), 422, { detail: /category/ });
      expectErrorDocument(await t.http.post(`/v2/products/${p.id}/relationships/main-image`).set(t.admin).send({ data: { type: 'main_image', id: 'nope' } }), 422);
      expectErrorDocument(await t.http.post(`/v2/products/${p.id}/relationships/categories`).set(t.admin).send({ data: 'x' }), 400, { source: 'data' });
      expectErrorDocument(await t.http.post(`/v2/products/${p.id}/relationships/categories`).set(t.admin).send({ data: [{ type: 'category' }] }), 400, { source: 'data[0].id' });
      expectErrorDocument(await t.http.post(`/v2/products/${p.id}/relationships/categories`).set(t.admin).send({ data: [{ type: 'brand', id: c1.id }] }), 400, { source: 'data[0].type' });
      expectErrorDocument(await t.http.post(`/v2/products/${p.id}/relationships/main-image`).set(t.admin).send({ nope: 1 }), 400, { source: 'data' });
      expectErrorDocument(await t.http.post(`/v2/products/${p.id}/relationships/brands`).set(t.admin).send({ data: [] }), 404);
      expectErrorDocument(await t.http.post(`/v2/products/${randomUUID()}/relationships/categories`).set(t.admin).send({ data: [] }), 404);
    });

    it('includes main_image, files, categories with dedupe; none when nothing related or unsupported', async () => {
      let res = await t.http.get(`/v2/products?include=main_image&filter=in(id,${p.id},${p2.id})`).set(t.admin);
      expect(res.status).toBe(200);
      expect(res.body.included.main_images).toHaveLength(1); // deduped: both share f1
      expect(res.body.included.main_images[0]).toMatchObject({ type: 'file', id: f1.id, meta: { dimensions: { width: 1, height: 1 } } });
      expect(res.body.included.main_images[0].link.href).toMatch(new RegExp(`^http://.+/v2/files/${f1.id}/content$`));
      res = await t.http.get(`/v2/products/${p.id}?include=main_images,files,categories`).set(t.admin);
      expect(Object.keys(res.body.included).sort()).toEqual(['categories', 'files', 'main_images']);
      expect(res.body.included.files.map((f: any) => f.id).sort()).toEqual([f1.id, f2.id].sort());
      expect(res.body.included.categories.map((c: any) => c.id).sort()).toEqual([c1.id, c2.id].sort());
      expect(res.body.data.relationships.categories.data).toHaveLength(2);
      res = await t.http.get(`/v2/products/${p.id}?include=category`).set(t.admin);
      expect(res.body.included.categories).toHaveLength(2);
      // Included categories are full objects: their own relationships.products, as GET /categories/:id shows them.
      res = await t.http.get(`/v2/products?include=categories&filter=in(id,${p.id},${p2.id})`).set(t.admin);
      for (const cat of res.body.included.categories) {
        const direct = (await t.http.get(`/v2/categories/${cat.id}`).set(t.admin)).body.data;
        expect(cat).toEqual(direct);
        expect(cat.relationships.products.data).toContainEqual({ type: 'product', id: p.id });
      }
      // storefront: draft category left out of included
      res = await t.http.get(`/v2/products/${p.id}?include=categories`).set(t.storefront);
      expect(res.body.included.categories.map((c: any) => c.id)).toEqual([c1.id]);
      // nothing related
      const bare = await create();
      res = await t.http.get(`/v2/products/${bare.id}?include=main_image,files,categories`).set(t.admin);
      expect(res.body.included).toBeUndefined();
      res = await t.http.get(`/v2/products/${p.id}?include=brands`).set(t.admin);
      expect(res.status).toBe(200);
      expect(res.body.included).toBeUndefined();
      expectErrorDocument(await t.http.get(`/v2/products?include=a,b,c,d,e,f`).set(t.admin), 400, { source: 'include' });
      // filter by category
      res = await t.http.get(`/v2/products?filter=eq(category.id,${c1.id})`).set(t.admin);
      expect(res.body.data.map((x: any) => x.id)).toEqual([p.id]);
    });

    it('DELETE main-image removes it', async () => {
      const res = await t.http.delete(`/v2/products/${p2.id}/relationships/main-image`).set(t.admin).send({ data: { type: 'main_image', id: f1.id } });
      expect(res.status).toBe(204);
      expect((await t.http.get(`/v2/products/${p2.id}`).set(t.admin)).body.data.relationships).toEqual({});
    });
  });

  describe('lists', () => {
    it('envelopes on empty, partial and last pages; sort/filter errors are 400', async () => {
      let res = await t.http.get('/v2/products?filter=eq(sku,none)').set(t.admin);
      expectPage(res, { limit: 25, offset: 0, total: 0, count: 0 });
      expect(res.body.links.next).toBeNull();
      const total = (await t.http.get('/v2/products').set(t.admin)).body.meta.results.total;
      res = await t.http.get('/v2/products?page[limit]=3&page[offset]=3').set(t.admin);
      expectPage(res, { limit: 3, offset: 3, total, count: Math.min(3, total - 3) });
      const lastOffset = Math.floor((total - 1) / 3) * 3;
      res = await t.http.get(`/v2/products?page[limit]=3&page[offset]=${lastOffset}`).set(t.admin);
      expectPage(res, { limit: 3, offset: lastOffset, total, count: total - lastOffset });
      expect(res.body.links.next).toBeNull();
      expectErrorDocument(await t.http.get('/v2/products?sort=price').set(t.admin), 400);
      expectErrorDocument(await t.http.get('/v2/products?filter=eq(price,1)').set(t.admin), 400);
      expectErrorDocument(await t.http.get('/v2/products?filter=gt(name,a)').set(t.admin), 400);
      res = await t.http.get('/v2/products?sort=-name&filter=like(name,Product*)').set(t.admin);
      expect(res.status).toBe(200);
      const names = res.body.data.map((p: any) => p.name);
      expect(names).toEqual([...names].sort().reverse());
    });

    it('sorts and filters on every field Elastic Path lists for products', async () => {
      const tag = `sf${seq}`;
      const made = [
        await create({ name: `${tag} a`, description: 'bbb', commodity_type: 'physical', manage_stock: true }),
        await create({ name: `${tag} b`, description: 'aaa', commodity_type: 'digital', manage_stock: false }),
        await create({ name: `${tag} c`, description: 'ccc', commodity_type: 'physical', manage_stock: false, status: 'draft' }),
      ];
      const list = async (query: string) => {
        const res = await t.http.get(`/v2/products?filter=like(name,${tag}*)&${query}`).set(t.admin);
        expect(res.status).toBe(200);
        return res.body.data.map((p: any) => made.findIndex((m) => m.id === p.id));
      };
      expect(await list('sort=description')).toEqual([1, 0, 2]);
      expect(await list('sort=-description')).toEqual([2, 0, 1]);
      // The full order, ties (equal values, in either order) compared as sets.
      const byCommodity = await list('sort=commodity_type');
      expect([byCommodity[0], byCommodity.slice(1).sort()]).toEqual([1, [0, 2]]); // digital, then the physical ones
      const byStock = await list('sort=-manage_stock');
      expect([byStock[0], byStock.slice(1).sort()]).toEqual([0, [1, 2]]); // managed first
      const byStatus = await list('sort=-status');
      expect([byStatus.slice(0, 2).sort(), byStatus[2]]).toEqual([[0, 1], 2]); // live, then draft
      const digital = await t.http.get(`/v2/products?filter=like(name,${tag}*):eq(commodity_type,digital):eq(manage_stock,false)`).set(t.admin);
      expect(digital.body.data.map((p: any) => p.id)).toEqual([made[1].id]);
      const none = await t.http.get(`/v2/products?filter=eq(brand.id,${randomUUID()})`).set(t.admin);
      expect(none.status).toBe(200);
      expect(none.body.data).toEqual([]);
      expect((await t.http.get(`/v2/products?filter=eq(collection.id,${randomUUID()})`).set(t.admin)).body.data).toEqual([]);
      expectErrorDocument(await t.http.get('/v2/products?sort=tax-code').set(t.admin), 400, { source: 'sort' });
    });

    it('the page_length setting changes the default limit', async () => {
      await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: 2 } });
      try {
        const res = await t.http.get('/v2/products').set(t.admin);
        expect(res.body.meta.page.limit).toBe(2);
        expect(res.body.data).toHaveLength(2);
      } finally {
        await t.http.delete('/v2/settings').set(t.admin);
      }
    });

    it('keyset walk over 1,000+ products by id and by created_at sees every record once', async () => {
      const base = Date.now() - 3_600_000;
      await t.prisma.product.createMany({
        data: Array.from({ length: 1000 }, (_, i) => ({
          name: `Bulk ${i}`,
          slug: `bulk-${i}`,
          sku: `BULK-${i}`,
          price: [{ amount: 100, currency: 'USD', includes_tax: true }],
          status: 'live',
          createdAt: new Date(base + Math.floor(i / 3) * 1000),
        })),
      });
      const expected = await t.prisma.product.count();
      expect(expected).toBeGreaterThanOrEqual(1000);

      const seenById = new Set<string>();
      let last: string | undefined;
      for (;;) {
        const res = await t.http.get(`/v2/products?sort=id&page[limit]=100${last ? `&filter=gt(id,${last})` : ''}`).set(t.admin);
        expect(res.status).toBe(200);
        if (res.body.data.length === 0) break;
        for (const p of res.body.data) {
          expect(seenById.has(p.id)).toBe(false);
          seenById.add(p.id);
        }
        last = res.body.data[res.body.data.length - 1].id;
      }
      expect(seenById.size).toBe(expected);

      // created_at: ge on the last timestamp, skipping ids already seen at that timestamp
      const seen = new Set<string>();
      let from: string | undefined;
      for (let guard = 0; guard < 100; guard++) {
        const res = await t.http.get(`/v2/products?sort=created_at&page[limit]=100${from ? `&filter=ge(created_at,${from})` : ''}`).set(t.admin);
        expect(res.status).toBe(200);
        const fresh = res.body.data.filter((p: any) => !seen.has(p.id));
        if (fresh.length === 0) break;
        for (const p of fresh) seen.add(p.id);
        from = res.body.data[res.body.data.length - 1].meta.timestamps.created_at;
      }
      expect(seen.size).toBe(expected);
    });
  });
});
