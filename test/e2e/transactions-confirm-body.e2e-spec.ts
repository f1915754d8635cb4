import { createOrder } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { expectErrorDocument } from '../support/documents';

/**
 * `POST .../transactions/:id/confirm` body. Elastic Path's docs list `data.payment`, `data.gateway`, `data.method` as strings,
 * yet the SDK sends `{"data":{}}` and the SPI storefront `{payment, gateway}`: none is required, each is checked
 * when present, unknown fields are ignored.
 */
describe('POST /v2/orders/:orderId/transactions/:id/confirm: the body', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A pending payment-intents purchase on a fresh order. */
  async function pendingPayment(gateway = 'card_payment_intents') {
    const o = await createOrder(t, { withTax: 5499 });
    const res = await t.http
      .post(`/v2/orders/${o.id}/payments`)
      .set(t.admin)
      .send({ data: { gateway, method: 'purchase', payment: 'pm_card_visa' } });
    expect(res.body.data.status).toBe('pending');
    return { orderId: o.id, txId: res.body.data.id as string };
  }
  const confirm = (p: { orderId: string; txId: string }, body?: unknown) => {
    const req = t.http.post(`/v2/orders/${p.orderId}/transactions/${p.txId}/confirm`).set(t.admin);
    return body === undefined ? req.set('Content-Type', 'application/json') : req.send(body as object);
  };
  const stored = (id: string) => t.prisma.transaction.findUniqueOrThrow({ where: { id } });

  it.each([
    ['payment', { payment: 42 }],
    ['payment', { payment: null }],
    ['gateway', { gateway: { name: 'card_payment_intents' } }],
    ['gateway', { gateway: ['card_payment_intents'] }],
    ['method', { method: true }],
  ])('a non-string %s is 400 naming the field, and the payment stays pending', async (field, data) => {
    const p = await pendingPayment();
    expectErrorDocument(await confirm(p, { data }), 400, { source: `data.${field}` });
    expect(await stored(p.txId)).toMatchObject({ status: 'pending', paymentIntentStatus: 'requires_action' });
  });

  it.each(['capture', 'refund', 'PURCHASE', ''])('method %j (not purchase or authorize) is 400', async (method) => {
    const p = await pendingPayment();
    expectErrorDocument(await confirm(p, { data: { method } }), 400, { source: 'data.method', detail: /purchase, authorize/ });
    expect((await stored(p.txId)).status).toBe('pending');
  });

  it('a gateway other than the transaction’s is 422 saying why; the payment is not confirmed', async () => {
    const p = await pendingPayment();
    const res = await confirm(p, { data: { gateway: 'manual', method: 'purchase', payment: 'pm_card_visa' } });
    expectErrorDocument(res, 422, { source: 'data.gateway', detail: /card_payment_intents/ });
    expect(res.body.errors[0].detail).toMatch(/manual/);
    expectErrorDocument(await confirm(p, { data: { gateway: 'braintree' } }), 422, { source: 'data.gateway' });
    expect(await stored(p.txId)).toMatchObject({ status: 'pending', paymentIntentStatus: 'requires_action' });
    expect((await t.prisma.order.findUniqueOrThrow({ where: { id: p.orderId } })).payment).toBe('unpaid');
  });

  it.each([
    ['card_payment_intents', 'card_payment_intents'],
    ['card_payment_intents', 'stripe_payment_intents'],
    ['stripe_payment_intents', 'card_payment_intents'],
  ])('a %s transaction confirms with gateway %s (aliases of one gateway)', async (paidWith, named) => {
    const p = await pendingPayment(paidWith);
    const res = await confirm(p, { data: { gateway: named, method: 'purchase', payment: 'pm_card_threeDSecureRequired' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'complete', gateway: paidWith });
  });

  it.each([
    ['no body at all', undefined],
    ['{"data":{}}', { data: {} }],
    ['the SPI storefront’s {payment, gateway}', { data: { payment: 'pm_card_visa', gateway: 'stripe_payment_intents' } }],
    ['unknown fields (ignored)', { data: { method: 'authorize', unknown: 1, nested: { a: [1] } } }],
    ['{"data":{...},"options":{...}} (the SDK with options)', { data: { payment: 'pm_card_visa' }, options: { receipt_email: 'a@example.com' } }],
    ['{"options":{...}} (the SDK with options only)', { options: { receipt_email: 'a@example.com' } }],
  ])('%s confirms', async (_name, body) => {
    const p = await pendingPayment();
    const res = await confirm(p, body);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: p.txId, status: 'complete', payment_intent: { status: 'succeeded' } });
  });
});
