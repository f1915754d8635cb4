import { adminPost } from '../support/admin-http';
import { createOrder } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';

const N = 50;

describe('transactions under concurrency (real parallel HTTP)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, body?: object) => adminPost(t, path, body);

  it(`${N} parallel captures of one authorization: exactly one succeeds, the others are 422`, async () => {
    const o = await createOrder(t, { withTax: 40000 });
    const auth = await post(`/orders/${o.id}/payments`, { data: { gateway: 'manual', method: 'authorize' } });
    const txId = auth.body.data.id;

    const results = await Promise.all(Array.from({ length: N }, () => post(`/orders/${o.id}/transactions/${txId}/capture`)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(N - 1);
    for (const r of results.filter((x) => x.status === 422)) expect(r.body.errors[0].title).toBe('Transaction cannot be captured');

    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: o.id } });
    expect(order).toMatchObject({ payment: 'paid', status: 'complete', paidAmount: 40000, authorizedAmount: 0 });
    const tx = await t.prisma.transaction.findUniqueOrThrow({ where: { id: txId } });
    expect(tx).toMatchObject({ transactionType: 'capture', status: 'complete', capturedAmount: 40000 });
    const paidEvents = await t.prisma.outboxEvent.count({ where: { name: 'order.paid' } });
    expect(paidEvents).toBe(1);
    const updates = await t.prisma.outboxEvent.count({ where: { name: 'transaction.updated' } });
    expect(updates).toBe(1);
  });

  it(`${N} parallel partial refunds whose sum exceeds the amount never refund more than the amount`, async () => {
    const o = await createOrder(t, { withTax: 10000 });
    const purchase = await post(`/orders/${o.id}/payments`, { data: { gateway: 'manual', method: 'purchase' } });
    const txId = purchase.body.data.id;
    const piece = 300; // 50 × 300 = 15000 > 10000: at most 33 can succeed

    const results = await Promise.all(Array.from({ length: N }, () => post(`/orders/${o.id}/transactions/${txId}/refund`, { data: { amount: piece } })));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status !== 200);
    for (const r of refused) expect(r.status).toBe(422);
    expect(ok.length * piece).toBeLessThanOrEqual(10000);
    expect(ok.length).toBe(Math.floor(10000 / piece)); // no refund is lost either: every one that fits succeeds

    const tx = await t.prisma.transaction.findUniqueOrThrow({ where: { id: txId } });
    expect(tx.refundedAmount).toBe(ok.length * piece);
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: o.id } });
    expect(order.refundedAmount).toBe(ok.length * piece);
    expect(order.payment).toBe('paid');
    const max = Math.max(...ok.map((r) => r.body.data.refunded_amount));
    expect(max).toBe(ok.length * piece);
  });

  it(`${N} parallel full payments of one order: one succeeds, the order is paid once`, async () => {
    const o = await createOrder(t, { withTax: 2500 });
    const results = await Promise.all(Array.from({ length: N }, () => post(`/orders/${o.id}/payments`, { data: { gateway: 'manual', method: 'purchase' } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422)).toHaveLength(N - 1);
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: o.id } });
    expect(order).toMatchObject({ payment: 'paid', paidAmount: 2500 });
    expect(await t.prisma.transaction.count({ where: { orderId: o.id } })).toBe(1);
  });
});
