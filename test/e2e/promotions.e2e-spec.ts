import { randomUUID } from 'node:crypto';
import { expectErrorDocument } from '../support/documents';
import { createProduct } from '../support/factories';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const shopper = require('@epcc-sdk/sdks-shopper');

/**
 * Promotions Standard, driven as a back office and storefronts drive them: `@elasticpath/js-sdk`'s Promotions
 * (client credentials) and Cart (`AddPromotion`, `RemovePromotion`), and `@epcc-sdk/sdks-shopper`'s
 * `manageCarts` and `deleteAPromotionViaPromotionCode`, all unchanged.
 */
describe('promotions: codes applied in carts, discounts in totals, carried into orders', () => {
  let t: TestApp;
  let admin: any;
  let store: any;
  let client: any;
  const billing = { first_name: 'Ann', last_name: 'Perkins', line_1: '1 Main St', postcode: '46001', county: 'Pawnee', country: 'US' };

  beforeAll(async () => {
    t = await createTestApp();
    admin = sdkFor(t);
    store = sdkFor(t, 'storefront');
    await admin.Authenticate();
    // The shopper SDK's fetch client: its base URL and an implicit token, as its README configures them.
    client = shopper.createClient({ baseUrl: t.baseUrl, auth: () => t.implicitToken });
  });
  afterAll(async () => {
    await t.close();
  });

  const code = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`.toUpperCase();
  const ref = () => `promo-${randomUUID().slice(0, 12)}`;
  const year = (offset: number) => `${new Date().getUTCFullYear() + offset}-01-01`;

  async function promotion(body: Record<string, unknown>, codes: { code: string; uses?: number }[] = []) {
    const created = await admin.Promotions.Create({ name: 'Promotion', description: 'Test', enabled: true, start: year(-1), end: year(5), ...body });
    if (codes.length) await admin.Promotions.AddCodes(created.data.id, codes);
    return created.data;
  }

  async function cartWith(amounts: number[], currency = 'USD') {
    const id = ref();
    const products = [];
    for (const amount of amounts) {
      const product = await createProduct(t.prisma, { amount, currency });
      products.push(product);
      await store.Cart(id).AddProduct(product.id, 1);
    }
    return { id, products };
  }

  it('manages promotions and their codes through the SDK (client credentials only)', async () => {
    const created = await admin.Promotions.Create({
      name: '10% off',
      description: 'Ten percent',
      enabled: true,
      promotion_type: 'percent_discount',
      schema: { currencies: [{ currency: 'USD', percentage: 10 }] },
      start: year(-1),
      end: year(1),
    });
    expect(created.data).toMatchObject({ type: 'promotion', name: '10% off', promotion_type: 'percent_discount', enabled: true, automatic: false });
    const id = created.data.id;
    const first = code('TEN');
    const withCodes = await admin.Promotions.AddCodes(id, [{ code: first, uses: 3 }, { code: code('TEN') }]);
    expect(withCodes.data.id).toBe(id);
    const codes = await admin.Promotions.Codes(id);
    expect(codes.data).toHaveLength(2);
    expect(codes.data.find((c: any) => c.code === first)).toMatchObject({ uses: 3, max_uses: 3, consume_unit: 'per_cart' });

    const updated = await admin.Promotions.Update(id, { name: '10 percent off' });
    expect(updated.data).toMatchObject({ id, name: '10 percent off', promotion_type: 'percent_discount' });
    expect((await admin.Promotions.Filter({ eq: { code: first } }).All()).data.map((p: any) => p.id)).toEqual([id]);

    await admin.Promotions.DeleteCode(id, first);
    const left = (await admin.Promotions.Codes(id)).data;
    expect(left).toHaveLength(1);

    const taken = await t.http.post(`/v2/promotions/${id}/codes`).set(t.admin).send({ data: { type: 'promotion_codes', codes: [{ code: left[0].code }] } });
    expectErrorDocument(taken, 409);
    expectErrorDocument(await t.http.get('/v2/promotions').set(t.storefront), 403);
    const bundle = await t.http.post('/v2/promotions').set(t.admin).send({
      data: { type: 'promotion', name: 'Bundle', promotion_type: 'bundle_fixed_discount', schema: { requirements: [] }, start: year(-1), end: year(1) },
    });
    expectErrorDocument(bundle, 422, { title: 'Not supported' });
    expect(bundle.body.errors[0].status).toBe('422');
    expectErrorDocument(await t.http.get('/v2/rule-promotions').set(t.admin), 422, { title: 'Not supported' });
    await admin.Promotions.Delete(id);
    expectErrorDocument(await t.http.get(`/v2/promotions/${id}`).set(t.admin), 404);
  });

  it('a percentage code discounts the cart, shared over its items, and RemovePromotion takes it off', async () => {
    const ten = code('PCT');
    const promo = await promotion({ promotion_type: 'percent_discount', schema: { currencies: [{ currency: 'USD', percentage: 10 }] } }, [{ code: ten }]);
    const cart = await cartWith([1005, 2000]);

    const added = await store.Cart(cart.id).AddPromotion(ten);
    expect(added.meta.display_price).toMatchObject({
      with_tax: { amount: 2704 }, // 3005 − 301 (300.5 rounded half up)
      discount: { amount: -301, formatted: '-$3.01' },
      without_discount: { amount: 3005 },
    });
    const items = await store.Cart(cart.id).Items();
    const promotionItem = items.data.find((i: any) => i.type === 'promotion_item');
    expect(promotionItem).toMatchObject({ promotion_id: promo.id, code: ten, value: { amount: -301 } });
    const lines = items.data.filter((i: any) => i.type === 'cart_item');
    expect(lines.map((i: any) => i.discounts[0].amount.amount).sort()).toEqual([-101, -200]);
    expect(lines.map((i: any) => i.meta.display_price.with_tax.value.amount).sort()).toEqual([1800, 904]);
    expect(lines[0].discounts[0]).toMatchObject({ id: promo.id, code: ten, is_cart_discount: true });

    const included = await t.http.get(`/v2/carts/${cart.id}?include=promotions`).set(t.storefront);
    expect(included.body.included.promotions.map((p: any) => p.id)).toEqual([promo.id]);

    // Worked out again when the cart changes.
    await store.Cart(cart.id).UpdateItem(lines[0].id, 2);
    expect((await store.Cart(cart.id).Items()).meta.display_price.discount.amount).toBe(-401); // 10% of 4010

    await store.Cart(cart.id).RemovePromotion(ten);
    const after = await store.Cart(cart.id).Items();
    expect(after.data.some((i: any) => i.type === 'promotion_item')).toBe(false);
    expect(after.meta.display_price).toMatchObject({ with_tax: { amount: 4010 }, discount: { amount: 0 }, without_discount: { amount: 4010 } });
  });

  it('a fixed cart discount through the shopper SDK never takes the total below zero', async () => {
    const big = code('FIX');
    await promotion({ promotion_type: 'fixed_discount', schema: { currencies: [{ currency: 'USD', amount: 5000 }] } }, [{ code: big }]);
    const cart = await cartWith([1200, 800]);
    const applied = await shopper.manageCarts({ client, path: { cartID: cart.id }, body: { data: { type: 'promotion_item', code: big } } });
    expect(applied.response.status).toBe(201);
    expect(applied.data.meta.display_price).toMatchObject({ with_tax: { amount: 0 }, discount: { amount: -2000 }, without_discount: { amount: 2000 } });

    const removed = await shopper.deleteAPromotionViaPromotionCode({ client, path: { cartID: cart.id, promoCode: big } });
    expect(removed.response.status).toBe(204);
    expect((await store.Cart(cart.id).Items()).meta.display_price.with_tax.amount).toBe(2000);
    const again = await shopper.deleteAPromotionViaPromotionCode({ client, path: { cartID: cart.id, promoCode: big } });
    expect(again.response.status).toBe(404);
  });

  it('an item discount applies to the targeted product only', async () => {
    const cart = await cartWith([1000, 3000]);
    const [mug] = cart.products;
    const item = code('ITEM');
    await promotion({ promotion_type: 'item_fixed_discount', schema: { targets: [mug.sku], currencies: [{ currency: 'USD', amount: 250 }] } }, [{ code: item }]);
    await store.Cart(cart.id).AddPromotion(item);
    const items = await store.Cart(cart.id).Items();
    const mugLine = items.data.find((i: any) => i.product_id === mug.id);
    const other = items.data.find((i: any) => i.type === 'cart_item' && i.product_id !== mug.id);
    expect(mugLine.discounts).toEqual([expect.objectContaining({ code: item, is_cart_discount: false, amount: { amount: -250, currency: 'USD', includes_tax: true } })]);
    expect(mugLine.meta.display_price.discount.value.amount).toBe(-250);
    expect(other.discounts).toEqual([]);
    expect(items.meta.display_price.with_tax.amount).toBe(3750);
  });

  it('refuses an unknown, expired, disabled or used-up code with Elastic Path\'s title', async () => {
    const cart = await cartWith([1000]);
    const add = (value: string) => t.http.post(`/v2/carts/${cart.id}/items`).set(t.storefront).send({ data: { type: 'promotion_item', code: value } });
    expectErrorDocument(await add('NO-SUCH-CODE'), 404, { source: 'data.code' });

    const expired = code('OLD');
    await promotion({ promotion_type: 'fixed_discount', schema: { currencies: [{ currency: 'USD', amount: 100 }] }, start: year(-3), end: year(-1) }, [{ code: expired }]);
    const refused = await add(expired);
    expectErrorDocument(refused, 422, { title: 'Could not apply EP promotion with the given code', detail: 'The promotion of this code has expired' });
    expect(refused.body.errors[0].meta).toEqual({ code: expired });

    const off = code('OFF');
    await promotion({ promotion_type: 'fixed_discount', enabled: false, schema: { currencies: [{ currency: 'USD', amount: 100 }] } }, [{ code: off }]);
    expectErrorDocument(await add(off), 422, { detail: 'The promotion of this code is not enabled' });

    await expect(store.Cart(cart.id).AddPromotion(expired)).rejects.toMatchObject({ errors: [expect.objectContaining({ status: 422 })] });
    expect((await store.Cart(cart.id).Items()).meta.display_price.with_tax.amount).toBe(1000);
  });

  it('checkout carries the discounts into the order, its totals and its items', async () => {
    const half = code('HALF');
    await promotion({ promotion_type: 'item_percent_discount', schema: { targets: ['all'], percent: 50 } }, [{ code: half }]);
    const cart = await cartWith([999]);
    await store.Cart(cart.id).AddPromotion(half);
    const order = await store.Cart(cart.id).Checkout({ name: 'Ann Perkins', email: 'ann@example.com' }, billing);
    expect(order.data.meta.display_price).toMatchObject({
      with_tax: { amount: 499 }, // 999 − 500 (499.5 rounded half up)
      without_tax: { amount: 499 },
      discount: { amount: -500 },
      without_discount: { amount: 999 },
      balance_owing: { amount: 499 },
    });
    const items = await admin.Orders.Items(order.data.id);
    expect(items.data[0]).toMatchObject({
      value: { amount: 999 },
      discounts: [expect.objectContaining({ code: half, amount: { amount: -500, currency: 'USD', includes_tax: true } })],
      meta: { display_price: { with_tax: { value: { amount: 499 } }, discount: { value: { amount: -500 } }, without_discount: { value: { amount: 999 } } } },
    });
    const codes = await admin.Promotions.Codes((await admin.Promotions.Filter({ eq: { code: half } }).All()).data[0].id);
    expect(codes.data[0]).toMatchObject({ code: half, times_used: 1 });
  });

  it('two carts racing to check out with the last use of a code: one order, the other refused', async () => {
    const last = code('LAST');
    const promo = await promotion({ promotion_type: 'fixed_discount', schema: { currencies: [{ currency: 'USD', amount: 100 }] } }, [{ code: last, uses: 1 }]);
    const a = await cartWith([1000]);
    const b = await cartWith([1000]);
    await store.Cart(a.id).AddPromotion(last);
    await store.Cart(b.id).AddPromotion(last);
    const checkout = (id: string) =>
      t.http.post(`/v2/carts/${id}/checkout`).set(t.storefront).send({ data: { customer: { name: 'Ann', email: 'ann@example.com' }, billing_address: billing } });
    const results = await Promise.all([checkout(a.id), checkout(b.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    const loser = results.find((r) => r.status === 422)!;
    expectErrorDocument(loser, 422, { title: 'Could not apply EP promotion with the given code' });
    const winner = results.find((r) => r.status === 201)!;
    expect(winner.body.data.meta.display_price.with_tax.amount).toBe(900);
    const orders = await t.prisma.order.count({ where: { cartId: { in: [a.id, b.id] } } });
    expect(orders).toBe(1);
    const codes = await admin.Promotions.Codes(promo.id);
    expect(codes.data[0]).toMatchObject({ uses: 0, max_uses: 1, times_used: 1 });
    // Used up now: a new cart cannot apply it.
    const c = await cartWith([1000]);
    await expect(store.Cart(c.id).AddPromotion(last)).rejects.toMatchObject({ errors: [expect.objectContaining({ status: 422 })] });
  });

  it('an automatic promotion applies without a code, above its minimum cart value', async () => {
    // In EUR only, so that the store's USD carts of the other tests are not touched.
    const auto = await promotion({
      promotion_type: 'fixed_discount',
      automatic: true,
      schema: { currencies: [{ currency: 'EUR', amount: 300 }] },
      min_cart_value: [{ currency: 'EUR', amount: 2000 }],
    });
    const cart = await cartWith([1500], 'EUR');
    expect((await store.Cart(cart.id).Items()).meta.display_price.discount.amount).toBe(0);
    const line = (await store.Cart(cart.id).Items()).data[0];
    await store.Cart(cart.id).UpdateItem(line.id, 2);
    const items = await store.Cart(cart.id).Items();
    expect(items.meta.display_price).toMatchObject({ with_tax: { amount: 2700 }, discount: { amount: -300 } });
    expect(items.data.find((i: any) => i.type === 'promotion_item')).toMatchObject({ promotion_id: auto.id });
    expect(items.data.find((i: any) => i.type === 'promotion_item').code).toBeUndefined();
    await admin.Promotions.Update(auto.id, { enabled: false });
  });
});
