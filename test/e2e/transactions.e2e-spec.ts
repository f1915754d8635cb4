import { randomUUID } from 'node:crypto';
import { createOrder } from '../support/factories';
import { createTestApp, TestApp } from '../support/test-app';
import { expectErrorDocument } from '../support/documents';

const TRANSACTION_KEYS = ['amount', 'currency', 'gateway', 'id', 'meta', 'reference', 'refunded_amount', 'relationships', 'status', 'transaction_type', 'type'];

function expectTransactionShape(tx: any, orderId: string) {
  for (const key of TRANSACTION_KEYS) expect(tx).toHaveProperty(key);
  // Spec, "Observed irregularities": the hyphenated duplicate and meta.created_at sit beside the regular keys.
  expect(tx['transaction-type']).toBe(tx.transaction_type);
  expect(tx.type).toBe('transaction');
  expect(tx.relationships).toEqual({ order: { data: { type: 'order', id: orderId } } });
  expect(tx.meta.display_price).toEqual({ amount: tx.amount, currency: tx.currency, formatted: expect.any(String) });
  expect(tx.meta.display_refunded_amount.total).toEqual({ amount: tx.refunded_amount, currency: tx.currency, formatted: expect.any(String) });
  expect(tx.meta.timestamps.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
  expect(tx.meta.timestamps.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  expect(tx.meta.created_at).toBe(tx.meta.timestamps.created_at);
}

describe('payments and transactions (manual gateway)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const pay = (orderId: string, data: unknown, auth = t.admin) => t.http.post(`/v2/orders/${orderId}/payments`).set(auth).send({ data });
  const action = (orderId: string, txId: string, name: string, body?: unknown) => {
    const req = t.http.post(`/v2/orders/${orderId}/transactions/${txId}/${name}`).set(t.admin);
    return body === undefined ? req.set('Content-Type', 'application/json') : req.send(body as object);
  };
  const order = (id: string) => t.prisma.order.findUniqueOrThrow({ where: { id } });
  const events = (name?: string) => t.prisma.outboxEvent.findMany({ where: name ? { name } : {}, orderBy: { createdAt: 'asc' } });
  /** The events of one change: they share its transaction's instant, so their order among themselves is not part of the contract. */
  const sameChange = (names: string[]) => [...names].sort();

  describe('authorize → capture → refund (the full manual flow)', () => {
    it('moves the transaction in place and the order through authorized → paid → refunded, with events', async () => {
      const o = await createOrder(t, { withTax: 40000 });
      const before = (await events()).length;

      const auth = await pay(o.id, { gateway: 'manual', method: 'authorize' });
      expect(auth.status).toBe(200);
      const tx = auth.body.data;
      expectTransactionShape(tx, o.id);
      expect(tx).toMatchObject({ reference: 'manual', gateway: 'manual', amount: 40000, refunded_amount: 0, currency: 'USD', transaction_type: 'authorize', status: 'complete' });
      expect(tx.meta.display_price.formatted).toBe('$400.00');
      expect(tx).not.toHaveProperty('payment_intent');
      expect(tx).not.toHaveProperty('custom_reference');
      expect(await order(o.id)).toMatchObject({ payment: 'authorized', status: 'processing', authorizedAmount: 40000, paidAmount: 0 });

      const created = (await events()).slice(before).map((e) => e.name);
      expect(sameChange(created)).toEqual(sameChange(['transaction.created', 'order.authorized', 'order.updated']));
      const txEvent = (await events('transaction.created')).find((e) => (e.payload as any).data.id === tx.id)!;
      expect((txEvent.payload as any).data).toEqual(tx);
      const orderEvent = (await events('order.authorized')).at(-1)!;
      expect((orderEvent.payload as any).data).toMatchObject({ type: 'order', id: o.id, payment: 'authorized', status: 'processing' });
      expect((orderEvent.payload as any).included.items).toHaveLength(1);

      const list = await t.http.get(`/v2/orders/${o.id}/transactions`).set(t.admin);
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(1);
      expect(list.body.data[0]).toEqual(tx);

      const got = await t.http.get(`/v2/orders/${o.id}/transactions/${tx.id}`).set(t.admin);
      expect(got.status).toBe(200);
      expect(got.body.data).toEqual(tx);

      const mark = (await events()).length;
      const cap = await action(o.id, tx.id, 'capture'); // bodyless, as the SDK sends it
      expect(cap.status).toBe(200);
      expectTransactionShape(cap.body.data, o.id);
      expect(cap.body.data).toMatchObject({ id: tx.id, transaction_type: 'capture', status: 'complete', amount: 40000 });
      expect(cap.body.data.meta.timestamps.created_at).toBe(tx.meta.timestamps.created_at);
      expect(await order(o.id)).toMatchObject({ payment: 'paid', status: 'complete', authorizedAmount: 0, paidAmount: 40000 });
      expect(sameChange((await events()).slice(mark).map((e) => e.name))).toEqual(sameChange(['transaction.updated', 'order.paid', 'order.updated']));

      const mark2 = (await events()).length;
      const ref = await action(o.id, tx.id, 'refund', { data: {} });
      expect(ref.status).toBe(200);
      expectTransactionShape(ref.body.data, o.id);
      expect(ref.body.data).toMatchObject({ id: tx.id, transaction_type: 'refund', status: 'complete', amount: 40000, refunded_amount: 40000, refund_mechanism: 'manual' });
      expect(ref.body.data.meta.display_refunded_amount.total.formatted).toBe('$400.00');
      expect(await order(o.id)).toMatchObject({ payment: 'refunded', status: 'complete', refundedAmount: 40000 });
      expect(sameChange((await events()).slice(mark2).map((e) => e.name))).toEqual(sameChange(['transaction.updated', 'order.refunded', 'order.updated']));

      // Fully refunded: nothing more to refund, nothing to capture, no new payment.
      expectErrorDocument(await action(o.id, tx.id, 'refund', { data: {} }), 422, { detail: /fully refunded/ });
      expectErrorDocument(await action(o.id, tx.id, 'capture'), 422, { detail: /refund with status complete/ });
      expectErrorDocument(await pay(o.id, { gateway: 'manual', method: 'purchase' }), 422, { title: 'Payment not required' });

      const history = await t.http.get(`/v2/orders/${o.id}/transactions`).set(t.admin);
      expect(history.body.data.map((x: any) => x.transaction_type)).toEqual(['refund']);
    });
  });

  describe('POST /orders/:id/payments', () => {
    it('purchase pays the order in full; paymentmethod_meta lands on the transaction', async () => {
      const o = await createOrder(t, { withTax: 5000 });
      // An array is not an object: ValidateNested alone let it through.
      expectErrorDocument(await pay(o.id, { gateway: 'manual', method: 'purchase', paymentmethod_meta: [] }), 400, { source: 'data.paymentmethod_meta' });
      const res = await pay(o.id, { gateway: 'manual', method: 'purchase', paymentmethod_meta: { name: 'gift card', custom_reference: 'ref-1' } });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ transaction_type: 'purchase', status: 'complete', amount: 5000, name: 'gift card', custom_reference: 'ref-1' });
      expect(await order(o.id)).toMatchObject({ payment: 'paid', status: 'complete', paidAmount: 5000 });
      const names = (await events()).filter((e) => (e.payload as any).data?.id === o.id).map((e) => e.name);
      expect(sameChange(names)).toEqual(sameChange(['order.paid', 'order.updated']));
    });

    it('takes partial amounts: partially_authorized, then authorized; partially_paid, then paid', async () => {
      const a = await createOrder(t, { withTax: 10000 });
      const first = await pay(a.id, { gateway: 'manual', method: 'authorize', amount: 4000 });
      expect(first.body.data.amount).toBe(4000);
      expect(await order(a.id)).toMatchObject({ payment: 'partially_authorized', status: 'incomplete', authorizedAmount: 4000 });
      expect((await events('order.authorized')).some((e) => (e.payload as any).data.id === a.id)).toBe(false);
      expectErrorDocument(await pay(a.id, { gateway: 'manual', method: 'authorize', amount: 6001 }), 422, { title: 'Payment amount exceeds the balance owing' });
      const rest = await pay(a.id, { gateway: 'manual', method: 'authorize' }); // default = balance owing
      expect(rest.body.data.amount).toBe(6000);
      expect(await order(a.id)).toMatchObject({ payment: 'authorized', status: 'processing', authorizedAmount: 10000 });

      // Capturing one of two authorizations: partially paid until the other one is captured.
      await action(a.id, first.body.data.id, 'capture');
      expect(await order(a.id)).toMatchObject({ payment: 'partially_paid', status: 'incomplete', authorizedAmount: 6000, paidAmount: 4000 });
      await action(a.id, rest.body.data.id, 'capture');
      expect(await order(a.id)).toMatchObject({ payment: 'paid', status: 'complete', authorizedAmount: 0, paidAmount: 10000 });

      const p = await createOrder(t, { withTax: 10000 });
      await pay(p.id, { gateway: 'manual', method: 'purchase', amount: 2500 });
      expect(await order(p.id)).toMatchObject({ payment: 'partially_paid', status: 'incomplete', paidAmount: 2500 });
      await pay(p.id, { gateway: 'manual', method: 'purchase', amount: 7500 });
      expect(await order(p.id)).toMatchObject({ payment: 'paid', status: 'complete', paidAmount: 10000 });
      const list = await t.http.get(`/v2/orders/${p.id}/transactions`).set(t.admin);
      expect(list.body.data.map((x: any) => x.amount)).toEqual([2500, 7500]); // oldest first
    });

    it('a zero-total order is paid with the manual gateway (amount 0) and refused by payment intents', async () => {
      const o = await createOrder(t, { withTax: 0 });
      expectErrorDocument(await pay(o.id, { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' }), 422, { detail: /manual gateway/ });
      const res = await pay(o.id, { gateway: 'manual', method: 'purchase' });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ amount: 0, status: 'complete', transaction_type: 'purchase' });
      expect(await order(o.id)).toMatchObject({ payment: 'paid', status: 'complete' });
      expectErrorDocument(await pay(o.id, { gateway: 'manual', method: 'purchase' }), 422, { title: 'Payment not required' });
    });

    it('formats zero-decimal currencies', async () => {
      const o = await createOrder(t, { withTax: 500, currency: 'JPY' });
      const res = await pay(o.id, { gateway: 'manual', method: 'purchase' });
      expect(res.body.data.meta.display_price).toEqual({ amount: 500, currency: 'JPY', formatted: '¥500' });
    });

    it('refuses already authorized/paid and cancelled orders with 422', async () => {
      const o = await createOrder(t, { withTax: 10000 });
      await pay(o.id, { gateway: 'manual', method: 'authorize' });
      expectErrorDocument(await pay(o.id, { gateway: 'manual', method: 'authorize' }), 422, { title: 'Payment not required', detail: /authorized/ });
      const paid = await createOrder(t, { withTax: 10000, payment: 'paid', status: 'complete' });
      expectErrorDocument(await pay(paid.id, { gateway: 'manual', method: 'purchase' }), 422, { title: 'Payment not required' });
      const cancelled = await createOrder(t, { withTax: 10000, status: 'cancelled' });
      expectErrorDocument(await pay(cancelled.id, { gateway: 'manual', method: 'purchase' }), 422, { detail: /cancelled/ });
    });

    it('validates the body: unknown gateway and method are 400 naming the field', async () => {
      const o = await createOrder(t, { withTax: 10000 });
      expectErrorDocument(await pay(o.id, { gateway: 'bitcoin', method: 'purchase' }), 400, { source: 'data.gateway' });
      expectErrorDocument(await pay(o.id, { method: 'purchase' }), 400, { source: 'data.gateway' });
      expectErrorDocument(await pay(o.id, { gateway: 'manual', method: 'capture' }), 400, { source: 'data.method' });
      expectErrorDocument(await pay(o.id, { gateway: 'manual', method: 'purchase', amount: 0 }), 400, { source: 'data.amount' });
      expectErrorDocument(await pay(o.id, { gateway: 'manual', method: 'purchase', amount: 10.5 }), 400, { source: 'data.amount' });
      expectErrorDocument(await t.http.post(`/v2/orders/${o.id}/payments`).set(t.admin).send({}), 400);
      expect((await order(o.id)).payment).toBe('unpaid');
    });

    it('accepts implicit (storefront) tokens; 404 for unknown or malformed order ids', async () => {
      const o = await createOrder(t, { withTax: 10000 });
      const res = await pay(o.id, { gateway: 'manual', method: 'authorize' }, t.storefront);
      expect(res.status).toBe(200);
      expectErrorDocument(await pay(randomUUID(), { gateway: 'manual', method: 'authorize' }), 404, { title: 'Order not found' });
      expectErrorDocument(await pay('not-a-uuid', { gateway: 'manual', method: 'authorize' }), 404, { title: 'Order not found' });
      expectErrorDocument(await t.http.post(`/v2/orders/${o.id}/payments`).send({ data: { gateway: 'manual', method: 'authorize' } }), 401);
    });
  });

  describe('GET transactions', () => {
    it('404s: unknown order, transaction under another order, malformed ids; implicit tokens are refused', async () => {
      const a = await createOrder(t, { withTax: 10000 });
      const b = await createOrder(t, { withTax: 10000 });
      const tx = (await pay(a.id, { gateway: 'manual', method: 'authorize' })).body.data;
      expectErrorDocument(await t.http.get(`/v2/orders/${randomUUID()}/transactions`).set(t.admin), 404, { title: 'Order not found' });
      expectErrorDocument(await t.http.get(`/v2/orders/${b.id}/transactions/${tx.id}`).set(t.admin), 404, { title: 'Transaction not found' });
      expectErrorDocument(await t.http.get(`/v2/orders/${a.id}/transactions/nope`).set(t.admin), 404, { title: 'Transaction not found' });
      expectErrorDocument(await t.http.get(`/v2/orders/nope/transactions`).set(t.admin), 404, { title: 'Order not found' });
      expectErrorDocument(await action(b.id, tx.id, 'capture'), 404, { title: 'Transaction not found' });
      expectErrorDocument(await action(b.id, tx.id, 'refund', { data: {} }), 404, { title: 'Transaction not found' });
      expectErrorDocument(await t.http.get(`/v2/orders/${a.id}/transactions`).set(t.storefront), 403);
      expectErrorDocument(await t.http.post(`/v2/orders/${a.id}/transactions/${tx.id}/capture`).set(t.storefront).send({}), 403);
      const empty = await t.http.get(`/v2/orders/${b.id}/transactions`).set(t.admin);
      expect(empty.status).toBe(200);
      expect(empty.body).toMatchObject({ data: [], meta: { page: { limit: 100, offset: 0, current: 1, total: 0 }, results: { total: 0 } } });
    });
  });

  describe('capture', () => {
    it('custom_reference: given overwrites, omitted keeps, "" clears', async () => {
      const o = await createOrder(t, { withTax: 10000 });
      const tx = (await pay(o.id, { gateway: 'manual', method: 'authorize', paymentmethod_meta: { custom_reference: 'first' } })).body.data;
      expect(tx.custom_reference).toBe('first');
      const cap = await action(o.id, tx.id, 'capture', { data: { custom_reference: 'second' } });
      expect(cap.status).toBe(200);
      expect(cap.body.data.custom_reference).toBe('second');

      const o2 = await createOrder(t, { withTax: 10000 });
      const tx2 = (await pay(o2.id, { gateway: 'manual', method: 'authorize', paymentmethod_meta: { custom_reference: 'keep-me' } })).body.data;
      expect((await action(o2.id, tx2.id, 'capture', { data: {} })).body.data.custom_reference).toBe('keep-me');

      const o3 = await createOrder(t, { withTax: 10000 });
      const tx3 = (await pay(o3.id, { gateway: 'manual', method: 'authorize', paymentmethod_meta: { custom_reference: 'clear-me' } })).body.data;
      const cleared = await action(o3.id, tx3.id, 'capture', { data: { custom_reference: '' } });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).not.toHaveProperty('custom_reference');
    });

    it('refuses anything but a complete authorize with 422 naming what it is', async () => {
      const o = await createOrder(t, { withTax: 10000 });
      const purchase = (await pay(o.id, { gateway: 'manual', method: 'purchase' })).body.data;
      expectErrorDocument(await action(o.id, purchase.id, 'capture'), 422, { title: 'Transaction cannot be captured', detail: /purchase with status complete/ });
      const o2 = await createOrder(t, { withTax: 10000 });
      const auth = (await pay(o2.id, { gateway: 'manual', method: 'authorize' })).body.data;
      expect((await action(o2.id, auth.id, 'capture')).status).toBe(200);
      expectErrorDocument(await action(o2.id, auth.id, 'capture'), 422, { detail: /capture with status complete/ });
      expectErrorDocument(await action(o2.id, auth.id, 'capture', { data: { custom_reference: 5 } }), 400, { source: 'data.custom_reference' });
    });

    it('cancel is not supported on the manual gateway (422 Unsupported gateway operation)', async () => {
      const o = await createOrder(t, { withTax: 10000 });
      const auth = (await pay(o.id, { gateway: 'manual', method: 'authorize' })).body.data;
      expectErrorDocument(await action(o.id, auth.id, 'cancel', { data: { reason: 'duplicate' } }), 422, {
        title: 'Unsupported gateway operation',
        detail: 'Cancellation is not supported for Manual payment gateway',
      });
    });
  });

  describe('refund', () => {
    it('refuses an uncaptured authorization', async () => {
      const o = await createOrder(t, { withTax: 10000 });
      const auth = (await pay(o.id, { gateway: 'manual', method: 'authorize' })).body.data;
      expectErrorDocument(await action(o.id, auth.id, 'refund', { data: {} }), 422, { title: 'Transaction cannot be refunded', detail: /authorize with status complete/ });
    });

    it('partial refunds add up until the amount; more than what remains is 422; the order stays paid until all is refunded', async () => {
      const o = await createOrder(t, { withTax: 10000 });
      const tx = (await pay(o.id, { gateway: 'manual', method: 'purchase' })).body.data;
      const mark = (await events()).length;
      const r1 = await action(o.id, tx.id, 'refund', { data: { amount: 3000 } });
      expect(r1.status).toBe(200);
      expect(r1.body.data).toMatchObject({ transaction_type: 'refund', status: 'complete', refunded_amount: 3000, amount: 10000 });
      expect(r1.body.data.meta.display_refunded_amount.total).toEqual({ amount: 3000, currency: 'USD', formatted: '$30.00' });
      expect(await order(o.id)).toMatchObject({ payment: 'paid', refundedAmount: 3000 });
      expect(sameChange((await events()).slice(mark).map((e) => e.name))).toEqual(sameChange(['transaction.updated', 'order.updated']));

      expectErrorDocument(await action(o.id, tx.id, 'refund', { data: { amount: 7001 } }), 422, { title: 'Refund amount exceeds the amount available', detail: /7000/ });
      expectErrorDocument(await action(o.id, tx.id, 'refund', { data: { amount: -1 } }), 400, { source: 'data.amount' });
      // Elastic Path has no partially refunded order: each partial refund leaves it paid, with the same two events.
      const mark2 = (await events()).length;
      expect((await action(o.id, tx.id, 'refund', { data: { amount: 2000 } })).body.data.refunded_amount).toBe(5000);
      expect(await order(o.id)).toMatchObject({ payment: 'paid', refundedAmount: 5000 });
      expect(sameChange((await events()).slice(mark2).map((e) => e.name))).toEqual(sameChange(['transaction.updated', 'order.updated']));
      const mark3 = (await events()).length;
      const r2 = await action(o.id, tx.id, 'refund', { data: { amount: 5000 } });
      expect(r2.body.data.refunded_amount).toBe(10000);
      expect(await order(o.id)).toMatchObject({ payment: 'refunded', refundedAmount: 10000 });
      expect(sameChange((await events()).slice(mark3).map((e) => e.name))).toEqual(sameChange(['transaction.updated', 'order.refunded', 'order.updated']));
      expect((await events('order.refunded')).filter((e) => (e.payload as any).data.id === o.id)).toHaveLength(1);
    });

    it('refund without a body marks the rest refunded', async () => {
      const o = await createOrder(t, { withTax: 10000 });
      const tx = (await pay(o.id, { gateway: 'manual', method: 'purchase' })).body.data;
      await action(o.id, tx.id, 'refund', { data: { amount: 100 } });
      const rest = await action(o.id, tx.id, 'refund');
      expect(rest.status).toBe(200);
      expect(rest.body.data).toMatchObject({ refunded_amount: 10000, refund_mechanism: 'manual' });
    });
  });

  describe('confirm', () => {
    it('refuses the manual gateway with 422 Unsupported gateway operation', async () => {
      const o = await createOrder(t, { withTax: 10000 });
      const tx = (await pay(o.id, { gateway: 'manual', method: 'purchase' })).body.data;
      expectErrorDocument(await action(o.id, tx.id, 'confirm', { data: {} }), 422, { title: 'Unsupported gateway operation' });
    });
  });
});
