import { createTestApp, TestApp } from '../support/test-app';
import { sdkFor } from '../support/sdk';
import { createOrder } from '../support/factories';

const SECRET_KEY = 'sk_test_gateway_secret_4242';
const CONNECTED_ACCOUNT = 'acct_gateway_secret_4242';

/** Payment gateways through the official JS SDK, unchanged: list, get, enable/disable, settings, credentials. */
describe('SDK: Gateways', () => {
  let t: TestApp;
  let ep: any;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ logLines });
    ep = sdkFor(t);
    await ep.Authenticate();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists and gets the gateways of a new store, every one enabled', async () => {
    const all = await ep.Gateways.All();
    expect(all.data.map((g: any) => g.slug).sort()).toEqual(['elastic_path_payments_stripe', 'manual', 'stripe_payment_intents']);
    for (const g of all.data) expect(g).toMatchObject({ type: 'gateway', enabled: true, name: expect.any(String) });
    const manual = await ep.Gateways.Get('manual');
    expect(manual.data).toEqual({ type: 'gateway', name: 'Manual', slug: 'manual', enabled: true });
    await expect(ep.Gateways.Get('card_payment_intents')).rejects.toMatchObject({ errors: [expect.objectContaining({ status: 404 })] });
    await expect(ep.Gateways.Get('braintree')).rejects.toMatchObject({ errors: [expect.objectContaining({ status: 404, title: 'Gateway not found' })] });
  });

  it('disable manual → a payment is 422 → enable → the payment succeeds', async () => {
    const disabled = await ep.Gateways.Enabled('manual', false);
    expect(disabled.data).toEqual({ type: 'gateway', name: 'Manual', slug: 'manual', enabled: false });
    expect((await ep.Gateways.Get('manual')).data.enabled).toBe(false);

    const o = await createOrder(t, { withTax: 40000 });
    await expect(ep.Orders.Payment(o.id, { gateway: 'manual', method: 'purchase' })).rejects.toMatchObject({
      errors: [expect.objectContaining({ status: 422, title: 'Gateway not enabled', detail: expect.stringContaining('manual') })],
    });
    expect(await t.prisma.transaction.count({ where: { orderId: o.id } })).toBe(0);

    await ep.Gateways.Enabled('manual', true);
    const paid = await ep.Orders.Payment(o.id, { gateway: 'manual', method: 'purchase' });
    expect(paid.data).toMatchObject({ type: 'transaction', status: 'complete', gateway: 'manual' });
  });

  it('capture and refund through a disabled gateway are 422; the transaction is unchanged', async () => {
    const o = await createOrder(t, { withTax: 40000 });
    const auth = await ep.Orders.Payment(o.id, { gateway: 'manual', method: 'authorize' });
    await ep.Gateways.Enabled('manual', false);
    try {
      await expect(ep.Transactions.Capture({ order: o.id, transaction: auth.data.id })).rejects.toMatchObject({
        errors: [expect.objectContaining({ status: 422, title: 'Gateway not enabled' })],
      });
      expect(await t.prisma.transaction.findUniqueOrThrow({ where: { id: auth.data.id } })).toMatchObject({ transactionType: 'authorize' });
    } finally {
      await ep.Gateways.Enabled('manual', true);
    }
    const capture = await ep.Transactions.Capture({ order: o.id, transaction: auth.data.id });
    await ep.Gateways.Enabled('manual', false);
    try {
      await expect(ep.Transactions.Refund({ order: o.id, transaction: capture.data.id }, { amount: 100 })).rejects.toMatchObject({
        errors: [expect.objectContaining({ status: 422, title: 'Gateway not enabled' })],
      });
    } finally {
      await ep.Gateways.Enabled('manual', true);
    }
  });

  it('card_payment_intents means stripe_payment_intents: disabling one refuses the other name too', async () => {
    await ep.Gateways.Enabled('stripe_payment_intents', false);
    try {
      const o = await createOrder(t, { withTax: 40000 });
      await expect(ep.Orders.Payment(o.id, { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' })).rejects.toMatchObject({
        errors: [expect.objectContaining({ status: 422, title: 'Gateway not enabled', detail: expect.stringContaining('stripe_payment_intents') })],
      });
    } finally {
      await ep.Gateways.Enabled('stripe_payment_intents', true);
    }
  });

  it('stores credentials write-only: never in a response, an event or a log line', async () => {
    const updated = await ep.Gateways.Update('stripe_payment_intents', { login: SECRET_KEY, test: true });
    expect(updated.data).toEqual({ type: 'gateway', name: 'Stripe Payment Intents', slug: 'stripe_payment_intents', enabled: true, test: true });
    const epp = await ep.Gateways.Update('elastic_path_payments_stripe', { stripe_account: CONNECTED_ACCOUNT });
    expect(epp.data).not.toHaveProperty('stripe_account');

    const row = await t.prisma.gateway.findUniqueOrThrow({ where: { slug: 'stripe_payment_intents' } });
    expect(row.credentials).toEqual({ login: SECRET_KEY });
    const listed = JSON.stringify(await ep.Gateways.All()) + JSON.stringify(await ep.Gateways.Get('elastic_path_payments_stripe'));
    expect(listed).not.toContain(SECRET_KEY);
    expect(listed).not.toContain(CONNECTED_ACCOUNT);

    const events = await t.prisma.outboxEvent.findMany({ where: { name: 'payment-gateway.updated' } });
    expect(events.length).toBeGreaterThanOrEqual(2);
    const stored = JSON.stringify(events);
    expect(stored).not.toContain(SECRET_KEY);
    expect(stored).not.toContain(CONNECTED_ACCOUNT);

    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(SECRET_KEY);
    expect(logLines.join('\n')).not.toContain(CONNECTED_ACCOUNT);
  });

  it('refuses a setting the gateway does not take, bad values and storefront tokens', async () => {
    const login = await t.http.put('/v2/gateways/manual').set(t.admin).send({ data: { login: 'x' } });
    expect(login.status).toBe(422);
    expect(login.body.errors[0]).toMatchObject({ title: 'Unsupported gateway setting', source: 'data.login' });
    expect(JSON.stringify(login.body)).not.toContain('"x"');
    const bad = await t.http.put('/v2/gateways/manual').set(t.admin).send({ data: { enabled: 'yes' } });
    expect(bad.status).toBe(400);
    const missing = await t.http.put('/v2/gateways/paypal').set(t.admin).send({ data: { enabled: true } });
    expect(missing.status).toBe(404);
    for (const [method, path] of [
      ['get', '/v2/gateways'],
      ['get', '/v2/gateways/manual'],
      ['put', '/v2/gateways/manual'],
    ] as const) {
      const res = await t.http[method](path).set(t.storefront).send({ data: { enabled: false } });
      expect(res.status).toBe(403);
    }
    expect((await ep.Gateways.Get('manual')).data.enabled).toBe(true);
  });
});
