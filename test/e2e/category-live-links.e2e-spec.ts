import { createTestApp, TestApp } from '../support/test-app';

/**
 * A storefront lists a category's live products from the links alone: each link keeps whether its product is live
 * (`product_live`, written by triggers). These tests change statuses and links every way the API and SQL can, alone
 * and at once, and check that the storefront's lists follow and that every link agrees with its product.
 */
describe('categories: a storefront lists the live products of a category from its links', () => {
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const category = async () => {
    seq++;
    const res = await t.http.post('/v2/categories').set(t.admin).send({ data: { type: 'category', name: `Live ${seq}`, slug: `live-links-${seq}`, status: 'live' } });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const product = async (status: 'live' | 'draft') => {
    seq++;
    const res = await t.http.post('/v2/products').set(t.admin).send({
      data: { type: 'product', name: `P ${seq}`, slug: `live-links-p-${seq}`, sku: `live-links-p-${seq}`, price: [{ amount: 100, currency: 'USD', includes_tax: true }], commodity_type: 'digital', status },
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const link = async (productId: string, categoryId: string) => {
    const res = await t.http.post(`/v2/products/${productId}/relationships/categories`).set(t.admin).send({ data: [{ type: 'category', id: categoryId }] });
    expect(res.status).toBe(200);
  };
  const setStatus = async (id: string, status: 'live' | 'draft') => {
    const res = await t.http.put(`/v2/products/${id}`).set(t.admin).send({ data: { type: 'product', id, status } });
    expect(res.status).toBe(200);
  };
  /** The category's product ids as `as` sees them, in link order. */
  const listed = async (categoryId: string, as: 'admin' | 'storefront') => {
    const res = await t.http.get(`/v2/categories/${categoryId}`).set(t[as]).set('Cache-Control', 'no-cache');
    expect(res.status).toBe(200);
    return (res.body.data.relationships.products.data as { id: string }[]).map((p) => p.id);
  };
  const disagreeing = async () =>
    (await t.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM product_categories l JOIN products p ON p.id = l.product_id WHERE l.product_live <> (p.status = 'live')`)[0].n;

  it('shows a storefront the live products only, in link order, as their status changes', async () => {
    const c = await category();
    const [a, b, d] = [await product('live'), await product('draft'), await product('live')];
    for (const p of [a, b, d]) await link(p, c);
    expect(await listed(c, 'admin')).toEqual([a, b, d]);
    expect(await listed(c, 'storefront')).toEqual([a, d]);

    await setStatus(b, 'live');
    expect(await listed(c, 'storefront')).toEqual([a, b, d]);
    await setStatus(a, 'draft');
    expect(await listed(c, 'storefront')).toEqual([b, d]);
    await setStatus(a, 'draft');
    expect(await listed(c, 'storefront')).toEqual([b, d]);
    await setStatus(a, 'live');
    expect(await listed(c, 'storefront')).toEqual([a, b, d]);
    expect(await disagreeing()).toBe(0);
  });

  it('shows the same lists in a storefront products page that includes categories', async () => {
    const c = await category();
    const live = await product('live');
    const draft = await product('draft');
    await link(live, c);
    await link(draft, c);
    const res = await t.http.get(`/v2/products?include=categories&filter=eq(id,${live})`).set(t.storefront).set('Cache-Control', 'no-cache');
    expect(res.status).toBe(200);
    const included = res.body.included.categories.find((x: { id: string }) => x.id === c);
    expect(included.relationships.products.data.map((p: { id: string }) => p.id)).toEqual([live]);
  });

  it('a link made in the same statement that edits a live product knows it is live', async () => {
    const c = await category();
    const p = await product('live');
    const res = await t.http.put(`/v2/products/${p}/relationships/categories`).set(t.admin).send({ data: [{ type: 'category', id: c }] });
    expect(res.status).toBe(200);
    expect(await listed(c, 'storefront')).toEqual([p]);
  });

  it('stays right through status changes and links by SQL, in bulk and at once', async () => {
    const c = await category();
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push(await product(i % 2 ? 'live' : 'draft'));
    await t.prisma.$executeRaw`INSERT INTO product_categories (product_id, category_id) SELECT unnest(${ids}::uuid[]), ${c}::uuid`;
    expect(await disagreeing()).toBe(0);
    await t.prisma.$executeRaw`UPDATE products SET status = CASE WHEN status = 'live' THEN 'draft' ELSE 'live' END WHERE id = ANY(${ids}::uuid[])`;
    expect(await disagreeing()).toBe(0);

    // Links made while other transactions change the same products' status: each link waits for the change in
    // progress and takes its result.
    const more = await category();
    await Promise.all([
      ...ids.map((id, i) => setStatus(id, i % 3 ? 'live' : 'draft')),
      ...ids.map((id) => link(id, more)),
      ...ids.map((id, i) => t.prisma.$executeRaw`UPDATE products SET status = ${i % 2 ? 'draft' : 'live'} WHERE id = ${id}::uuid`),
    ]);
    expect(await disagreeing()).toBe(0);
    const live = (await t.prisma.$queryRaw<{ id: string }[]>`SELECT id::text FROM products WHERE id = ANY(${ids}::uuid[]) AND status = 'live'`).map((r) => r.id);
    expect((await listed(more, 'storefront')).sort()).toEqual(live.sort());
  });
});
