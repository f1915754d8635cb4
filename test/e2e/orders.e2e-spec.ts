import { expectErrorDocument, expectPage } from '../support/documents';
import { createOrder, TEST_ADDRESS } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

describe('orders: list, get, items, include, fulfil and cancel', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const base = Date.parse('2026-01-01T00:00:00Z');
  const at = (minutes: number) => new Date(base + minutes * 60_000);
  const ids = (res: any) => res.body.data.map((o: any) => o.id);
  const put = (id: string, data: Record<string, unknown>) => t.http.put(`/v2/orders/${id}`).set(t.admin).send({ data: { type: 'order', ...data } });
  const eventsFor = async (id: string) =>
    (await t.prisma.outboxEvent.findMany({ orderBy: { createdAt: 'asc' } })).filter((e) => (e.payload as any).data?.id === id).map((e) => e.name);

  describe('list and filters', () => {
    let a: string, b: string, c: string;
    beforeAll(async () => {
      await t.prisma.order.deleteMany();
      a = (await createOrder(t.prisma, { withTax: 1000, createdAt: at(1), customer: { name: 'Ann Perkins', email: 'ann@pawnee.gov' } })).id;
      b = (await createOrder(t.prisma, { withTax: 5000, currency: 'EUR', payment: 'paid', status: 'complete', createdAt: at(2), customer: { name: 'Ben Wyatt', email: 'ben@pawnee.gov' } })).id;
      c = (await createOrder(t, { withTax: 9000, createdAt: at(3), customer: { name: 'Chris Traeger', email: 'chris@eagleton.gov' } })).id;
    });

    it('is newest first with the pagination envelope', async () => {
      const res = await t.http.get('/v2/orders').set(t.admin);
      expectPage(res, { limit: 25, offset: 0, total: 3, count: 3 });
      expect(ids(res)).toEqual([c, b, a]);
      expect(res.body.data[0]).toMatchObject({ type: 'order', status: 'incomplete', payment: 'unpaid' });
      expect(res.body.included).toBeUndefined();
      const asc = await t.http.get('/v2/orders?sort=created_at&page[limit]=2&page[offset]=1').set(t.admin);
      expectPage(asc, { limit: 2, offset: 1, total: 3, count: 2 });
      expect(ids(asc)).toEqual([b, c]);
      expect(ids(await t.http.get('/v2/orders?sort=-with_tax').set(t.admin))).toEqual([c, b, a]);
      const byPayment = ids(await t.http.get('/v2/orders?sort=payment').set(t.admin));
      expect([byPayment[0], byPayment.slice(1).sort()]).toEqual([b, [a, c].sort()]); // paid, then the two unpaid
    });

    it('filters by eq, like and ranges', async () => {
      const q = async (filter: string) => {
        const res = await t.http.get('/v2/orders').query({ filter }).set(t.admin);
        expect(res.status).toBe(200);
        return ids(res);
      };
      expect(await q('eq(payment,paid)')).toEqual([b]);
      expect(await q('eq(status,incomplete)')).toEqual([c, a]);
      expect(await q('eq(shipping,unfulfilled)')).toHaveLength(3);
      expect(await q('eq(currency,EUR)')).toEqual([b]);
      expect(await q('eq(email,ann@pawnee.gov)')).toEqual([a]);
      expect(await q('like(email,*pawnee.gov)')).toEqual([b, a]);
      expect(await q('like(name,chris*)')).toEqual([c]);
      expect(await q('eq(name,Ben Wyatt)')).toEqual([b]);
      expect(await q('gt(with_tax,1000)')).toEqual([c, b]);
      expect(await q('ge(with_tax,1000):lt(with_tax,9000)')).toEqual([b, a]);
      expect(await q('le(without_tax,5000)')).toEqual([b, a]);
      expect(await q(`gt(created_at,${at(1).toISOString()})`)).toEqual([c, b]);
      expect(await q(`le(created_at,${at(2).toISOString()})`)).toEqual([b, a]);
      expect(await q(`eq(created_at,${at(3).toISOString()})`)).toEqual([c]);
      expect(await q(`eq(id,${a})`)).toEqual([a]);
      const filtered = await t.http.get('/v2/orders').query({ filter: 'eq(payment,paid)' }).set(t.admin);
      expect(filtered.body.meta.results).toEqual({ total: 1, all: 3 });
    });

    it('refuses bad filters, sorts and offsets over 10,000', async () => {
      expectErrorDocument(await t.http.get('/v2/orders').query({ filter: 'like(payment,pa*)' }).set(t.admin), 400);
      expectErrorDocument(await t.http.get('/v2/orders').query({ filter: 'eq(nope,1)' }).set(t.admin), 400);
      expectErrorDocument(await t.http.get('/v2/orders').query({ filter: 'gt(with_tax,abc)' }).set(t.admin), 400);
      expectErrorDocument(await t.http.get('/v2/orders').query({ sort: 'name' }).set(t.admin), 400);
      const far = await t.http.get('/v2/orders?page[offset]=10001').set(t.admin);
      expectErrorDocument(far, 400, { source: 'page[offset]', detail: /sort/ });
      expect((await t.http.get('/v2/orders?page[offset]=10000').set(t.admin)).status).toBe(200);
    });

    it('includes items on the list in one envelope', async () => {
      const res = await t.http.get('/v2/orders?include=items').set(t.admin);
      expect(res.status).toBe(200);
      expect(res.body.included.items).toHaveLength(3);
      const orderItemIds = res.body.data.flatMap((o: any) => o.relationships.items.data.map((i: any) => i.id)).sort();
      expect(res.body.included.items.map((i: any) => i.id).sort()).toEqual(orderItemIds);
      expect(res.body.included.items[0]).toMatchObject({ type: 'order_item' });
    });
  });

  describe('filters on customer, contact and addresses', () => {
    const address = (first: string, last: string, postcode: string) => ({ ...TEST_ADDRESS, first_name: first, last_name: last, postcode });
    let leslie: string, april: string;
    beforeAll(async () => {
      const order = (customer: Record<string, string>, shipping: object, billing: object) =>
        t.prisma.order.create({
          data: { currency: 'USD', customer, customerName: customer.name ?? '', customerEmail: customer.email ?? '', shippingAddress: shipping, billingAddress: billing, withTax: 100, withoutTax: 100 },
        });
      leslie = (await order({ id: 'cus-leslie', name: 'Leslie Knope', email: 'leslie@pawnee.gov' }, address('Ann', 'Perkins', 'PW1 1AA'), address('Leslie', 'Knope', 'PW9 9ZZ'))).id;
      april = (await order({ name: 'April Ludgate', email: 'april@pawnee.gov' }, address('April', 'Ludgate', 'EG2 2BB'), address('Andy', 'Dwyer', 'EG3 3CC'))).id;
    });
    const q = async (filter: string) => {
      const res = await t.http.get('/v2/orders?page[limit]=100').query({ filter }).set(t.admin);
      expect(res.status).toBe(200);
      return ids(res).filter((id: string) => id === leslie || id === april);
    };

    it('filters by shipping/billing name and postcode with eq and like', async () => {
      expect(await q('eq(shipping_name,Ann Perkins)')).toEqual([leslie]);
      expect(await q('like(shipping_name,april*)')).toEqual([april]);
      expect(await q('eq(billing_name,Andy Dwyer)')).toEqual([april]);
      expect(await q('like(billing_name,*knope)')).toEqual([leslie]);
      expect(await q('eq(shipping_postcode,EG2 2BB)')).toEqual([april]);
      expect(await q('like(shipping_postcode,PW1*)')).toEqual([leslie]);
      expect(await q('eq(billing_postcode,PW9 9ZZ)')).toEqual([leslie]);
      expect(await q('like(billing_postcode,*3CC)')).toEqual([april]);
    });

    it('filters by customer_id, contact.name, contact.email and account_member_id', async () => {
      expect(await q('eq(customer_id,cus-leslie)')).toEqual([leslie]);
      expect(await q('like(customer_id,cus-*)')).toEqual([leslie]);
      expect(await q('eq(contact.email,april@pawnee.gov)')).toEqual([april]);
      expect(await q('like(contact.name,leslie*)')).toEqual([leslie]);
      expect(await q('eq(account_member_id,00000000-0000-4000-8000-000000000000)')).toEqual([]);
    });

    it('sorts by updated_at as well as the fields Elastic Path documents; ranges on names stay 400', async () => {
      const byUpdated = await t.http.get('/v2/orders?sort=-updated_at&page[limit]=100').set(t.admin);
      expect(byUpdated.status).toBe(200);
      const updated = byUpdated.body.data.map((o: any) => o.meta.timestamps.updated_at);
      expect(updated).toEqual([...updated].sort().reverse());
      expect(ids(byUpdated).filter((id: string) => id === leslie || id === april)).toEqual([april, leslie]);
      const byShipping = await t.http.get('/v2/orders?sort=shipping&page[limit]=100').set(t.admin);
      expect(byShipping.status).toBe(200);
      const shipping = byShipping.body.data.map((o: any) => o.shipping);
      expect(shipping).toEqual([...shipping].sort());
      expectErrorDocument(await t.http.get('/v2/orders').query({ filter: 'gt(shipping_name,a)' }).set(t.admin), 400, { source: 'filter' });
      expectErrorDocument(await t.http.get('/v2/orders').query({ filter: 'eq(shipping_city,x)' }).set(t.admin), 400, { source: 'filter' });
    });
  });

  describe('get and items', () => {
    it('gets one order, with and without included items', async () => {
      const order = await createOrder(t.prisma, {
        items: [
          { unitAmount: 300, quantity: 2, name: 'Mug' },
          { unitAmount: 100, quantity: 1, name: 'Card' },
        ],
      });
      const res = await t.http.get(`/v2/orders/${order.id}`).set(t.admin);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: order.id, type: 'order', customer: { name: 'Ron Swanson', email: 'ron@swanson.com' } });
      expect(res.body.data.meta.display_price.with_tax.amount).toBe(700);
      expect(res.body.data.relationships.items.data).toHaveLength(2);
      expect(res.body.included).toBeUndefined();

      const inc = await t.http.get(`/v2/orders/${order.id}?include=items`).set(t.admin);
      expect(inc.body.included.items.map((i: any) => i.name).sort()).toEqual(['Card', 'Mug']);
      expect(inc.body.included.items.find((i: any) => i.name === 'Mug').value.amount).toBe(600);

      const items = await t.http.get(`/v2/orders/${order.id}/items`).set(t.admin);
      expect(items.status).toBe(200);
      expect(items.body.data).toHaveLength(2);
      expect(items.body.data[0].type).toBe('order_item');
    });

    it('has no included member when an order has no items', async () => {
      const empty = await t.prisma.order.create({
        data: { currency: 'USD', customer: {}, billingAddress: {}, shippingAddress: {}, withTax: 0, withoutTax: 0 },
      });
      const res = await t.http.get(`/v2/orders/${empty.id}?include=items`).set(t.admin);
      expect(res.status).toBe(200);
      expect(res.body.data.relationships.items.data).toEqual([]);
      expect(res.body.included).toBeUndefined();
    });

    it('answers 404 Order not found for unknown and malformed ids', async () => {
      expectErrorDocument(await t.http.get('/v2/orders/00000000-0000-4000-8000-000000000000').set(t.admin), 404, { title: 'Order not found' });
      expectErrorDocument(await t.http.get('/v2/orders/nope').set(t.admin), 404, { title: 'Order not found' });
      expectErrorDocument(await t.http.get('/v2/orders/nope/items').set(t.admin), 404, { title: 'Order not found' });
      expectErrorDocument(await put('00000000-0000-4000-8000-000000000000', { status: 'cancelled' }), 404, { title: 'Order not found' });
    });

    it('refuses implicit tokens with 403', async () => {
      const order = await createOrder(t.prisma);
      expectErrorDocument(await t.http.get('/v2/orders').set(t.storefront), 403);
      expectErrorDocument(await t.http.get(`/v2/orders/${order.id}`).set(t.storefront), 403);
      expectErrorDocument(await t.http.put(`/v2/orders/${order.id}`).set(t.storefront).send({ data: { status: 'cancelled' } }), 403);
    });
  });

  describe('PUT /orders/:id', () => {
    it('refuses to fulfil an unpaid order, then fulfils it once paid', async () => {
      const order = await createOrder(t.prisma, { withTax: 1500 });
      const refused = await put(order.id, { shipping: 'fulfilled' });
      expectErrorDocument(refused, 422, { title: 'Order cannot be fulfilled', detail: /unpaid/ });

      await t.prisma.order.update({ where: { id: order.id }, data: { payment: 'paid', paidAmount: 1500, status: 'complete' } });
      const ok = await put(order.id, { shipping: 'fulfilled' });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ shipping: 'fulfilled', status: 'complete', payment: 'paid' });
      expect(await eventsFor(order.id)).toEqual(['order.fulfilled', 'order.updated']);

      // Once fulfilled: nothing of shipping, shipping_address or status can change.
      expectErrorDocument(await put(order.id, { status: 'cancelled' }), 422, { detail: /fulfilled/ });
      expectErrorDocument(await put(order.id, { shipping: 'fulfilled' }), 422);
      expectErrorDocument(await put(order.id, { shipping_address: { line_1: 'Elsewhere' } }), 422);
      expect((await t.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe('complete');
    });

    it('cancels an unfulfilled order, then refuses to fulfil it', async () => {
      const order = await createOrder(t.prisma);
      const res = await put(order.id, { status: 'cancelled' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'cancelled', payment: 'unpaid', shipping: 'unfulfilled' });
      expect(await eventsFor(order.id)).toEqual(['order.cancelled', 'order.updated']);
      expectErrorDocument(await put(order.id, { status: 'cancelled' }), 422);
      await t.prisma.order.update({ where: { id: order.id }, data: { payment: 'paid' } });
      expectErrorDocument(await put(order.id, { shipping: 'fulfilled' }), 422, { title: 'Order cannot be fulfilled', detail: /cancelled/ });
    });

    it('changes the shipping address', async () => {
      const order = await createOrder(t.prisma);
      const res = await put(order.id, { shipping_address: { line_1: '2 Rainy Road', postcode: '99999' } });
      expect(res.status).toBe(200);
      expect(res.body.data.shipping_address).toMatchObject({ line_1: '2 Rainy Road', postcode: '99999', first_name: 'Ron' });
      expect(await eventsFor(order.id)).toEqual(['order.updated']);
    });

    it('refuses invalid values with 400', async () => {
      const order = await createOrder(t.prisma);
      expectErrorDocument(await put(order.id, { shipping: 'shipped' }), 400, { source: 'data.shipping' });
      expectErrorDocument(await put(order.id, { status: 'complete' }), 400, { source: 'data.status' });
      expectErrorDocument(await put(order.id, { shipping_address: 'nowhere' }), 400, { source: 'data.shipping_address' });
      expectErrorDocument(await t.http.put(`/v2/orders/${order.id}`).set(t.admin).send({ data: { type: 'product' } }), 400, { source: 'data.type' });
      expectErrorDocument(await put(order.id, { shipping: 'fulfilled', status: 'cancelled' }), 422);
    });
  });
});
