import { createOrder } from '../support/factories';
import { adminGet, adminPost } from '../support/admin-http';
import { createTestApp, TestApp } from '../support/test-app';

/** Spec, Transaction resource, "Observed irregularities": `transaction-type` beside `transaction_type`, `meta.created_at` beside `meta.timestamps`. */
function expectLegacyKeys(tx: any) {
  expect(tx['transaction-type']).toBe(tx.transaction_type);
  expect(typeof tx.transaction_type).toBe('string');
  expect(tx.meta.created_at).toBe(tx.meta.timestamps.created_at);
  expect(tx.meta.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
}

describe('transaction-type and meta.created_at on every transaction object', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, body?: object) => adminPost(t, path, body);
  const get = (path: string) => adminGet(t, path);

  it('manual: payments, list, get, capture, refund — the duplicate follows transaction_type as it changes', async () => {
    const o = await createOrder(t, { withTax: 10000 });
    const pay = await post(`/orders/${o.id}/payments`, { data: { gateway: 'manual', method: 'authorize' } });
    expectLegacyKeys(pay.body.data);
    expect(pay.body.data['transaction-type']).toBe('authorize');
    const id = pay.body.data.id;

    const list = await get(`/orders/${o.id}/transactions`);
    list.body.data.forEach(expectLegacyKeys);
    expectLegacyKeys((await get(`/orders/${o.id}/transactions/${id}`)).body.data);

    const capture = await post(`/orders/${o.id}/transactions/${id}/capture`);
    expectLegacyKeys(capture.body.data);
    expect(capture.body.data['transaction-type']).toBe('capture');
    expect(capture.body.data.meta.created_at).toBe(pay.body.data.meta.created_at);

    const refund = await post(`/orders/${o.id}/transactions/${id}/refund`, { data: {} });
    expectLegacyKeys(refund.body.data);
    expect(refund.body.data['transaction-type']).toBe('refund');
  });

  it('payment intents: payments, confirm, cancel; and the transaction.* webhook payloads', async () => {
    const o = await createOrder(t, { withTax: 10000 });
    const pay = await post(`/orders/${o.id}/payments`, { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' } });
    expectLegacyKeys(pay.body.data);
    expectLegacyKeys((await post(`/orders/${o.id}/transactions/${pay.body.data.id}/confirm`, { data: {} })).body.data);

    const o2 = await createOrder(t, { withTax: 10000 });
    const pending = (await post(`/orders/${o2.id}/payments`, { data: { gateway: 'card_payment_intents', method: 'authorize', payment: 'pm_card_visa' } })).body.data;
    expectLegacyKeys((await post(`/orders/${o2.id}/transactions/${pending.id}/cancel`, { data: { reason: 'abandoned' } })).body.data);

    const events = await t.prisma.outboxEvent.findMany({ where: { name: { in: ['transaction.created', 'transaction.updated'] } } });
    expect(events.length).toBeGreaterThanOrEqual(4);
    for (const e of events) expectLegacyKeys((e.payload as any).data);
  });
});
