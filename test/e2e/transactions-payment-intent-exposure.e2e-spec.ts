import { createOrder } from '../support/factories';
import { adminGet, adminPost } from '../support/admin-http';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The payment intent's client secret (`payment_intent`, `client_parameters`) is handed out only where the storefront
 * needs it to act on the intent: the payments response of a payment-intents transaction (the SPI storefront reads
 * `data.payment_intent.client_secret` there) and the confirm response (Elastic Path's docs: "Only in the confirm
 * response"). Every other transaction response leaves both out.
 */
describe('payment_intent / client_parameters: only in the payments and confirm responses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, body?: object) => adminPost(t, path, body);
  const get = (path: string) => adminGet(t, path);
  const expectNoSecret = (tx: any) => {
    expect(tx).not.toHaveProperty('payment_intent');
    expect(tx).not.toHaveProperty('client_parameters');
  };

  it('payments (payment-intents) and confirm carry them; list, get, capture and refund do not', async () => {
    const o = await createOrder(t, { withTax: 5499 });
    const pay = await t.http
      .post(`/v2/orders/${o.id}/payments`)
      .set(t.storefront)
      .send({ data: { gateway: 'card_payment_intents', method: 'authorize', payment: 'pm_card_visa' } });
    expect(pay.status).toBe(200);
    const tx = pay.body.data;
    const secret = tx.payment_intent.client_secret;
    expect(secret).toMatch(/^pi_.+_secret_/);
    expect(tx.payment_intent.status).toBe('requires_action');
    expect(tx.client_parameters).toEqual({ token: tx.reference, secret });

    expectNoSecret((await get(`/orders/${o.id}/transactions/${tx.id}`)).body.data);
    const list = await get(`/orders/${o.id}/transactions`);
    expect(list.body.data).toHaveLength(1);
    expectNoSecret(list.body.data[0]);

    const confirm = await post(`/orders/${o.id}/transactions/${tx.id}/confirm`, { data: {} });
    expect(confirm.status).toBe(200);
    expect(confirm.body.data.payment_intent).toEqual({ id: tx.reference, client_secret: secret, status: 'requires_capture' });
    expect(confirm.body.data.client_parameters).toEqual({ token: tx.reference, secret });

    const capture = await post(`/orders/${o.id}/transactions/${tx.id}/capture`);
    expect(capture.body.data).toMatchObject({ transaction_type: 'capture', status: 'complete' });
    expectNoSecret(capture.body.data);

    const refund = await post(`/orders/${o.id}/transactions/${tx.id}/refund`, { data: { amount: 100 } });
    expect(refund.body.data).toMatchObject({ transaction_type: 'refund', refunded_amount: 100 });
    expectNoSecret(refund.body.data);

    expectNoSecret((await get(`/orders/${o.id}/transactions/${tx.id}`)).body.data);
    expect(JSON.stringify((await get(`/orders/${o.id}/transactions`)).body)).not.toContain(secret);
  });

  it('cancel does not carry them', async () => {
    const o = await createOrder(t, { withTax: 5499 });
    const tx = (await post(`/orders/${o.id}/payments`, { data: { gateway: 'stripe_payment_intents', method: 'purchase', payment: 'pm_card_visa' } })).body.data;
    expect(tx.payment_intent.client_secret).toMatch(/_secret_/);
    const cancel = await post(`/orders/${o.id}/transactions/${tx.id}/cancel`, { data: { reason: 'abandoned' } });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.status).toBe('cancelled');
    expectNoSecret(cancel.body.data);
  });

  it('a manual payment response carries neither', async () => {
    const o = await createOrder(t, { withTax: 5499 });
    const pay = await post(`/orders/${o.id}/payments`, { data: { gateway: 'manual', method: 'purchase' } });
    expect(pay.status).toBe(200);
    expectNoSecret(pay.body.data);
  });

  it('an Idempotency-Key replay of the payments response is the same response, secret included', async () => {
    const o = await createOrder(t, { withTax: 5499 });
    const body = { data: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' } };
    const first = await post(`/orders/${o.id}/payments`).set('Idempotency-Key', 'pi-exposure-1').send(body);
    const replay = await post(`/orders/${o.id}/payments`).set('Idempotency-Key', 'pi-exposure-1').send(body);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(replay.body.data.payment_intent.client_secret).toMatch(/_secret_/);
  });
});
