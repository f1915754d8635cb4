import { expectErrorDocument } from '../support/documents';
import { createProduct, TEST_ADDRESS } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

/** Amounts are stored as 32-bit integers: every amount, quantity and total is bounded, and never a 500. */
describe('money limits: prices, cart lines and totals', () => {
  const MAX_AMOUNT = 2_147_483_647;
  let t: TestApp;
  let seq = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const product = (over: Record<string, unknown>) => {
    seq++;
    return t.http
      .post('/v2/products')
      .set(t.admin)
      .send({ data: { type: 'product', name: `M ${seq}`, slug: `m-${seq}`, sku: `M-${seq}`, commodity_type: 'physical', status: 'live', ...over } });
  };
  const price = (amount: number) => [{ amount, currency: 'USD', includes_tax: true }];
  const add = (ref: string, id: string, quantity: number) => t.http.post(`/v2/carts/${ref}/items`).set(t.storefront).send({ data: { type: 'cart_item', id, quantity } });

  it('refuses product prices and stock beyond the bound with 400 (POST and PUT)', async () => {
    expectErrorDocument(await product({ price: price(1e20) }), 400, { source: 'data.price.0.amount' });
    expectErrorDocument(await product({ price: price(MAX_AMOUNT + 1) }), 400, { source: 'data.price.0.amount' });
    expectErrorDocument(await product({ price: price(1000), stock: 1e15 }), 400, { source: 'data.stock' });
    const ok = await product({ price: price(MAX_AMOUNT) });
    expect(ok.status).toBe(201);
    expect(ok.body.data.price[0].amount).toBe(MAX_AMOUNT);
    const put = await t.http.put(`/v2/products/${ok.body.data.id}`).set(t.admin).send({ data: { price: price(Number.MAX_SAFE_INTEGER) } });
    expectErrorDocument(put, 400, { source: 'data.price.0.amount' });
  });

  it('refuses cart changes whose line or total would pass the bound with 422', async () => {
    const big = await createProduct(t.prisma, { amount: 2_000_000_000 });
    const other = await createProduct(t.prisma, { amount: 500_000_000 });
    expect((await add('big-cart', big.id, 1)).status).toBe(201);
    expectErrorDocument(await add('big-cart', big.id, 1), 422, { title: 'Cart total too large' });
    expectErrorDocument(await add('big-cart', other.id, 1), 422, { title: 'Cart total too large' });
    const item = (await t.http.get('/v2/carts/big-cart/items').set(t.storefront)).body.data[0];
    const put = await t.http.put(`/v2/carts/big-cart/items/${item.id}`).set(t.storefront).send({ data: { type: 'cart_item', quantity: 2 } });
    expectErrorDocument(put, 422, { title: 'Cart total too large' });
    expectErrorDocument(await add('qty-cart', other.id, 5), 422, { title: 'Cart total too large' });
    expectErrorDocument(await add('qty-cart', other.id, 1e20), 400, { source: 'data.quantity' });
    const cart = (await t.http.get('/v2/carts/big-cart').set(t.storefront)).body.data;
    expect(cart.meta.display_price.with_tax.amount).toBe(2_000_000_000);
  });

  it('refuses a product whose stored price is out of range (written by another tool) with 422, not 500', async () => {
    const legacy = await createProduct(t.prisma, { price: [{ amount: 1e20, currency: 'USD', includes_tax: true }] });
    expectErrorDocument(await add('legacy-cart', legacy.id, 1), 422);
  });

  it('refuses to check out a cart whose total passes the bound with 422', async () => {
    const p = await createProduct(t.prisma, { amount: 2_000_000_000 });
    const ref = 'overflow-checkout';
    expect((await add(ref, p.id, 1)).status).toBe(201);
    // A second line written straight to the table (as an older server could have): the total is now 4e9.
    const q = await createProduct(t.prisma, { amount: 2_000_000_000 });
    await t.prisma.cartItem.create({ data: { cartId: ref, productId: q.id, name: 'q', sku: q.sku, quantity: 1, unitAmount: 2_000_000_000, currency: 'USD' } });
    const res = await t.http
      .post(`/v2/carts/${ref}/checkout`)
      .set(t.storefront)
      .send({ data: { customer: { name: 'Ron', email: 'ron@example.com' }, billing_address: TEST_ADDRESS } });
    expectErrorDocument(res, 422, { title: 'Cart total too large' });
    expect(await t.prisma.order.count({ where: { cartId: ref } })).toBe(0);
  });
});
