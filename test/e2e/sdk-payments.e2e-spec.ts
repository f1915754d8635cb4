import { randomUUID } from 'node:crypto';
import { createOrder } from '../support/factories';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

/** The official JS SDK, unchanged, against the server: payments, transactions, capture, refund. */
describe('SDK: Orders.Payment and Transactions', () => {
  let t: TestApp;
  let ep: any;
  beforeAll(async () => {
    t = await createTestApp();
    ep = sdkFor(t);
    await ep.Authenticate();
  });
  afterAll(async () => {
    await t.close();
  });

  it('authorize, list, get, capture (no body), capture with custom_reference, refund', async () => {
    const o = await createOrder(t, { withTax: 40000 });
    const payment = await ep.Orders.Payment(o.id, { gateway: 'manual', method: 'authorize' });
    expect(payment.data).toMatchObject({ type: 'transaction', transaction_type: 'authorize', status: 'complete', reference: 'manual', amount: 40000 });

    const all = await ep.Transactions.All({ order: o.id });
    expect(all.data).toHaveLength(1);
    expect(all.meta).toMatchObject({ page: { limit: 100, offset: 0, current: 1, total: 1 }, results: { total: 1 } });
    expect(all.data[0].id).toBe(payment.data.id);
    const one = await ep.Transactions.Get({ order: o.id, transaction: payment.data.id });
    expect(one.data).toEqual(all.data[0]);

    const capture = await ep.Transactions.Capture({ order: o.id, transaction: payment.data.id });
    expect(capture.data).toMatchObject({ id: payment.data.id, transaction_type: 'capture', status: 'complete' });
    expect(await t.prisma.order.findUniqueOrThrow({ where: { id: o.id } })).toMatchObject({ payment: 'paid', status: 'complete' });

    const refund = await ep.Transactions.Refund({ order: o.id, transaction: payment.data.id }, { amount: 1000 });
    expect(refund.data).toMatchObject({ transaction_type: 'refund', status: 'complete', refunded_amount: 1000 });
    expect(refund.data.meta.display_refunded_amount.total.amount).toBe(1000);
    const rest = await ep.Transactions.Refund({ order: o.id, transaction: payment.data.id });
    expect(rest.data).toMatchObject({ refunded_amount: 40000, refund_mechanism: 'manual' });
    expect(rest.data.meta.display_refunded_amount.total.amount).toBe(40000);
    expect(await t.prisma.order.findUniqueOrThrow({ where: { id: o.id } })).toMatchObject({ payment: 'refunded' });

    // Capture with custom_reference through the SDK's own request factory.
    const o2 = await createOrder(t, { withTax: 40000 });
    const p2 = await ep.Orders.Payment(o2.id, { gateway: 'manual', method: 'authorize', paymentmethod_meta: { name: 'invoice', custom_reference: 'before' } });
    expect(p2.data).toMatchObject({ name: 'invoice', custom_reference: 'before' });
    const c2 = await ep.request.send(`orders/${o2.id}/transactions/${p2.data.id}/capture`, 'POST', { custom_reference: 'x' });
    expect(c2.data).toMatchObject({ transaction_type: 'capture', custom_reference: 'x' });

    // The deprecated Orders.Transactions(id) reads the same list.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const legacy = await ep.Orders.Transactions(o2.id);
    warn.mockRestore();
    expect(legacy.data.map((x: any) => x.id)).toEqual([p2.data.id]);
  });

  it('refusals reach the SDK caller as error documents', async () => {
    const o = await createOrder(t, { withTax: 40000 });
    const purchase = await ep.Orders.Payment(o.id, { gateway: 'manual', method: 'purchase' });
    // The SDK rejects with the parsed error document.
    await expect(ep.Transactions.Capture({ order: o.id, transaction: purchase.data.id })).rejects.toMatchObject({
      errors: [expect.objectContaining({ status: 422, title: 'Transaction cannot be captured' })],
    });
    await expect(ep.Transactions.Get({ order: o.id, transaction: randomUUID() })).rejects.toMatchObject({
      errors: [expect.objectContaining({ status: 404, title: 'Transaction not found' })],
    });
  });

  it('payment-intents purchase confirmed through Orders.Confirm', async () => {
    const o = await createOrder(t, { withTax: 40000 });
    const pi = await ep.Orders.Payment(o.id, { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' });
    expect(pi.data.status).toBe('pending');
    // What the SPI storefront reads from the payment response; reading the transaction back does not repeat it.
    expect(pi.data.payment_intent.client_secret).toMatch(/_secret_/);
    expect((await ep.Transactions.Get({ order: o.id, transaction: pi.data.id })).data).not.toHaveProperty('payment_intent');
    const confirmed = await ep.Orders.Confirm(o.id, pi.data.id, {});
    expect(confirmed.data).toMatchObject({ status: 'complete', payment_intent: { status: 'succeeded', client_secret: pi.data.payment_intent.client_secret } });
  });

  it('Orders.Confirm with {data, options} confirms; a foreign gateway is refused with 422', async () => {
    const pay = async () => (await ep.Orders.Payment((await createOrder(t, { withTax: 40000 })).id, { gateway: 'card_payment_intents', method: 'authorize', payment: 'pm_card_visa' })).data;
    const a = await pay();
    const withData = await ep.Orders.Confirm(a.relationships.order.data.id, a.id, { data: { payment: 'pm_card_visa', gateway: 'card_payment_intents' }, options: { receipt_email: 'a@example.com' } });
    expect(withData.data).toMatchObject({ status: 'complete', transaction_type: 'authorize', payment_intent: { status: 'requires_capture' } });
    // Confirm(id, tid, {options}) alone sends `"data": undefined`, which is not JSON (an SDK bug):
    // the server answers 400 for it like for any malformed body, so it is not exercised here.
    const c = await pay();
    await expect(ep.Orders.Confirm(c.relationships.order.data.id, c.id, { gateway: 'manual' })).rejects.toMatchObject({
      errors: [expect.objectContaining({ status: 422, source: 'data.gateway' })],
    });
  });
});
