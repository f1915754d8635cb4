import { startStripeStub, StripeStub } from '../support/stripe-stub';
import { createTestApp, TestApp } from '../support/test-app';
import { sdkFor } from '../support/sdk';
import { createOrder } from '../support/factories';

/** Elastic Path Payments powered by Stripe and the setup methods, through the official SDK, on a Stripe stub. */
describe('SDK: elastic_path_payments_stripe and purchase_setup / authorize_setup', () => {
  let t: TestApp;
  let stripe: StripeStub;
  let ep: any;
  const order = (id: string) => t.prisma.order.findUniqueOrThrow({ where: { id } });
  beforeAll(async () => {
    stripe = await startStripeStub();
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: 'sk_test_stub_ep', STRIPE_API_BASE: stripe.baseUrl } });
    ep = sdkFor(t);
    await ep.Authenticate();
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('EP Payments purchase with payment_method_types answers payment_intent.client_secret; confirm pays the order', async () => {
    const o = await createOrder(t, { withTax: 25000 });
    const pay = await ep.Orders.Payment(o.id, { gateway: 'elastic_path_payments_stripe', method: 'purchase', payment_method_types: ['card'] });
    const intent = stripe.intents.get(pay.data.reference)!;
    expect(intent).toMatchObject({ amount: 25000, currency: 'usd', capture_method: 'automatic' });
    const created = stripe.requests.find((r) => r.path === '/v1/payment_intents' && (r.params.metadata as any)?.order_id === o.id)!;
    expect(created.params.allowed_payment_method_types).toEqual({ '0': 'card' });
    expect(pay.data).toMatchObject({
      gateway: 'elastic_path_payments_stripe',
      transaction_type: 'purchase',
      status: 'pending',
      payment_intent: { client_secret: intent.client_secret },
    });

    const confirmed = await ep.Orders.Confirm(o.id, pay.data.id, { payment: 'pm_card_visa' });
    expect(confirmed.data).toMatchObject({ status: 'complete', payment_intent: { status: 'succeeded' } });
    expect(await order(o.id)).toMatchObject({ payment: 'paid' });

    const refund = await ep.Transactions.Refund({ order: o.id, transaction: pay.data.id }, { amount: 5000 });
    expect(refund.data).toMatchObject({ transaction_type: 'refund', refunded_amount: 5000, refund_mechanism: 'automatic' });
  });

  it('EP Payments authorize → confirm → capture, and cancel of a pending one', async () => {
    const o = await createOrder(t, { withTax: 25000 });
    const auth = await ep.Orders.Payment(o.id, { gateway: 'elastic_path_payments_stripe', method: 'authorize', payment: 'pm_card_visa' });
    await ep.Orders.Confirm(o.id, auth.data.id, { gateway: 'elastic_path_payments_stripe' });
    const capture = await ep.Transactions.Capture({ order: o.id, transaction: auth.data.id });
    expect(capture.data).toMatchObject({ transaction_type: 'capture', status: 'complete' });
    expect(stripe.intents.get(auth.data.reference)!.status).toBe('succeeded');

    const o2 = await createOrder(t, { withTax: 25000 });
    const pending = await ep.Orders.Payment(o2.id, { gateway: 'elastic_path_payments_stripe', method: 'purchase', payment_method_types: ['card'] });
    // Another payment-intents gateway is not the same gateway.
    await expect(ep.Orders.Confirm(o2.id, pending.data.id, { gateway: 'stripe_payment_intents' })).rejects.toMatchObject({
      errors: [expect.objectContaining({ status: 422, source: 'data.gateway' })],
    });
    const cancelled = await ep.Transactions.Cancel({ order: o2.id, transaction: pending.data.id });
    expect(cancelled.data).toMatchObject({ status: 'cancelled' });
  });

  it('a disabled EP Payments gateway refuses confirm with 422 and leaves the payment pending', async () => {
    const o = await createOrder(t, { withTax: 25000 });
    const pay = await ep.Orders.Payment(o.id, { gateway: 'elastic_path_payments_stripe', method: 'purchase', payment_method_types: ['card'] });
    await ep.Gateways.Enabled('elastic_path_payments_stripe', false);
    try {
      await expect(ep.Orders.Confirm(o.id, pay.data.id, { payment: 'pm_card_visa' })).rejects.toMatchObject({
        errors: [expect.objectContaining({ status: 422, title: 'Gateway not enabled', detail: expect.stringContaining('elastic_path_payments_stripe') })],
      });
    } finally {
      await ep.Gateways.Enabled('elastic_path_payments_stripe', true);
    }
    expect(stripe.intents.get(pay.data.reference)!.status).not.toBe('succeeded');
    expect(await t.prisma.transaction.findUniqueOrThrow({ where: { id: pay.data.id } })).toMatchObject({ status: 'pending' });
  });

  it('purchase_setup and authorize_setup: a pending payment now, completed by confirm', async () => {
    const o = await createOrder(t, { withTax: 25000 });
    const setup = await ep.Orders.Payment(o.id, { gateway: 'elastic_path_payments_stripe', method: 'purchase_setup', payment_method_types: ['card'] });
    expect(setup.data).toMatchObject({ transaction_type: 'purchase', status: 'pending', payment_intent: { client_secret: expect.stringContaining('_secret_') } });
    expect(stripe.intents.get(setup.data.reference)!.status).toBe('requires_payment_method');
    expect(await order(o.id)).toMatchObject({ payment: 'unpaid' });
    const done = await ep.Orders.Confirm(o.id, setup.data.id, { payment: 'pm_card_visa' });
    expect(done.data).toMatchObject({ status: 'complete' });
    expect(await order(o.id)).toMatchObject({ payment: 'paid' });

    const o2 = await createOrder(t, { withTax: 25000 });
    const auth = await ep.Orders.Payment(o2.id, { gateway: 'stripe_payment_intents', method: 'authorize_setup', payment: 'pm_card_visa' });
    expect(auth.data).toMatchObject({ transaction_type: 'authorize', status: 'pending' });
    expect(stripe.intents.get(auth.data.reference)!.capture_method).toBe('manual');
    await ep.Orders.Confirm(o2.id, auth.data.id, {});
    expect(await order(o2.id)).toMatchObject({ payment: 'authorized' });
  });

  it('setup methods on the manual gateway are 422', async () => {
    const o = await createOrder(t, { withTax: 25000 });
    for (const method of ['purchase_setup', 'authorize_setup']) {
      await expect(ep.Orders.Payment(o.id, { gateway: 'manual', method })).rejects.toMatchObject({
        errors: [expect.objectContaining({ status: 422, title: 'Unsupported gateway operation', source: 'data.method' })],
      });
    }
    expect(await t.prisma.transaction.count({ where: { orderId: o.id } })).toBe(0);
  });

  it('EP Payments calls Stripe on behalf of the stripe_account set through Gateways.Update', async () => {
    await ep.Gateways.Update('elastic_path_payments_stripe', { stripe_account: 'acct_connected_42' });
    const o = await createOrder(t, { withTax: 25000 });
    const pay = await ep.Orders.Payment(o.id, { gateway: 'elastic_path_payments_stripe', method: 'purchase', payment_method_types: ['card'] });
    await ep.Orders.Confirm(o.id, pay.data.id, { payment: 'pm_card_visa' });
    const calls = stripe.requests.filter((r) => r.path.startsWith(`/v1/payment_intents/${pay.data.reference}`) || (r.params.metadata as any)?.order_id === o.id);
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call).toMatchObject({ stripeAccount: 'acct_connected_42', authorization: 'Bearer sk_test_stub_ep' });
    expect(JSON.stringify(pay.data)).not.toContain('acct_connected_42');
  });
});

/** Without STRIPE_SECRET_KEY, a key set through `PUT /v2/gateways/stripe_payment_intents` switches to Stripe. */
describe('SDK: Gateways.Update login switches stripe_payment_intents from the development provider to Stripe', () => {
  let t: TestApp;
  let stripe: StripeStub;
  let ep: any;
  beforeAll(async () => {
    stripe = await startStripeStub();
    t = await createTestApp({ env: { STRIPE_SECRET_KEY: '', STRIPE_API_BASE: stripe.baseUrl } });
    ep = sdkFor(t);
    await ep.Authenticate();
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('development provider first; after the login is set, payments reach Stripe with that key', async () => {
    const before = await ep.Orders.Payment((await createOrder(t, { withTax: 25000 })).id, { gateway: 'stripe_payment_intents', method: 'purchase', payment: 'pm_card_visa' });
    expect(before.data.reference).toMatch(/^pi_dev_/);
    expect(stripe.requests).toHaveLength(0);

    await ep.Gateways.Update('stripe_payment_intents', { login: 'sk_test_from_gateway_put' });
    const o = await createOrder(t, { withTax: 25000 });
    const after = await ep.Orders.Payment(o.id, { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' });
    expect(stripe.intents.has(after.data.reference)).toBe(true);
    expect(stripe.requests[0].authorization).toBe('Bearer sk_test_from_gateway_put');
    const confirmed = await ep.Orders.Confirm(o.id, after.data.id, {});
    expect(confirmed.data).toMatchObject({ status: 'complete' });
    expect(JSON.stringify(await ep.Gateways.Get('stripe_payment_intents'))).not.toContain('sk_test_from_gateway_put');
  });
});
