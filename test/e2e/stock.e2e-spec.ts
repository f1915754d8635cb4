import { ResponseCache } from '../../src/common/response-cache/response-cache';
import { expectErrorDocument } from '../support/documents';
import { createProduct, TEST_ADDRESS } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

/** Reads until `done` holds or 30 s pass: on PostgreSQL a change reaches the cache by NOTIFY, a little after the write answers. */
async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
  }
}

const CHECKOUT = { customer: { name: 'Ron Swanson', email: 'ron@example.com' }, billing_address: TEST_ADDRESS };

describe('managed stock (manage_stock: true)', () => {
  let t: TestApp;
  let cache: ResponseCache;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp();
    cache = t.app.get(ResponseCache);
    // PostgreSQL: caching starts once the LISTEN connection is up.
    for (let i = 0; i < 500 && !cache.enabled; i++) await new Promise((r) => setTimeout(r, 20));
  });
  afterAll(async () => {
    await t.close();
  });

  const cartRef = () => `stock-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  const add = (ref: string, productId: string, quantity = 1) =>
    t.http.post(`/v2/carts/${ref}/items`).set(t.storefront).send({ data: { type: 'cart_item', id: productId, quantity } });
  const checkout = (ref: string) => t.http.post(`/v2/carts/${ref}/checkout`).set(t.storefront).send({ data: CHECKOUT });
  const stockOf = async (id: string) => (await t.prisma.product.findUniqueOrThrow({ where: { id } })).stockLevel;
  const cancel = (orderId: string) => t.http.put(`/v2/orders/${orderId}`).set(t.admin).send({ data: { type: 'order', status: 'cancelled' } });

  it('refuses to put more in a cart than the managed stock holds; unmanaged products take any quantity', async () => {
    const managed = await createProduct(t, { manageStock: true, stockLevel: 3 });
    const unmanaged = await createProduct(t, { manageStock: false, stockLevel: 0 });
    const ref = cartRef();
    expect((await add(ref, managed.id, 2)).status).toBe(201);
    expectErrorDocument(await add(ref, managed.id, 2), 422, { title: 'Insufficient stock', detail: /4 requested, 3 in stock/, source: 'data.quantity' });
    expect((await add(ref, unmanaged.id, 50)).status).toBe(201);

    const item = (await t.prisma.cartItem.findFirstOrThrow({ where: { cartId: ref, productId: managed.id } })).id;
    const setQuantity = (quantity: number) => t.http.put(`/v2/carts/${ref}/items/${item}`).set(t.storefront).send({ data: { type: 'cart_item', quantity } });
    expectErrorDocument(await setQuantity(4), 422, { title: 'Insufficient stock' });
    expect((await setQuantity(3)).status).toBe(200);
    expect(await stockOf(managed.id)).toBe(3); // a cart reserves nothing
  });

  it('20 concurrent checkouts of the last 5 give 5 orders and 15 clear 422s, and stock reads 0', async () => {
    const product = await createProduct(t, { manageStock: true, stockLevel: 5 });
    const refs = Array.from({ length: 20 }, cartRef);
    for (const ref of refs) expect((await add(ref, product.id)).status).toBe(201);

    const answers = await Promise.all(refs.map(checkout));
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expectErrorDocument(r, 422, { title: 'Insufficient stock', detail: new RegExp(`\\(${product.id}\\): 1 requested, 0 in stock`) });

    expect(await stockOf(product.id)).toBe(0);
    expect(await t.prisma.orderItem.count({ where: { productId: product.id } })).toBe(5);
    const shown = await t.http.get(`/v2/products/${product.id}`).set(t.admin).set('Cache-Control', 'no-cache');
    expect(shown.body.data.meta.stock).toEqual({ level: 0, availability: 'out-stock' });
  });

  it('checkouts holding the same managed products in any order all go through, each taking its share', async () => {
    const a = await createProduct(t, { manageStock: true, stockLevel: 100 });
    const b = await createProduct(t, { manageStock: true, stockLevel: 100 });
    const refs = Array.from({ length: 10 }, cartRef);
    for (const [n, ref] of refs.entries()) {
      const [first, second] = n % 2 ? [a, b] : [b, a];
      expect((await add(ref, first.id, 2)).status).toBe(201);
      expect((await add(ref, second.id, 3)).status).toBe(201);
    }
    const answers = await Promise.all(refs.map(checkout));
    expect(answers.map((r) => r.status)).toEqual(refs.map(() => 201));
    expect((await stockOf(a.id)) + (await stockOf(b.id))).toBe(200 - 10 * 5);
  });

  it('refuses a checkout asking for more than the stock now holds, and takes nothing', async () => {
    const product = await createProduct(t, { manageStock: true, stockLevel: 3 });
    const other = await createProduct(t, { manageStock: true, stockLevel: 10 });
    const ref = cartRef();
    expect((await add(ref, other.id, 4)).status).toBe(201);
    expect((await add(ref, product.id, 3)).status).toBe(201);
    await t.prisma.product.update({ where: { id: product.id }, data: { stockLevel: 2 } });
    expectErrorDocument(await checkout(ref), 422, { title: 'Insufficient stock', detail: /3 requested, 2 in stock/ });
    expect(await stockOf(product.id)).toBe(2);
    expect(await stockOf(other.id)).toBe(10);
    expect(await t.prisma.order.count({ where: { cartId: ref } })).toBe(0);
  });

  it('a cancel gives the stock back, once, even when cancelled concurrently', async () => {
    const product = await createProduct(t, { manageStock: true, stockLevel: 3 });
    const unmanaged = await createProduct(t, { manageStock: false, stockLevel: 7 });
    const ref = cartRef();
    expect((await add(ref, product.id, 2)).status).toBe(201);
    expect((await add(ref, unmanaged.id, 2)).status).toBe(201);
    const order = await checkout(ref);
    expect(order.status).toBe(201);
    expect(await stockOf(product.id)).toBe(1);
    expect(await stockOf(unmanaged.id)).toBe(7);

    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(order.body.data.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422]);
    expect(await stockOf(product.id)).toBe(3);
    expect(await stockOf(unmanaged.id)).toBe(7);
  });

  it('products that became draft or were deleted cannot be checked out', async () => {
    const drafted = await createProduct(t);
    const draftCart = cartRef();
    expect((await add(draftCart, drafted.id)).status).toBe(201);
    await t.http.put(`/v2/products/${drafted.id}`).set(t.admin).send({ data: { type: 'product', status: 'draft' } }).expect(200);
    expectErrorDocument(await checkout(draftCart), 422, { title: 'Product not available', detail: /is draft/ });

    const deleted = await createProduct(t, { manageStock: true, stockLevel: 4 });
    const deletedCart = cartRef();
    expect((await add(deletedCart, deleted.id)).status).toBe(201);
    await t.http.delete(`/v2/products/${deleted.id}`).set(t.admin).expect(204);
    expectErrorDocument(await checkout(deletedCart), 422, { title: 'Product not available', detail: /no longer exists/ });
    expect(await t.prisma.order.count({ where: { cartId: { in: [draftCart, deletedCart] } } })).toBe(0);
  });

  it('a checkout drops only the cached responses that show the products whose stock moved', async () => {
    expect(cache.enabled).toBe(true);
    const stocked = await createProduct(t, { manageStock: true, stockLevel: 9 });
    const unrelated = await createProduct(t, { name: 'Unrelated' });
    const page = (id: string) => t.http.get(`/v2/products/${id}`).set(t.admin).expect(200);
    // A change every replica hears of; once a cached read shows it, the notifications before it have arrived too.
    await t.prisma.product.update({ where: { id: unrelated.id }, data: { name: 'Unrelated, announced' } });
    const nameOf = async () => (await page(unrelated.id)).body.data.name;
    expect(await readUntil(nameOf, (name) => name === 'Unrelated, announced')).toBe('Unrelated, announced');
    await page(unrelated.id);
    expect((await page(stocked.id)).body.data.meta.stock.level).toBe(9);

    // A change nobody hears of: only a request that skips the cache, or a dropped entry, can show it.
    await t.prisma.$executeRawUnsafe(`ALTER TABLE products DISABLE TRIGGER USER`);
    try {
      await t.prisma.product.update({ where: { id: unrelated.id }, data: { name: 'Unrelated, unannounced' } });
    } finally {
      await t.prisma.$executeRawUnsafe(`ALTER TABLE products ENABLE TRIGGER USER`);
    }

    const ref = cartRef();
    expect((await add(ref, stocked.id, 2)).status).toBe(201);
    expect((await checkout(ref)).status).toBe(201);
    const levelOf = async () => (await page(stocked.id)).body.data.meta.stock.level;
    expect(await readUntil(levelOf, (level) => level !== 9)).toBe(7);
    expect((await page(unrelated.id)).body.data.name).toBe('Unrelated, announced');
    expect((await t.http.get(`/v2/products/${unrelated.id}`).set(t.admin).set('Cache-Control', 'no-cache')).body.data.name).toBe('Unrelated, unannounced');
  });
});
