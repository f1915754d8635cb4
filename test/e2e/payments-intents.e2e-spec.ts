import { createOrder } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { expectErrorDocument } from '../support/documents';

/** Without STRIPE_SECRET_KEY the payment-intents gateway is the DevelopmentPaymentIntentsGateway (no money moves). */
describe('payment-intents gateway (development provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, body: object | undefined, auth = t.admin) => {
    const req = t.http.post(`/v2${path}`).set(auth);
    return body ? req.send(body) : req.set('Content-Type', 'application/json');
  };
  const order = (id: string) => t.prisma.order.findUniqueOrThrow({ where: { id } });

  it('purchase: pending with payment_intent (requires_action) → confirm → complete, order paid', async () => {
    const o = await createOrder(t, { withTax: 5499 });
    const res = await post(`/orders/${o.id}/payments`, { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_threeDSecureRequired' } }, t.storefront);
    expect(res.status).toBe(200);
    const tx = res.body.data;
    expect(tx).toMatchObject({ gateway: 'card_payment_intents', transaction_type: 'purchase', status: 'pending', amount: 5499, refunded_amount: 0 });
    expect(tx.reference).toMatch(/^pi_/);
    expect(tx.payment_intent).toMatchObject({ status: 'requires_action', client_secret: expect.stringMatching(/^pi_.+_secret_/) });
    expect(tx.client_parameters).toEqual({ token: tx.reference, secret: tx.payment_intent.client_secret });
    expect(tx['transaction-type']).toBe('purchase');
    expect(tx.meta.display_price.formatted).toBe('$54.99');
    // A pending payment leaves the order unpaid, and only transaction.created is published.
    expect(await order(o.id)).toMatchObject({ payment: 'unpaid', status: 'incomplete' });
    const names = (await t.prisma.outboxEvent.findMany({ orderBy: { createdAt: 'asc' } })).filter((e) => (e.payload as any).data?.id === tx.id).map((e) => e.name);
    expect(names).toEqual(['transaction.created']);
    // The client secret is for the storefront only: webhooks never carry it.
    const events = await t.prisma.outboxEvent.findMany();
    expect(JSON.stringify(events.map((e) => e.payload))).not.toContain(tx.payment_intent.client_secret);

    // Capturing or refunding a pending payment is refused.
    expectErrorDocument(await post(`/orders/${o.id}/transactions/${tx.id}/capture`, undefined), 422);
    expectErrorDocument(await post(`/orders/${o.id}/transactions/${tx.id}/refund`, { data: {} }), 422);

    const confirm = await post(
      `/orders/${o.id}/transactions/${tx.id}/confirm`,
      { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_threeDSecureRequired', unknown: 1 } },
      t.storefront,
    );
    expect(confirm.status).toBe(200);
    expect(confirm.body.data).toMatchObject({ id: tx.id, transaction_type: 'purchase', status: 'complete', payment_intent: { status: 'succeeded', client_secret: tx.payment_intent.client_secret } });
    expect(confirm.body.data.meta.timestamps).toMatchObject({ created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/), updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) });
    expect(await order(o.id)).toMatchObject({ payment: 'paid', status: 'complete', paidAmount: 5499 });
    expect(await t.prisma.outboxEvent.count({ where: { name: 'order.paid' } })).toBe(1);

    expectErrorDocument(await post(`/orders/${o.id}/transactions/${tx.id}/confirm`, { data: {} }), 422, { title: 'Transaction cannot be confirmed', detail: /purchase with status complete/ });

    const refund = await post(`/orders/${o.id}/transactions/${tx.id}/refund`, { data: { amount: 499 } });
    expect(refund.body.data).toMatchObject({ transaction_type: 'refund', refunded_amount: 499, refund_mechanism: 'automatic' });
    expect(refund.body.data).not.toHaveProperty('payment_intent');
  });

  it('authorize (alias stripe_payment_intents): confirm with {} → authorized; capture → paid; cancel refused after capture', async () => {
    const o = await createOrder(t, { withTax: 5499 });
    const tx = (await post(`/orders/${o.id}/payments`, { data: { gateway: 'stripe_payment_intents', method: 'authorize', payment: 'pm_card_visa', options: { receipt_email: 'a@example.com' } } })).body.data;
    expect(tx).toMatchObject({ gateway: 'stripe_payment_intents', transaction_type: 'authorize', status: 'pending' });
    const confirm = await post(`/orders/${o.id}/transactions/${tx.id}/confirm`, { data: {} });
    expect(confirm.body.data).toMatchObject({ status: 'complete', transaction_type: 'authorize', payment_intent: { status: 'requires_capture' } });
    expect(await order(o.id)).toMatchObject({ payment: 'authorized', status: 'processing', authorizedAmount: 5499 });
    const capture = await post(`/orders/${o.id}/transactions/${tx.id}/capture`, undefined);
    expect(capture.body.data).toMatchObject({ transaction_type: 'capture', status: 'complete' });
    expect(await t.prisma.transaction.findUniqueOrThrow({ where: { id: tx.id } })).toMatchObject({ paymentIntentStatus: 'succeeded' });
    expect(await order(o.id)).toMatchObject({ payment: 'paid', status: 'complete', paidAmount: 5499, authorizedAmount: 0 });
    expectErrorDocument(await post(`/orders/${o.id}/transactions/${tx.id}/cancel`, { data: { reason: 'duplicate' } }), 422, { title: 'Transaction cannot be cancelled' });
  });

  it('cancel: a pending payment and a complete authorization become cancelled; the order releases the authorization', async () => {
    const o = await createOrder(t, { withTax: 5499 });
    const pending = (await post(`/orders/${o.id}/payments`, { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' } })).body.data;
    const cancelled = await post(`/orders/${o.id}/transactions/${pending.id}/cancel`, { data: { reason: 'abandoned' } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', transaction_type: 'purchase' });
    expect(await t.prisma.transaction.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ paymentIntentStatus: 'canceled' });
    expectErrorDocument(await post(`/orders/${o.id}/transactions/${pending.id}/confirm`, { data: {} }), 422);

    const auth = (await post(`/orders/${o.id}/payments`, { data: { gateway: 'card_payment_intents', method: 'authorize', payment: 'pm_card_visa' } })).body.data;
    await post(`/orders/${o.id}/transactions/${auth.id}/confirm`, { data: {} });
    expect(await order(o.id)).toMatchObject({ payment: 'authorized' });
    const voided = await post(`/orders/${o.id}/transactions/${auth.id}/cancel`, undefined);
    expect(voided.body.data).toMatchObject({ status: 'cancelled', transaction_type: 'authorize' });
    expect(await order(o.id)).toMatchObject({ payment: 'unpaid', status: 'incomplete', authorizedAmount: 0 });
  });

  it('parallel confirms of one pending payment: one succeeds, the order is paid once', async () => {
    const o = await createOrder(t, { withTax: 5499 });
    const tx = (await post(`/orders/${o.id}/payments`, { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' } })).body.data;
    const results = await Promise.all(Array.from({ length: 20 }, () => post(`/orders/${o.id}/transactions/${tx.id}/confirm`, { data: {} })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 422)).toHaveLength(19);
    expect(await order(o.id)).toMatchObject({ payment: 'paid', paidAmount: 5499 });
  });
});
