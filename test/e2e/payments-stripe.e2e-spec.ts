import { createOrder } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { expectErrorDocument } from '../support/documents';
import { startStripeStub, StripeStub } from '../support/stripe-stub';

/** The real Stripe gateway (official `stripe` package) against a local Stripe-shaped stub. */
describe('Stripe Payment Intents gateway (STRIPE_SECRET_KEY + STRIPE_API_BASE → local stub)', () => {
  let t: TestApp;
  let stripe: StripeStub;
  beforeAll(async () => {
    stripe = await startStripeStub();
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_stub_123', STRIPE_API_BASE: stripe.baseUrl } });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const post = (path: string, body: object | undefined) => {
    const req = t.http.post(`/v2${path}`).set(t.admin);
    return body ? req.send(body) : req.set('Content-Type', 'application/json');
  };
  const order = (id: string) => t.prisma.order.findUniqueOrThrow({ where: { id } });

  it('authorize → confirm → capture → partial refund → refund the rest', async () => {
    const o = await createOrder(t, { withTax: 12000, currency: 'EUR' });
    const pay = await post(`/orders/${o.id}/payments`, { data: { gateway: 'stripe_payment_intents', method: 'authorize', payment: 'pm_card_visa' } });
    expect(pay.status).toBe(200);
    const tx = pay.body.data;
    const intent = stripe.intents.get(tx.reference)!;
    expect(intent).toMatchObject({ amount: 12000, currency: 'eur', capture_method: 'manual', payment_method: 'pm_card_visa', status: 'requires_confirmation' });
    expect(intent.metadata).toEqual({ order_id: o.id, transaction_id: tx.id });
    expect(stripe.requests[0].authorization).toBe('Bearer sk_test_stub_123');
    expect(stripe.requests[0].idempotencyKey).toBe(`payment-${tx.id}`);
    expect(tx).toMatchObject({ status: 'pending', transaction_type: 'authorize', payment_intent: { status: 'requires_confirmation', client_secret: intent.client_secret } });

    const confirm = await post(`/orders/${o.id}/transactions/${tx.id}/confirm`, { data: { gateway: 'stripe_payment_intents', method: 'authorize', payment: 'pm_card_visa' } });
    expect(confirm.status).toBe(200);
    expect(confirm.body.data).toMatchObject({ status: 'complete', payment_intent: { status: 'requires_capture' } });
    expect(await order(o.id)).toMatchObject({ payment: 'authorized', status: 'processing' });

    const capture = await post(`/orders/${o.id}/transactions/${tx.id}/capture`, undefined);
    expect(capture.body.data).toMatchObject({ transaction_type: 'capture', status: 'complete' });
    expect(capture.body.data).not.toHaveProperty('payment_intent'); // the client secret goes out on payment and confirm only
    expect(stripe.intents.get(tx.reference)!.status).toBe('succeeded');
    expect(await t.prisma.transaction.findUniqueOrThrow({ where: { id: tx.id } })).toMatchObject({ paymentIntentStatus: 'succeeded' });
    expect(await order(o.id)).toMatchObject({ payment: 'paid', status: 'complete', paidAmount: 12000 });

    const partial = await post(`/orders/${o.id}/transactions/${tx.id}/refund`, { data: { amount: 2000 } });
    expect(partial.body.data).toMatchObject({ transaction_type: 'refund', refunded_amount: 2000, refund_mechanism: 'automatic' });
    expect(stripe.requests.at(-1)).toMatchObject({ path: '/v1/refunds', params: { payment_intent: tx.reference, amount: '2000' } });
    const rest = await post(`/orders/${o.id}/transactions/${tx.id}/refund`, { data: { amount: 10000 } });
    expect(rest.body.data.refunded_amount).toBe(12000);
    expect(stripe.intents.get(tx.reference)!.refunded).toBe(12000);
    expect(await order(o.id)).toMatchObject({ payment: 'refunded', refundedAmount: 12000 });
  });

  it('purchase → confirm pays the order', async () => {
    const o = await createOrder(t, { withTax: 12000, currency: 'EUR' });
    const tx = (await post(`/orders/${o.id}/payments`, { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' } })).body.data;
    expect(stripe.intents.get(tx.reference)!.capture_method).toBe('automatic');
    const confirm = await post(`/orders/${o.id}/transactions/${tx.id}/confirm`, { data: {} });
    expect(confirm.body.data).toMatchObject({ status: 'complete', payment_intent: { status: 'succeeded' } });
    expect(await order(o.id)).toMatchObject({ payment: 'paid', status: 'complete' });
  });

  it('a declined card is 422 with the gateway message and leaves the payment pending (confirmable again)', async () => {
    const o = await createOrder(t, { withTax: 12000, currency: 'EUR' });
    const tx = (await post(`/orders/${o.id}/payments`, { data: { gateway: 'card_payment_intents', method: 'purchase' } })).body.data;
    expect(tx.payment_intent.status).toBe('requires_payment_method');
    const declined = await post(`/orders/${o.id}/transactions/${tx.id}/confirm`, { data: { payment: 'pm_card_chargeDeclined' } });
    expectErrorDocument(declined, 422, { title: 'Payment gateway processing failed', detail: 'Your card was declined.' });
    expect(await t.prisma.transaction.findUniqueOrThrow({ where: { id: tx.id } })).toMatchObject({ status: 'pending', paymentIntentStatus: 'requires_payment_method' });
    expect(await order(o.id)).toMatchObject({ payment: 'unpaid' });
    const ok = await post(`/orders/${o.id}/transactions/${tx.id}/confirm`, { data: { payment: 'pm_card_visa' } });
    expect(ok.body.data.status).toBe('complete');
  });

  it('a gateway refusal on capture puts the authorization back; an unreachable gateway is 502', async () => {
    const o = await createOrder(t, { withTax: 12000, currency: 'EUR' });
    const tx = (await post(`/orders/${o.id}/payments`, { data: { gateway: 'card_payment_intents', method: 'authorize', payment: 'pm_card_visa' } })).body.data;
    await post(`/orders/${o.id}/transactions/${tx.id}/confirm`, { data: {} });
    stripe.intents.get(tx.reference)!.status = 'canceled'; // expired at Stripe meanwhile
    const refused = await post(`/orders/${o.id}/transactions/${tx.id}/capture`, undefined);
    expectErrorDocument(refused, 422, { detail: /could not be captured because it has a status of canceled/ });
    expect(await t.prisma.transaction.findUniqueOrThrow({ where: { id: tx.id } })).toMatchObject({ transactionType: 'authorize', status: 'complete' });
    expect(await order(o.id)).toMatchObject({ payment: 'authorized' });

    const o2 = await createOrder(t, { withTax: 12000, currency: 'EUR' });
    stripe.failNext(5);
    const down = await post(`/orders/${o2.id}/payments`, { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' } });
    stripe.failNext(0);
    expectErrorDocument(down, 502);
    expect(await t.prisma.transaction.count({ where: { orderId: o2.id } })).toBe(0);
  });

  it('cancel voids the intent at Stripe', async () => {
    const o = await createOrder(t, { withTax: 12000, currency: 'EUR' });
    const tx = (await post(`/orders/${o.id}/payments`, { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' } })).body.data;
    const res = await post(`/orders/${o.id}/transactions/${tx.id}/cancel`, { data: { reason: 'requested_by_customer' } });
    expect(res.body.data).toMatchObject({ status: 'cancelled' });
    expect(await t.prisma.transaction.findUniqueOrThrow({ where: { id: tx.id } })).toMatchObject({ paymentIntentStatus: 'canceled' });
    expect(stripe.intents.get(tx.reference)!.status).toBe('canceled');
    expect(stripe.requests.at(-1)!.params).toEqual({ cancellation_reason: 'requested_by_customer' });
  });
});
