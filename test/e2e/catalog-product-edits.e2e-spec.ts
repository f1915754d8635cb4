import { createTestApp, TestApp } from '../support/test-app';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082', 'hex');

/** Relationship edits racing one another, and edits of a product changed behind the server's back. */
describe('catalog: product relationship edits', () => {
  let t: TestApp;
  let seq = 0;
  const product = async () => {
    seq++;
    const data = { type: 'product', name: `Edited ${seq}`, slug: `edited-${seq}`, sku: `EDITED-${seq}`, price: [{ amount: 100, currency: 'USD' }], status: 'live', commodity_type: 'physical' };
    const res = await t.http.post('/v2/products').set(t.admin).send({ data });
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const category = async () => {
    seq++;
    const res = await t.http.post('/v2/categories').set(t.admin).send({ data: { type: 'category', name: `Edit cat ${seq}`, slug: `edit-cat-${seq}`, status: 'live' } });
    expect(res.status).toBe(201);
    return res.body.data;
  };
  const updates = async (id: string) =>
    (await t.prisma.outboxEvent.findMany({ where: { name: 'product.updated' }, orderBy: { createdAt: 'asc' } }))
      .map((e) => (e.payload as any).data)
      .filter((d) => d.id === id);
  const get = async (id: string) => (await t.http.get(`/v2/products/${id}`).set(t.admin)).body.data;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('concurrent edits of one product all apply, each with one event; one of them shows the product as stored', async () => {
    const p = await product();
    const cats = await Promise.all(Array.from({ length: 8 }, category));
    const file = (await t.http.post('/v2/files').set(t.admin).attach('file', PNG, { filename: 'e.png', contentType: 'image/png' })).body.data;
    const results = await Promise.all([
      ...cats.map((c) => t.http.post(`/v2/products/${p.id}/relationships/categories`).set(t.admin).send({ data: [{ type: 'category', id: c.id }] })),
      t.http.post(`/v2/products/${p.id}/relationships/main-image`).set(t.admin).send({ data: { type: 'main_image', id: file.id } }),
    ]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const stored = await get(p.id);
    expect(stored.relationships.categories.data.map((c: any) => c.id).sort()).toEqual(cats.map((c) => c.id).sort());
    expect(stored.relationships.main_image).toEqual({ data: { type: 'main_image', id: file.id } });
    // Each answer lists the categories as they stood after that edit: every list is a prefix of the final one.
    const final = stored.relationships.categories.data.map((c: any) => c.id);
    for (const r of results.slice(0, cats.length)) {
      const ids = r.body.data.map((c: any) => c.id);
      expect(final.slice(0, ids.length)).toEqual(ids);
    }
    const events = await updates(p.id);
    expect(events).toHaveLength(cats.length + 1);
    expect(events).toContainEqual(stored);
  });

  it('an edit after a linked category was deleted answers without it', async () => {
    const p = await product();
    const [gone, kept] = [await category(), await category()];
    const url = `/v2/products/${p.id}/relationships/categories`;
    expect((await t.http.post(url).set(t.admin).send({ data: [{ type: 'category', id: gone.id }] })).status).toBe(200);
    expect((await t.http.delete(`/v2/categories/${gone.id}`).set(t.admin)).status).toBe(204);
    const res = await t.http.post(url).set(t.admin).send({ data: [{ type: 'category', id: kept.id }] });
    expect(res.body.data).toEqual([{ type: 'category', id: kept.id }]);
    const stored = await get(p.id);
    expect(stored.relationships.categories.data).toEqual([{ type: 'category', id: kept.id }]);
    expect((await updates(p.id)).pop()).toEqual(stored);
  });

  it('an edit after the product was changed elsewhere shows the change; a deleted one is 404', async () => {
    const p = await product();
    const c = await category();
    await t.prisma.product.update({ where: { id: p.id }, data: { stockLevel: 42, name: 'Changed elsewhere' } });
    const res = await t.http.post(`/v2/products/${p.id}/relationships/categories`).set(t.admin).send({ data: [{ type: 'category', id: c.id }] });
    expect(res.status).toBe(200);
    const last = (await updates(p.id)).pop();
    expect(last).toMatchObject({ name: 'Changed elsewhere', meta: { stock: { level: 42 } } });
    expect(last).toEqual(await get(p.id));
    await t.prisma.product.delete({ where: { id: p.id } });
    expect((await t.http.post(`/v2/products/${p.id}/relationships/categories`).set(t.admin).send({ data: [{ type: 'category', id: c.id }] })).status).toBe(404);
  });
});
