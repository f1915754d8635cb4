import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '../support/test-app';
import { expectErrorDocument, expectPage } from '../support/documents';

describe('catalog: categories', () => {
  let t: TestApp;
  let seq = 0;
  const create = async (over: Record<string, unknown> = {}) => {
    seq++;
    const res = await t.http.post('/v2/categories').set(t.admin).send({ data: { type: 'category', name: `Cat ${seq}`, slug: `cat-${seq}`, ...over } });
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const product = async (status = 'live') => {
    seq++;
    const res = await t.http.post('/v2/products').set(t.admin).send({
      data: { type: 'product', name: `P ${seq}`, slug: `p-${seq}`, sku: `p-${seq}`, price: [{ amount: 100, currency: 'USD', includes_tax: true }], commodity_type: 'digital', status },
    });
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const link = (productId: string, categoryId: string) =>
    t.http.post(`/v2/products/${productId}/relationships/categories`).set(t.admin).send({ data: [{ type: 'category', id: categoryId }] });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates with defaults, gets, updates, deletes (204) and publishes events', async () => {
    const c = await create({ description: 'd', background_colour: '#ff0000', background_image: 'https://example.com/bg.png' });
    expect(c).toMatchObject({ type: 'category', status: 'draft', description: 'd', background_colour: '#ff0000', background_image: 'https://example.com/bg.png', relationships: { products: { data: [] } } });
    expect(c.meta.timestamps.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    expect((await t.http.get(`/v2/categories/${c.id}`).set(t.admin)).body.data).toEqual(c);
    const upd = await t.http.put(`/v2/categories/${c.id}`).set(t.admin).send({ data: { type: 'category', status: 'live', name: 'New' } });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ name: 'New', status: 'live', slug: c.slug });
    expect((await t.http.delete(`/v2/categories/${c.id}`).set(t.admin)).status).toBe(204);
    expectErrorDocument(await t.http.get(`/v2/categories/${c.id}`).set(t.admin), 404);
    const names = (await t.prisma.outboxEvent.findMany({ where: { name: { startsWith: 'category.' } } })).map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['category.created', 'category.updated', 'category.deleted']));
  });

  it('404 for unknown and malformed ids; 409 duplicate slug; 400 validation with source', async () => {
    expectErrorDocument(await t.http.get(`/v2/categories/${randomUUID()}`).set(t.admin), 404);
    expectErrorDocument(await t.http.get('/v2/categories/zzz').set(t.admin), 404);
    expectErrorDocument(await t.http.put(`/v2/categories/${randomUUID()}`).set(t.admin).send({ data: { name: 'x' } }), 404);
    expectErrorDocument(await t.http.delete(`/v2/categories/${randomUUID()}`).set(t.admin), 404);
    const c = await create();
    expectErrorDocument(await t.http.post('/v2/categories').set(t.admin).send({ data: { name: 'x', slug: c.slug } }), 409, { source: 'data.slug', detail: /slug/ });
    const d = await create();
    expectErrorDocument(await t.http.put(`/v2/categories/${d.id}`).set(t.admin).send({ data: { slug: c.slug } }), 409, { source: 'data.slug' });
    expectErrorDocument(await t.http.post('/v2/categories').set(t.admin).send({ data: { slug: 'no-name' } }), 400, { source: 'data.name' });
    expectErrorDocument(await t.http.post('/v2/categories').set(t.admin).send({ data: { name: 'x', slug: 'y', status: 'nope' } }), 400, { source: 'data.status' });
    expectErrorDocument(await t.http.post('/v2/categories').set(t.admin).send({ data: { name: 'x', slug: 'y2', background_colour: 'red' } }), 400, { source: 'data.background_colour' });
  });

  it('implicit tokens: 403 on writes, live only on list/get/tree', async () => {
    const live = await create({ status: 'live' });
    const draft = await create({ status: 'draft' });
    expectErrorDocument(await t.http.post('/v2/categories').set(t.storefront).send({ data: { name: 'x', slug: 'x' } }), 403);
    expectErrorDocument(await t.http.put(`/v2/categories/${live.id}`).set(t.storefront).send({ data: { name: 'x' } }), 403);
    expectErrorDocument(await t.http.delete(`/v2/categories/${live.id}`).set(t.storefront), 403);
    expect((await t.http.get(`/v2/categories/${live.id}`).set(t.storefront)).status).toBe(200);
    expectErrorDocument(await t.http.get(`/v2/categories/${draft.id}`).set(t.storefront), 404);
    const list = await t.http.get('/v2/categories?page[limit]=100').set(t.storefront);
    expect(list.body.data.every((c: any) => c.status === 'live')).toBe(true);
    const tree = await t.http.get('/v2/categories/tree').set(t.storefront);
    expect(tree.status).toBe(200);
    expect(JSON.stringify(tree.body.data)).not.toContain(draft.id);
  });

  it('tree nests children under parents', async () => {
    const root = await create({ status: 'live' });
    const child = await create({ status: 'live', parent_id: root.id });
    const grandchild = await create({ status: 'live', parent_id: child.id });
    const res = await t.http.get('/v2/categories/tree').set(t.admin);
    expect(res.status).toBe(200);
    const node = res.body.data.find((c: any) => c.id === root.id);
    expect(node.children.map((c: any) => c.id)).toEqual([child.id]);
    expect(node.children[0].children.map((c: any) => c.id)).toEqual([grandchild.id]);
    expect(res.body.data.find((c: any) => c.id === child.id)).toBeUndefined();
    expectErrorDocument(await t.http.put(`/v2/categories/${root.id}`).set(t.admin).send({ data: { parent_id: grandchild.id } }), 422, { source: 'data.parent_id' });
    expectErrorDocument(await t.http.post('/v2/categories').set(t.admin).send({ data: { name: 'o', slug: 'orphan', parent_id: randomUUID() } }), 422);
  });

  it('relationships.products and include=products (full objects, live only for storefront, deduped)', async () => {
    const c1 = await create({ status: 'live' });
    const c2 = await create({ status: 'live' });
    const empty = await create({ status: 'live' });
    const p1 = await product('live');
    const p2 = await product('draft');
    await link(p1.id, c1.id);
    await link(p2.id, c1.id);
    await link(p1.id, c2.id);
    let res = await t.http.get(`/v2/categories/${c1.id}?include=products`).set(t.admin);
    expect(res.body.data.relationships.products.data).toEqual([
      { type: 'product', id: p1.id },
      { type: 'product', id: p2.id },
    ]);
    expect(res.body.included.products.map((p: any) => p.id).sort()).toEqual([p1.id, p2.id].sort());
    expect(res.body.included.products[0]).toMatchObject({ type: 'product', price: expect.any(Array), meta: expect.any(Object) });
    res = await t.http.get(`/v2/categories/${c1.id}?include=products`).set(t.storefront);
    expect(res.body.included.products.map((p: any) => p.id)).toEqual([p1.id]);
    // A storefront is not told the ids of draft products either: get, list, tree, and categories included in products.
    const liveOnly = [{ type: 'product', id: p1.id }];
    expect(res.body.data.relationships.products.data).toEqual(liveOnly);
    res = await t.http.get(`/v2/categories?filter=eq(id,${c1.id})`).set(t.storefront);
    expect(res.body.data[0].relationships.products.data).toEqual(liveOnly);
    res = await t.http.get('/v2/categories/tree').set(t.storefront);
    expect(res.body.data.find((c: any) => c.id === c1.id).relationships.products.data).toEqual(liveOnly);
    res = await t.http.get(`/v2/products/${p1.id}?include=categories`).set(t.storefront);
    expect(res.body.included.categories.find((c: any) => c.id === c1.id).relationships.products.data).toEqual(liveOnly);
    res = await t.http.get(`/v2/categories?include=products&filter=in(id,${c1.id},${c2.id})`).set(t.admin);
    expect(res.body.included.products).toHaveLength(2); // p1 appears once
    res = await t.http.get(`/v2/categories/${empty.id}?include=products`).set(t.admin);
    expect(res.body.data.relationships).toEqual({ products: { data: [] } });
    expect(res.body.included).toBeUndefined();
    res = await t.http.get(`/v2/categories/${c1.id}?include=files`).set(t.admin);
    expect(res.body.included).toBeUndefined();
    expectErrorDocument(await t.http.get(`/v2/categories/${c1.id}?include=a,b,c,d,e,f`).set(t.admin), 400);
  });

  it('sorts by every field Elastic Path lists for categories (description included)', async () => {
    const made = [
      await create({ name: 'sortd 1', slug: 'sortd-b', description: 'mmm', status: 'live' }),
      await create({ name: 'sortd 2', slug: 'sortd-c', description: 'aaa', status: 'draft' }),
      await create({ name: 'sortd 3', slug: 'sortd-a', description: 'zzz', status: 'live' }),
    ];
    const order = async (sort: string) => {
      const res = await t.http.get(`/v2/categories?filter=like(name,sortd*)&sort=${sort}`).set(t.admin);
      expect(res.status).toBe(200);
      return res.body.data.map((c: any) => made.findIndex((m) => m.id === c.id));
    };
    expect(await order('description')).toEqual([1, 0, 2]);
    expect(await order('-description')).toEqual([2, 0, 1]);
    expect(await order('created_at')).toEqual([0, 1, 2]);
    expect(await order('-created_at')).toEqual([2, 1, 0]);
    expect(await order('updated_at')).toEqual([0, 1, 2]);
    expect(await order('name')).toEqual([0, 1, 2]);
    expect(await order('-name')).toEqual([2, 1, 0]);
    expect(await order('slug')).toEqual([2, 0, 1]);
    expect(made.map((c) => c.status)).toEqual(['live', 'draft', 'live']);
    // draft before live; the two live ones tie (in either order).
    const byStatus = await order('status');
    expect([byStatus[0], byStatus.slice(1).sort()]).toEqual([1, [0, 2]]);
    const byStatusDesc = await order('-status');
    expect([byStatusDesc.slice(0, 2).sort(), byStatusDesc[2]]).toEqual([[0, 2], 1]);
    expectErrorDocument(await t.http.get('/v2/categories?sort=background_colour').set(t.admin), 400, { source: 'sort' });
  });

  it('a category with no products has relationships.products.data [] everywhere (create, get, list, tree, update)', async () => {
    const c = await create({ name: 'lonely', status: 'live' });
    expect(c.relationships).toEqual({ products: { data: [] } });
    expect((await t.http.get(`/v2/categories/${c.id}`).set(t.admin)).body.data.relationships).toEqual({ products: { data: [] } });
    const listed = (await t.http.get(`/v2/categories?filter=eq(id,${c.id})`).set(t.admin)).body.data[0];
    expect(listed.relationships).toEqual({ products: { data: [] } });
    const tree = (await t.http.get('/v2/categories/tree').set(t.admin)).body.data.find((n: any) => n.id === c.id);
    expect(tree.relationships).toEqual({ products: { data: [] } });
    const upd = await t.http.put(`/v2/categories/${c.id}`).set(t.admin).send({ data: { name: 'still lonely' } });
    expect(upd.body.data.relationships).toEqual({ products: { data: [] } });
  });

  it('background_colour and background_image are strings when set, absent when unset (never null)', async () => {
    const bare = await create();
    expect(bare).not.toHaveProperty('background_colour');
    expect(bare).not.toHaveProperty('background_image');
    const set = await create({ background_colour: '#00ff00', background_image: 'https://example.com/a.png' });
    expect(set).toMatchObject({ background_colour: '#00ff00', background_image: 'https://example.com/a.png' });
    const cleared = await t.http.put(`/v2/categories/${set.id}`).set(t.admin).send({ data: { background_colour: null, background_image: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).not.toHaveProperty('background_colour');
    expect(cleared.body.data).not.toHaveProperty('background_image');
    const emptied = await t.http.put(`/v2/categories/${set.id}`).set(t.admin).send({ data: { background_image: '' } });
    expect(emptied.body.data).not.toHaveProperty('background_image');
    const listed = (await t.http.get('/v2/categories?page[limit]=100').set(t.admin)).body.data;
    for (const c of listed) {
      for (const key of ['background_colour', 'background_image']) if (key in c) expect(typeof c[key]).toBe('string');
    }
  });

  it('lists: envelope, sort, filter, bad params 400, page_length default', async () => {
    let res = await t.http.get('/v2/categories?filter=eq(slug,nothing)').set(t.admin);
    expectPage(res, { limit: 25, offset: 0, total: 0, count: 0 });
    const total = (await t.http.get('/v2/categories').set(t.admin)).body.meta.results.total;
    res = await t.http.get('/v2/categories?page[limit]=2&page[offset]=2').set(t.admin);
    expectPage(res, { limit: 2, offset: 2, total, count: 2 });
    res = await t.http.get('/v2/categories?sort=-created_at&filter=eq(status,live)').set(t.admin);
    expect(res.status).toBe(200);
    const created = res.body.data.map((c: any) => c.meta.timestamps.created_at);
    expect(created).toEqual([...created].sort().reverse());
    res = await t.http.get('/v2/categories?filter=like(name,cat*)&page[limit]=100').set(t.admin);
    const every = (await t.http.get('/v2/categories?page[limit]=100').set(t.admin)).body.data;
    const startingWithCat = every.filter((c: any) => c.name.toLowerCase().startsWith('cat')).map((c: any) => c.id);
    expect(startingWithCat.length).toBeGreaterThan(0);
    expect(res.body.data.map((c: any) => c.id).sort()).toEqual(startingWithCat.sort());
    expectErrorDocument(await t.http.get('/v2/categories?sort=colour').set(t.admin), 400);
    expectErrorDocument(await t.http.get('/v2/categories?filter=like(status,x)').set(t.admin), 400);
    await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: 3 } });
    try {
      expect((await t.http.get('/v2/categories').set(t.admin)).body.meta.page.limit).toBe(3);
    } finally {
      await t.http.delete('/v2/settings').set(t.admin);
    }
  });
});
