import { Webhook } from 'standardwebhooks';
import { eventually } from '../support/eventually';
import { checkedOutOrder, payManually } from '../support/flows';
import { createTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { createIntegration, WEBHOOK_TEST_ENV } from '../support/webhooks';

/**
 * The whole chain, as in production: an order checked out and paid through the API, the events it writes
 * relayed and delivered by the background workers to a real HTTP receiver, signed. Nothing is driven by
 * hand; the poll is ten minutes away, so the deliveries come from the workers waking on the writes.
 */
describe('payments through the API reach a webhook receiver', () => {
  let t: TestApp;
  let r: WebhookReceiver;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...WEBHOOK_TEST_ENV, WORKERS_ENABLED: 'true', WEBHOOK_POLL_INTERVAL_MS: '600000' } });
  });
  beforeEach(async () => {
    r = await WebhookReceiver.start();
  });
  afterEach(async () => {
    await t.prisma.integration.updateMany({ data: { enabled: false } });
    await r.close();
  });
  afterAll(async () => {
    await t.close();
  });

  const verified = (secret: string) => {
    const wh = new Webhook(secret);
    return r.requests.map((q) => {
      expect(wh.verify(q.raw, q.headers as Record<string, string>)).toEqual(q.body);
      return q.body;
    });
  };

  it('authorize then capture: transaction.updated with the captured transaction and order.paid with the paid order, signed', async () => {
    const hook = await createIntegration(t, r.url, ['order.paid', 'transaction.updated']);
    const order = await checkedOutOrder(t, 2500);
    const authorized = await payManually(t, order.id, 'authorize');
    expect(authorized).toMatchObject({ transaction_type: 'authorize', status: 'complete' });
    // Nothing observed yet: the authorization fires order.authorized and transaction.created only.

    const capture = await t.http.post(`/v2/orders/${order.id}/transactions/${authorized.id}/capture`).set(t.admin).set('Content-Type', 'application/json');
    expect(capture.status).toBe(200);

    await r.waitFor(2, 60_000);
    const bodies = verified(hook.configuration.signing_secret!);
    expect(bodies.map((b) => b.triggered_by).sort()).toEqual(['order.paid', 'transaction.updated']);
    const txEvent = bodies.find((b) => b.triggered_by === 'transaction.updated');
    expect(txEvent).toMatchObject({
      attempt: 1,
      integration: { id: hook.id },
      payload: {
        data: {
          type: 'transaction',
          id: authorized.id,
          transaction_type: 'capture',
          status: 'complete',
          amount: 2500,
          relationships: { order: { data: { type: 'order', id: order.id } } },
        },
      },
    });
    const paidEvent = bodies.find((b) => b.triggered_by === 'order.paid');
    expect(paidEvent).toMatchObject({
      attempt: 1,
      integration: { id: hook.id },
      payload: { data: { type: 'order', id: order.id, payment: 'paid', status: 'complete' } },
    });
    // The delivery headers name the event, and each delivery is logged as succeeded.
    expect(r.requests.map((q) => q.headers['x-moltin-integration-trigger']).sort()).toEqual(['order.paid', 'transaction.updated']);
    // Recorded once the answers are in (just after the receiver saw the requests).
    const jobs = await eventually(async () => {
      const rows = await t.prisma.integrationJob.findMany({ where: { integrationId: hook.id } });
      return rows.every((j) => j.status !== 'in_flight') && rows;
    }, 'both deliveries recorded');
    expect(jobs.map((j) => [j.status, j.attempts])).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
    ]);
    expect(r.requests).toHaveLength(2);
  });

  it('a purchase: order.paid with the paid order, the transaction in transaction.created', async () => {
    const hook = await createIntegration(t, r.url, ['order.paid', 'transaction.created', 'transaction.updated']);
    const order = await checkedOutOrder(t, 1200);
    const purchase = await payManually(t, order.id, 'purchase');
    expect(purchase).toMatchObject({ transaction_type: 'purchase', status: 'complete' });

    await r.waitFor(2, 60_000);
    const bodies = verified(hook.configuration.signing_secret!);
    expect(bodies.map((b) => b.triggered_by).sort()).toEqual(['order.paid', 'transaction.created']);
    expect(bodies.find((b) => b.triggered_by === 'transaction.created').payload.data).toMatchObject({
      type: 'transaction',
      id: purchase.id,
      transaction_type: 'purchase',
      status: 'complete',
      amount: 1200,
    });
    expect(bodies.find((b) => b.triggered_by === 'order.paid').payload.data).toMatchObject({ type: 'order', id: order.id, payment: 'paid' });
  });
});
