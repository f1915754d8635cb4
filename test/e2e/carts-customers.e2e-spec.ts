import { randomUUID } from 'node:crypto';
import { expectErrorDocument, expectPage } from '../support/documents';
import { signedInShopper } from '../support/flows';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Elastic Path's getCarts (`GET /v2/carts`) lists the carts associated with the customer whose token comes with
 * the request, the latest changed first. A cart created with a customer token is associated with that customer;
 * `POST`/`DELETE /v2/carts/:ref/relationships/customers` associate and dissociate others.
 */
describe('carts of a customer: associations and GET /v2/carts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const shopper = (name: string) => signedInShopper(t, name);

  it('lists the carts of the customer token sent, latest changed first, and no one else’s', async () => {
    const ann = await shopper('ann');
    const ben = await shopper('ben');
    const first = await t.http.post('/v2/carts').set(ann.headers).send({ data: { name: 'Ann first' } });
    expect(first.status).toBe(201);
    const second = await t.http.post('/v2/carts').set(ann.headers).send({ data: { name: 'Ann second' } });
    await t.http.post('/v2/carts').set(ben.headers).send({ data: { name: 'Ben' } }).expect(201);
    await t.http.post('/v2/carts').set(t.storefront).send({ data: { name: 'Guest' } }).expect(201);
    // Changing the first cart makes it the latest.
    await t.http.put(`/v2/carts/${first.body.data.id}`).set(ann.headers).send({ data: { description: 'changed' } }).expect(200);

    const mine = await t.http.get('/v2/carts').set(ann.headers);
    expectPage(mine, { limit: 25, offset: 0, total: 2 });
    expect(mine.body.data.map((c: any) => c.name)).toEqual(['Ann first', 'Ann second']);
    expect(mine.body.data[1]).toMatchObject({ type: 'cart', id: second.body.data.id });
    const bens = await t.http.get('/v2/carts').set(ben.headers);
    expect(bens.body.data.map((c: any) => c.name)).toEqual(['Ben']);
    const paged = await t.http.get('/v2/carts').query({ 'page[limit]': 1, 'page[offset]': 1 }).set(ann.headers);
    expect(paged.body.data.map((c: any) => c.name)).toEqual(['Ann second']);
  });

  it('associates and dissociates a cart; a shopper only themselves, an administrator any customer', async () => {
    const cat = await shopper('cat');
    const dan = await shopper('dan');
    const ref = `cart-${randomUUID()}`;
    await t.http.get(`/v2/carts/${ref}`).set(t.storefront).expect(200);
    const body = { data: [{ type: 'customer', id: cat.id }] };

    const associated = await t.http.post(`/v2/carts/${ref}/relationships/customers`).set(cat.headers).send(body);
    expect(associated.status).toBe(200);
    expect(associated.body).toEqual({ data: [{ type: 'customer', id: cat.id }] });
    expect((await t.http.get('/v2/carts').set(cat.headers)).body.data.map((c: any) => c.id)).toEqual([ref]);

    expectErrorDocument(await t.http.post(`/v2/carts/${ref}/relationships/customers`).set(dan.headers).send(body), 403);
    expectErrorDocument(await t.http.post(`/v2/carts/${ref}/relationships/customers`).set(t.storefront).send(body), 400);
    expectErrorDocument(await t.http.post(`/v2/carts/no-such-cart/relationships/customers`).set(cat.headers).send(body), 404);
    expectErrorDocument(await t.http.post(`/v2/carts/${ref}/relationships/customers`).set(t.admin).send({ data: [{ type: 'customer', id: randomUUID() }] }), 404);
    expectErrorDocument(await t.http.post(`/v2/carts/${ref}/relationships/customers`).set(t.admin).send({ data: [{ type: 'account', id: cat.id }] }), 400, { source: 'data[0].type' });
    expectErrorDocument(await t.http.post(`/v2/carts/${ref}/relationships/customers`).set(t.admin).send({ data: [] }), 400, { source: 'data' });

    await t.http.post(`/v2/carts/${ref}/relationships/customers`).set(t.admin).send({ data: [{ type: 'customer', id: dan.id }] }).expect(200);
    expect((await t.http.get('/v2/carts').set(dan.headers)).body.data.map((c: any) => c.id)).toEqual([ref]);

    await t.http.delete(`/v2/carts/${ref}/relationships/customers`).set(cat.headers).send(body).expect(204);
    expect((await t.http.get('/v2/carts').set(cat.headers)).body.data).toEqual([]);
    expect((await t.http.get('/v2/carts').set(dan.headers)).body.data.map((c: any) => c.id)).toEqual([ref]);
  });

  it('a storefront token alone names no shopper (400); a client-credentials token lists every cart', async () => {
    expectErrorDocument(await t.http.get('/v2/carts').set(t.storefront), 400);
    const guest = await t.http.post('/v2/carts').set(t.storefront).send({ data: { name: 'Guest only' } });
    const all = await t.http.get('/v2/carts').query({ filter: `eq(id,${guest.body.data.id})` }).set(t.admin);
    expect(all.body.data.map((c: any) => c.name)).toEqual(['Guest only']);
    expect(all.body.meta.results.total).toBe(1);
    expectErrorDocument(await t.http.get('/v2/carts').set({ ...t.storefront, 'X-Moltin-Customer-Token': 'forged' }), 401);
  });
});
