import { randomUUID } from 'node:crypto';
import { createOrder } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { expectErrorDocument } from '../support/documents';

describe('Idempotency-Key on payments, capture, refund, confirm', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, key: string | undefined, body?: object, auth = t.admin) => {
    const req = t.http.post(`/v2${path}`).set(auth);
    if (key !== undefined) req.set('Idempotency-Key', key);
    return body ? req.send(body) : req.set('Content-Type', 'application/json');
  };

  it('replays the first payment for the same key and body without paying twice', async () => {
    const o = await createOrder(t, { withTax: 10000 });
    const key = randomUUID();
    const body = { data: { gateway: 'manual', method: 'purchase', amount: 4000 } };
    const first = await post(`/orders/${o.id}/payments`, key, body);
    expect(first.status).toBe(200);
    const again = await post(`/orders/${o.id}/payments`, key, { data: { amount: 4000, method: 'purchase', gateway: 'manual' } }); // key order does not matter
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await t.prisma.transaction.count({ where: { orderId: o.id } })).toBe(1);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: o.id } })).paidAmount).toBe(4000);

    // A different body with the same key is refused; a new key is a new payment.
    expectErrorDocument(await post(`/orders/${o.id}/payments`, key, { data: { gateway: 'manual', method: 'purchase', amount: 1000 } }), 422, {
      title: 'Idempotency key reused',
    });
    const other = await post(`/orders/${o.id}/payments`, randomUUID(), { data: { gateway: 'manual', method: 'purchase', amount: 1000 } });
    expect(other.status).toBe(200);
    expect(other.body.data.id).not.toBe(first.body.data.id);
  });

  it('scopes a key by the route and its ids, not their spelling: a trailing slash, upper case or an upper-case id replay one payment', async () => {
    const o = await createOrder(t, { withTax: 10000 });
    const key = randomUUID();
    const body = { data: { gateway: 'manual', method: 'purchase', amount: 1500 } };
    const spellings = [`/orders/${o.id}/payments`, `/orders/${o.id}/payments/`, `/orders/${o.id}/PAYMENTS`, `/orders/${o.id.toUpperCase()}/payments`];
    const answers = [];
    for (const path of spellings) answers.push(await post(path, key, body));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual(answers[0].body);
    }
    for (const a of answers.slice(1)) expect(a.headers['idempotent-replayed']).toBe('true');
    expect(await t.prisma.transaction.count({ where: { orderId: o.id } })).toBe(1);
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: o.id } })).paidAmount).toBe(1500);
  });

  it('replays a capture (bodyless) and a refund; the same key on another route is a different key', async () => {
    const o = await createOrder(t, { withTax: 10000 });
    const auth = await post(`/orders/${o.id}/payments`, undefined, { data: { gateway: 'manual', method: 'authorize' } });
    const txId = auth.body.data.id;
    const key = 'capture-1';
    const c1 = await post(`/orders/${o.id}/transactions/${txId}/capture`, key);
    const c2 = await post(`/orders/${o.id}/transactions/${txId}/capture`, key);
    expect(c1.status).toBe(200);
    expect(c2.status).toBe(200);
    expect(c2.body).toEqual(c1.body);
    // Without the key the second capture is refused, as it should be.
    expect((await post(`/orders/${o.id}/transactions/${txId}/capture`, undefined)).status).toBe(422);

    const r1 = await post(`/orders/${o.id}/transactions/${txId}/refund`, key, { data: { amount: 1000 } });
    expect(r1.status).toBe(200);
    const r2 = await post(`/orders/${o.id}/transactions/${txId}/refund`, key, { data: { amount: 1000 } });
    expect(r2.body).toEqual(r1.body);
    expect((await t.prisma.transaction.findUniqueOrThrow({ where: { id: txId } })).refundedAmount).toBe(1000);
    expectErrorDocument(await post(`/orders/${o.id}/transactions/${txId}/refund`, key, { data: { amount: 2000 } }), 422, { title: 'Idempotency key reused' });
  });

  it('replays a refusal as it was first answered', async () => {
    const o = await createOrder(t, { withTax: 10000 });
    const purchase = await post(`/orders/${o.id}/payments`, undefined, { data: { gateway: 'manual', method: 'purchase' } });
    const first = await post(`/orders/${o.id}/transactions/${purchase.body.data.id}/capture`, 'refused');
    expectErrorDocument(first, 422);
    const second = await post(`/orders/${o.id}/transactions/${purchase.body.data.id}/capture`, 'refused');
    expectErrorDocument(second, 422);
    expect(second.body).toEqual(first.body);
  });

  it('parallel duplicates with one key execute once', async () => {
    const o = await createOrder(t, { withTax: 10000 });
    const body = { data: { gateway: 'manual', method: 'purchase', amount: 100 } };
    const results = await Promise.all(Array.from({ length: 10 }, () => post(`/orders/${o.id}/payments`, 'parallel', body)));
    for (const r of results) expect([200, 409]).toContain(r.status);
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of ok) expect(r.body).toEqual(ok[0].body);
    expect(await t.prisma.transaction.count({ where: { orderId: o.id } })).toBe(1);
  });

  it('scopes keys by client grant: an implicit token reusing a key does not replay an admin answer', async () => {
    const o = await createOrder(t, { withTax: 10000 });
    const body = { data: { gateway: 'manual', method: 'purchase', amount: 100 } };
    const a = await post(`/orders/${o.id}/payments`, 'shared', body);
    const b = await post(`/orders/${o.id}/payments`, 'shared', body, t.storefront);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expectErrorDocument(await post(`/orders/${o.id}/payments`, '', body), 400);
  });

  it('confirm honours the key too', async () => {
    const o = await createOrder(t, { withTax: 10000 });
    const pi = await post(`/orders/${o.id}/payments`, undefined, { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' } });
    const path = `/orders/${o.id}/transactions/${pi.body.data.id}/confirm`;
    const c1 = await post(path, 'confirm', { data: { payment: 'pm_card_visa' } });
    const c2 = await post(path, 'confirm', { data: { payment: 'pm_card_visa' } });
    expect(c1.status).toBe(200);
    expect(c2.body).toEqual(c1.body);
    expectErrorDocument(await post(path, 'confirm', { data: { payment: 'pm_other' } }), 422, { title: 'Idempotency key reused' });
  });
});
