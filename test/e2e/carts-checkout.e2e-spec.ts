import { expectErrorDocument } from '../support/documents';
import { createProduct, TEST_ADDRESS } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

describe('checkout: POST /v2/carts/:ref/checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const billing = { first_name: 'Ron', last_name: 'Swanson', line_1: '1 Sunny St', postcode: 'NE1 6UF', county: 'Tyne & Wear', country: 'GB' };
  const customer = { name: 'Ron Swanson', email: 'ron@example.com' };
  const checkout = (ref: string, data: unknown, path = 'checkout') => t.http.post(`/v2/carts/${ref}/${path}`).set(t.storefront).send({ data });
  const fill = async (ref: string, items: [number, number][]) => {
    for (const [amount, quantity] of items) {
      const p = await createProduct(t.prisma, { amount });
      const res = await t.http.post(`/v2/carts/${ref}/items`).set(t.storefront).send({ data: { type: 'cart_item', id: p.id, quantity } });
      expect(res.status).toBe(201);
    }
  };

  it('creates an unpaid order with the cart items, totals and an order.created event', async () => {
    await fill('co-1', [
      [1000, 2],
      [250, 3],
    ]);
    const res = await checkout('co-1', { customer, billing_address: billing });
    expect(res.status).toBe(201);
    const order = res.body.data;
    expect(order).toMatchObject({
      type: 'order',
      status: 'incomplete',
      payment: 'unpaid',
      shipping: 'unfulfilled',
      customer,
      billing_address: billing,
      shipping_address: billing,
    });
    expect(order.meta.display_price.with_tax).toMatchObject({ amount: 2750, currency: 'USD' });
    expect(order.meta.display_price.without_tax.amount).toBe(2750);
    expect(order.meta.display_price.tax.amount).toBe(0);
    expect(order.meta.display_price.balance_owing.amount).toBe(2750);
    expect(res.body.included.items).toHaveLength(2);
    expect(res.body.included.items.map((i: any) => i.value.amount).sort((a: number, b: number) => a - b)).toEqual([750, 2000]);
    const cartItems = await t.prisma.cartItem.findMany({ where: { cartId: 'co-1' } });
    expect(res.body.included.items.map((i: any) => i.relationships.cart_item.data.id).sort()).toEqual(cartItems.map((i) => i.id).sort());
    expect(order.relationships.items.data.map((i: any) => i.id).sort()).toEqual(res.body.included.items.map((i: any) => i.id).sort());

    const row = await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(row).toMatchObject({ customerName: 'Ron Swanson', customerEmail: 'ron@example.com', cartId: 'co-1', currency: 'USD', withTax: 2750, withoutTax: 2750 });
    const events = await t.prisma.outboxEvent.findMany({ where: { name: 'order.created' } });
    const event = events.find((e) => (e.payload as any).data.id === order.id);
    expect(event).toBeDefined();
    expect((event!.payload as any).included.items).toHaveLength(2);

    // The cart survives; a second checkout makes a second order.
    expect((await t.http.get('/v2/carts/co-1/items').set(t.storefront)).body.data).toHaveLength(2);
    const again = await checkout('co-1', { customer, billing_address: billing }, 'checkout/');
    expect(again.status).toBe(201);
    expect(again.body.data.id).not.toBe(order.id);
  });

  it('uses the shipping address when given, accepts region instead of county and a customer id', async () => {
    await fill('co-2', [[500, 1]]);
    const { county: _county, ...withRegion } = billing;
    const shipping = { ...TEST_ADDRESS, region: 'IN' };
    const res = await checkout('co-2', { customer: { id: 'cust-123' }, billing_address: { ...withRegion, region: 'North East' }, shipping_address: shipping });
    expect(res.status).toBe(201);
    expect(res.body.data.customer).toEqual({ id: 'cust-123' });
    expect(res.body.data.shipping_address).toMatchObject({ line_1: TEST_ADDRESS.line_1, region: 'IN' });
    expect(res.body.data.billing_address.region).toBe('North East');
  });

  it('takes the currency of the cart', async () => {
    const p = await createProduct(t.prisma, { price: [{ amount: 700, currency: 'GBP', includes_tax: true }] });
    await t.http.post('/v2/carts/co-gbp/items').set(t.storefront).send({ data: { type: 'cart_item', id: p.id, quantity: 1 } });
    const res = await checkout('co-gbp', { customer, billing_address: billing });
    expect(res.body.data.meta.display_price.with_tax).toMatchObject({ amount: 700, currency: 'GBP' });
  });

  it('validates with the failing field as source', async () => {
    await fill('co-3', [[100, 1]]);
    expectErrorDocument(await checkout('co-3', { customer: { name: 'Ron', email: 'not-an-email' }, billing_address: billing }), 400, { source: 'data.customer.email' });
    // An unpaired surrogate must not make the email validator (which calls encodeURI) throw.
    expectErrorDocument(await checkout('co-3', { customer: { name: 'Ron', email: 'ron\udfff@example.com' }, billing_address: billing }), 400, { source: 'data.customer.email' });
    expectErrorDocument(await checkout('co-3', { customer: { email: 'ron@example.com' }, billing_address: billing }), 400, { source: 'data.customer.name' });
    expectErrorDocument(await checkout('co-3', { billing_address: billing }), 400, { source: 'data.customer' });
    expectErrorDocument(await checkout('co-3', { customer }), 400, { source: 'data.billing_address' });
    const { postcode: _p, ...noPostcode } = billing;
    expectErrorDocument(await checkout('co-3', { customer, billing_address: noPostcode }), 400, { source: 'data.billing_address.postcode' });
    const { county: _c, ...noCounty } = billing;
    expectErrorDocument(await checkout('co-3', { customer, billing_address: noCounty }), 400, { source: 'data.billing_address.county' });
    expectErrorDocument(await checkout('co-3', { customer, billing_address: billing, shipping_address: { ...billing, country: '' } }), 400, {
      source: 'data.shipping_address.country',
    });
    expect(await t.prisma.order.count({ where: { cartId: 'co-3' } })).toBe(0);
  });

  it('refuses an empty cart with 422', async () => {
    expectErrorDocument(await checkout('co-empty', { customer, billing_address: billing }), 422, { title: 'Cart is empty' });
  });
});
