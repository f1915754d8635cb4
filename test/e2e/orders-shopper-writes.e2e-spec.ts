import { randomUUID } from 'node:crypto';
import { expectErrorDocument } from '../support/documents';
import { createProduct } from '../support/factories';
import { CHECKOUT_BILLING, signedInShopper } from '../support/flows';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * With a customer token, the writes on an order follow its reads: another shopper's order is not found, for a
 * payment, a confirm or any other write. Without a customer token a storefront token still pays an order by its
 * id (a guest's payment).
 */
describe('orders: a shopper writes only on their own orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const shopper = (name: string) => signedInShopper(t, name);

  async function orderOf(customer: { id: string; token: string }) {
    const product = await createProduct(t.prisma, { amount: 1000 });
    const ref = `cart-${randomUUID()}`;
    const headers = { ...t.storefront, 'X-Moltin-Customer-Token': customer.token };
    await t.http.post(`/v2/carts/${ref}/items`).set(headers).send({ data: { type: 'cart_item', id: product.id, quantity: 1 } }).expect(201);
    const res = await t.http.post(`/v2/carts/${ref}/checkout`).set(headers).send({ data: { customer: { id: customer.id }, billing_address: CHECKOUT_BILLING } });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  }

  it('refuses a payment, a confirm and the other writes on another shopper’s order with 404, as its reads', async () => {
    const a = await shopper('alice');
    const b = await shopper('bob');
    const bOrder = await orderOf(b);
    const asA = { ...t.storefront, 'X-Moltin-Customer-Token': a.token };
    const adminAsA = { ...t.admin, 'X-Moltin-Customer-Token': a.token };
    const manual = { data: { gateway: 'manual', method: 'authorize' } };

    expectErrorDocument(await t.http.get(`/v2/orders/${bOrder}`).set(asA), 404);
    expectErrorDocument(await t.http.post(`/v2/orders/${bOrder}/payments`).set(asA).send(manual), 404);
    expectErrorDocument(await t.http.post(`/v2/orders/${bOrder}/payments`).set(adminAsA).send(manual), 404);
    expect((await t.prisma.transaction.count({ where: { orderId: bOrder } }))).toBe(0);

    const authorized = await t.http.post(`/v2/orders/${bOrder}/payments`).set(t.admin).send(manual);
    expect(authorized.status).toBe(200);
    const txPath = `/v2/orders/${bOrder}/transactions/${authorized.body.data.id}`;
    expectErrorDocument(await t.http.post(`${txPath}/confirm`).set(asA).send({ data: {} }), 404);
    for (const action of ['capture', 'cancel', 'refund']) {
      expectErrorDocument(await t.http.post(`${txPath}/${action}`).set(adminAsA).send({ data: {} }), 404);
    }
    expectErrorDocument(await t.http.put(`/v2/orders/${bOrder}`).set(adminAsA).send({ data: { status: 'cancelled' } }), 404);
    expect((await t.prisma.transaction.findUniqueOrThrow({ where: { id: authorized.body.data.id } })).status).toBe('complete');
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: bOrder } })).status).not.toBe('cancelled');
  });

  it('lets a shopper pay their own order, and a storefront token without a customer token pay any order by id', async () => {
    const a = await shopper('carol');
    const own = await orderOf(a);
    const paid = await t.http.post(`/v2/orders/${own}/payments`).set({ ...t.storefront, 'X-Moltin-Customer-Token': a.token }).send({ data: { gateway: 'manual', method: 'purchase' } });
    expect(paid.status).toBe(200);
    const other = await orderOf(await shopper('dave'));
    const guest = await t.http.post(`/v2/orders/${other}/payments`).set(t.storefront).send({ data: { gateway: 'manual', method: 'purchase' } });
    expect(guest.status).toBe(200);
    expectErrorDocument(await t.http.post(`/v2/orders/${other}/payments`).set({ ...t.storefront, 'X-Moltin-Customer-Token': 'forged' }).send({ data: { gateway: 'manual', method: 'purchase' } }), 401);
  });
});
