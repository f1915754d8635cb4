import { expectErrorDocument } from '../support/documents';
import { createProduct } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

describe('carts: first-use creation, items, currency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const add = (ref: string, id: string, quantity?: number, headers: Record<string, string> = {}) =>
    t.http
      .post(`/v2/carts/${ref}/items`)
      .set(t.storefront)
      .set(headers)
      .send({ data: { type: 'cart_item', id, ...(quantity !== undefined ? { quantity } : {}) } });

  it('creates a cart on first use with an implicit token', async () => {
    const res = await t.http.get('/v2/carts/first-use_cart-1').set(t.storefront);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'cart',
      id: 'first-use_cart-1',
      name: 'Cart',
      description: '',
      links: { self: `${t.baseUrl}/v2/carts/first-use_cart-1` },
      relationships: { items: { data: [] } },
    });
    expect(res.body.data.meta.display_price.with_tax).toMatchObject({ amount: 0, currency: 'USD' });
    expect(res.body.data.meta.timestamps.created_at).toMatch(/Z$/);
    expect(await t.prisma.cart.count({ where: { id: 'first-use_cart-1' } })).toBe(1);
  });

  it('refuses references that are too long or use other characters', async () => {
    expectErrorDocument(await t.http.get(`/v2/carts/${'a'.repeat(65)}`).set(t.storefront), 404, { title: 'Cart not found' });
    expectErrorDocument(await t.http.get('/v2/carts/has.dot').set(t.storefront), 404);
    expectErrorDocument(await t.http.get('/v2/carts/has%20space').set(t.storefront), 404);
  });

  it('POST /carts creates a cart with a random id; PUT renames; DELETE removes', async () => {
    const created = await t.http.post('/v2/carts').set(t.storefront).send({ data: { name: 'Wishlist', description: 'later' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ type: 'cart', name: 'Wishlist', description: 'later' });
    const id = created.body.data.id;

    const put = await t.http.put(`/v2/carts/${id}`).set(t.storefront).send({ data: { name: 'Renamed' } });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ id, name: 'Renamed', description: 'later' });

    expect((await t.http.delete(`/v2/carts/${id}`).set(t.storefront)).status).toBe(204);
    expect(await t.prisma.cart.count({ where: { id } })).toBe(0);
    expect(await t.prisma.outboxEvent.count({ where: { name: 'cart.deleted' } })).toBe(1);
    expectErrorDocument(await t.http.post('/v2/carts').set(t.storefront).send({ data: { name: 5 } }), 400, { source: 'data.name' });
  });

  it('adds, increments, updates and removes items with totals', async () => {
    const p1 = await createProduct(t.prisma, { amount: 1250, name: 'Shirt', sku: 'shirt-1' });
    const p2 = await createProduct(t.prisma, { amount: 300 });
    const ref = 'items-cart';

    const first = await add(ref, p1.id, 2);
    expect(first.status).toBe(201);
    expect(first.body.data).toHaveLength(1);
    const item = first.body.data[0];
    expect(item).toMatchObject({
      type: 'cart_item',
      product_id: p1.id,
      name: 'Shirt',
      sku: 'shirt-1',
      quantity: 2,
      unit_price: { amount: 1250, currency: 'USD', includes_tax: true },
      value: { amount: 2500, currency: 'USD', includes_tax: true },
    });
    expect(item.meta.display_price.with_tax.unit).toMatchObject({ amount: 1250, currency: 'USD', formatted: '$12.50' });
    expect(item.meta.display_price.without_tax.value.amount).toBe(2500);
    expect(first.body.meta.display_price.with_tax.amount).toBe(2500);

    const again = await add(ref, p1.id, 1);
    expect(again.body.data).toHaveLength(1);
    expect(again.body.data[0]).toMatchObject({ id: item.id, quantity: 3 });

    const defaultQty = await add(ref, p2.id);
    expect(defaultQty.body.data).toHaveLength(2);
    expect(defaultQty.body.meta.display_price.with_tax.amount).toBe(3 * 1250 + 300);

    const list = await t.http.get(`/v2/carts/${ref}/items`).set(t.storefront);
    expect(list.status).toBe(200);
    expect(list.body.data.map((i: any) => i.product_id)).toEqual([p1.id, p2.id]);
    expect(list.body.meta.display_price).toMatchObject({ with_tax: { amount: 4050 }, without_tax: { amount: 4050 }, tax: { amount: 0 } });

    const cart = await t.http.get(`/v2/carts/${ref}`).set(t.storefront);
    expect(cart.body.data.relationships.items.data).toEqual(list.body.data.map((i: any) => ({ type: 'cart_item', id: i.id })));
    expect(cart.body.data.meta.display_price.with_tax.amount).toBe(4050);

    const withItems = await t.http.get(`/v2/carts/${ref}?include=items`).set(t.storefront);
    expect(withItems.body.included.items.map((i: any) => i.id).sort()).toEqual(list.body.data.map((i: any) => i.id).sort());
    // Item links are absolute wherever an item appears: added, listed, or included with its cart.
    expect(item.links).toEqual({ product: `${t.baseUrl}/v2/products/${p1.id}` });
    expect(list.body.data.map((i: any) => i.links.product)).toEqual([p1.id, p2.id].map((id) => `${t.baseUrl}/v2/products/${id}`));
    expect(withItems.body.included.items.map((i: any) => i.links.product).sort()).toEqual(
      [p1.id, p2.id].map((id) => `${t.baseUrl}/v2/products/${id}`).sort(),
    );

    const updated = await t.http.put(`/v2/carts/${ref}/items/${item.id}`).set(t.storefront).send({ data: { quantity: 5 } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.find((i: any) => i.id === item.id).quantity).toBe(5);

    const second = list.body.data[1].id;
    const zero = await t.http.put(`/v2/carts/${ref}/items/${second}`).set(t.storefront).send({ data: { quantity: 0 } });
    expect(zero.body.data.map((i: any) => i.id)).toEqual([item.id]);

    const removed = await t.http.delete(`/v2/carts/${ref}/items/${item.id}`).set(t.storefront);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual([]);
    expect(removed.body.meta.display_price.with_tax.amount).toBe(0);

    expectErrorDocument(await t.http.delete(`/v2/carts/${ref}/items/${item.id}`).set(t.storefront), 404, { title: 'Cart item not found' });
    expectErrorDocument(await t.http.put(`/v2/carts/${ref}/items/nope`).set(t.storefront).send({ data: { quantity: 1 } }), 404);
    expectErrorDocument(await t.http.put(`/v2/carts/${ref}/items/${item.id}`).set(t.storefront).send({ data: { quantity: -1 } }), 400, { source: 'data.quantity' });
  });

  it('builds every link of a request on its forwarded host and protocol', async () => {
    const product = await createProduct(t.prisma);
    const ref = 'forwarded-cart';
    const proxy = { 'X-Forwarded-Host': 'shop.example', 'X-Forwarded-Proto': 'https' };
    const added = await add(ref, product.id, 1, proxy);
    expect(added.body.data[0].links).toEqual({ product: `https://shop.example/v2/products/${product.id}` });
    const cart = await t.http.get(`/v2/carts/${ref}?include=items`).set(t.storefront).set(proxy);
    expect(cart.body.data.links).toEqual({ self: `https://shop.example/v2/carts/${ref}` });
    expect(cart.body.included.items[0].links).toEqual({ product: `https://shop.example/v2/products/${product.id}` });
    const products = await t.http.get('/v2/products?page[limit]=1').set(t.admin).set(proxy);
    expect(products.body.links.first).toMatch(/^https:\/\/shop\.example\/v2\/products\?/);
    // The event the change published carries the same links as the answer.
    const events = await t.prisma.outboxEvent.findMany({ where: { name: 'cart.updated' } });
    const ofThisCart = events.map((e) => (e.payload as any).data).filter((d) => d.id === ref);
    expect(ofThisCart.map((d) => d.links.self)).toEqual([`https://shop.example/v2/carts/${ref}`]);
  });

  it('validates the product and the quantity', async () => {
    const draft = await createProduct(t.prisma, { status: 'draft' });
    const live = await createProduct(t.prisma);
    expectErrorDocument(await add('val-cart', draft.id, 1), 422, { title: 'Product not available' });
    expectErrorDocument(await add('val-cart', '00000000-0000-4000-8000-000000000000', 1), 404, { title: 'Product not found' });
    expectErrorDocument(await add('val-cart', 'not-a-uuid', 1), 404, { title: 'Product not found' });
    expectErrorDocument(await add('val-cart', live.id, 0), 400, { source: 'data.quantity' });
    expectErrorDocument(await add('val-cart', live.id, 1.5), 400, { source: 'data.quantity' });
    expectErrorDocument(await t.http.post('/v2/carts/val-cart/items').set(t.storefront).send({ data: { type: 'cart_item' } }), 400, { source: 'data.id' });
    expect(await t.prisma.cartItem.count({ where: { cartId: 'val-cart' } })).toBe(0);
  });

  it('prices in the X-MOLTIN-CURRENCY currency and keeps one currency per cart', async () => {
    const p = await createProduct(t.prisma, {
      price: [
        { amount: 1000, currency: 'USD', includes_tax: true },
        { amount: 900, currency: 'EUR', includes_tax: false },
      ],
    });
    const usdOnly = await createProduct(t.prisma, { amount: 500, currency: 'USD' });
    const res = await add('eur-cart', p.id, 1, { 'X-MOLTIN-CURRENCY': 'EUR' });
    expect(res.status).toBe(201);
    expect(res.body.data[0].unit_price).toEqual({ amount: 900, currency: 'EUR', includes_tax: false });
    expect(res.body.meta.display_price.with_tax).toMatchObject({ amount: 900, currency: 'EUR' });

    // No header: the cart's currency is kept; a product without an EUR price cannot join.
    expectErrorDocument(await add('eur-cart', usdOnly.id, 1), 422, { title: 'Product has no price' });
    expectErrorDocument(await add('eur-cart', p.id, 1, { 'X-MOLTIN-CURRENCY': 'USD' }), 422, { title: 'Currency mismatch' });
    expectErrorDocument(await add('eur-cart', p.id, 1, { 'X-MOLTIN-CURRENCY': 'euro' }), 400);

    // Default: the product's first price.
    const usd = await add('usd-cart', p.id, 1);
    expect(usd.body.data[0].unit_price.currency).toBe('USD');
  });

  it('refuses more than 100 unique items', async () => {
    const products = await Promise.all(Array.from({ length: 101 }, () => createProduct(t.prisma, { amount: 1 })));
    await t.prisma.cart.create({ data: { id: 'full-cart', currency: 'USD' } });
    await t.prisma.cartItem.createMany({
      data: products.slice(0, 100).map((p) => ({ cartId: 'full-cart', productId: p.id, name: p.name, sku: p.sku, quantity: 1, unitAmount: 1, currency: 'USD' })),
    });
    expectErrorDocument(await add('full-cart', products[100].id, 1), 422, { title: 'Cart is full' });
    expect((await add('full-cart', products[0].id, 1)).status).toBe(201); // incrementing an existing item is fine
  });

  it('counts every unit when the same product is added concurrently to a new cart', async () => {
    const p = await createProduct(t.prisma, { amount: 100 });
    const results = await Promise.all(Array.from({ length: 8 }, () => add('race-cart', p.id, 1)));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
    const items = await t.http.get('/v2/carts/race-cart/items').set(t.storefront);
    expect(items.body.data).toHaveLength(1);
    expect(items.body.data[0].quantity).toBe(8);
    const gets = await Promise.all(Array.from({ length: 5 }, () => t.http.get('/v2/carts/race-get').set(t.storefront)));
    expect(gets.map((r) => r.status)).toEqual(Array(5).fill(200));
  });

  it('needs a token', async () => {
    expectErrorDocument(await t.http.get('/v2/carts/anything'), 401);
  });
});

describe('carts: links with PUBLIC_BASE_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_BASE_URL: 'https://api.shop.example/' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('uses the configured origin for every link, whatever host the request names', async () => {
    const product = await createProduct(t.prisma);
    const proxy = { 'X-Forwarded-Host': 'elsewhere.example', 'X-Forwarded-Proto': 'http' };
    const added = await t.http
      .post('/v2/carts/public-base/items')
      .set(t.storefront)
      .set(proxy)
      .send({ data: { type: 'cart_item', id: product.id, quantity: 1 } });
    expect(added.status).toBe(201);
    expect(added.body.data[0].links).toEqual({ product: `https://api.shop.example/v2/products/${product.id}` });
    const cart = await t.http.get('/v2/carts/public-base?include=items').set(t.storefront).set(proxy);
    expect(cart.body.data.links).toEqual({ self: 'https://api.shop.example/v2/carts/public-base' });
    expect(cart.body.included.items[0].links).toEqual({ product: `https://api.shop.example/v2/products/${product.id}` });
    const products = await t.http.get('/v2/products?page[limit]=1').set(t.admin).set(proxy);
    expect(products.body.links.first).toMatch(/^https:\/\/api\.shop\.example\/v2\/products\?/);
  });
});
