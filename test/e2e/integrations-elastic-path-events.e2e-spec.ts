import { DeliveryWorker } from '../../src/integrations/delivery/delivery.worker';
import { Relay } from '../../src/integrations/delivery/relay.worker';
import { createTestApp, TestApp } from '../support/test-app';
import { drainWebhooks, WebhookReceiver } from '../support/webhook-receiver';
import { sdkFor } from '../support/sdk';

/** Every observable event Elastic Path's "Observable Events" pages list (current and legacy). */
const crud = (entity: string) => [`${entity}.created`, `${entity}.updated`, `${entity}.deleted`];
const ELASTIC_PATH_EVENTS = [
  ...['address', 'account', 'account-member', 'account-membership', 'brand', 'category', 'collection', 'currency', 'customer'].flatMap(crud),
  ...['integration', 'product', 'catalog-release', 'catalog-rule', 'user-authentication-info'].flatMap(crud),
  ...['cart.updated', 'cart.deleted', 'file.created', 'file.deleted', 'one-time-password-token-request.created', 'payment-gateway.updated'],
  ...['order.created', 'order.updated', 'order.fulfilled', 'order.authorized', 'order.paid', 'order.refunded', 'order.cancelled'],
  ...['settings.created', 'settings.updated', 'stock-transaction.created', 'transaction.created', 'transaction.updated'],
];

/** Integrations set up as for Elastic Path, through the SDK: its event names, its integration types, its webhook body. */
describe('integrations: Elastic Path event names, types and webhook body', () => {
  let t: TestApp;
  let ep: any;
  let receivers: WebhookReceiver[] = [];
  const drain = () => drainWebhooks({ relay: t.app.get(Relay), delivery: t.app.get(DeliveryWorker), prisma: t.prisma });
  const integration = (over: Record<string, unknown>) => ({
    name: 'Elastic Path integration',
    description: 'Set up as for Elastic Path',
    integration_type: 'webhook',
    enabled: false,
    observes: ['order.created'],
    configuration: { url: 'http://127.0.0.1:9/hook' },
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '0,0.05', WEBHOOK_BREAKER_FAILURES: '0' } });
    ep = sdkFor(t);
    await ep.Authenticate();
  });
  afterEach(async () => {
    await drain();
    await t.prisma.integration.updateMany({ data: { enabled: false } });
    await Promise.all(receivers.map((r) => r.close()));
    receivers = [];
  });
  afterAll(async () => {
    await t.close();
  });

  it('accepts every event name Elastic Path documents in observes', async () => {
    for (let i = 0; i < ELASTIC_PATH_EVENTS.length; i += 5) {
      const observes = ELASTIC_PATH_EVENTS.slice(i, i + 5);
      const created = await ep.Integrations.Create(integration({ observes }));
      expect(created.data.observes).toEqual(observes);
    }
  });

  it('an integration observing an event this server does not emit is accepted, and gets the ones it emits with configuration in the body', async () => {
    const r = await WebhookReceiver.start();
    receivers.push(r);
    // A receiver that echoes the request back: the delivery log keeps its answer, without the secret_key.
    r.respond({ status: 200, body: 'got {"secret_key":"shared secret"}' });
    const created = await ep.Integrations.Create(
      integration({ enabled: true, observes: ['customer.created', 'stock-transaction.created', 'product.created'], configuration: { url: r.url, secret_key: 'shared secret' } }),
    );
    expect(created.data.observes).toEqual(['customer.created', 'stock-transaction.created', 'product.created']);
    expect(created.data.configuration).not.toHaveProperty('secret_key');

    const product = await ep.Products.Create({
      name: 'Lamp',
      slug: `lamp-${Date.now()}`,
      sku: `LAMP-${Date.now()}`,
      description: 'A lamp',
      manage_stock: false,
      status: 'live',
      commodity_type: 'physical',
      price: [{ amount: 1200, currency: 'USD', includes_tax: true }],
    });
    await drain();

    expect(r.requests).toHaveLength(1);
    expect(r.requests[0].body).toMatchObject({
      triggered_by: 'product.created',
      integration: { id: created.data.id, integration_type: 'webhook', name: 'Elastic Path integration', description: 'Set up as for Elastic Path' },
      payload: { data: { id: product.data.id } },
      configuration: { url: r.url, secret_key: 'shared secret' },
    });
    expect(Object.keys(r.requests[0].body)).toEqual(['id', 'triggered_by', 'attempt', 'integration', 'resources', 'payload', 'configuration']);
    const logs = await ep.Integrations.GetLogs(created.data.id);
    expect(logs.data[0].body).toBe('got {"secret_key":"[secret_key]"}');
  });

  it.each(['aws_sqs', 'stomp'])('refuses integration_type %s with 422 naming the supported type', async (type) => {
    const refusal = await ep.Integrations.Create(integration({ integration_type: type, configuration: { url: 'https://sqs.us-east-1.amazonaws.com/1/q' } })).catch((e: any) => e);
    expect(refusal.errors).toEqual([
      expect.objectContaining({ status: 422, title: 'Integration type not supported', source: 'data.integration_type', detail: expect.stringContaining('supports: webhook') }),
    ]);
    const existing = await ep.Integrations.Create(integration({}));
    await expect(ep.Integrations.Update(existing.data.id, { integration_type: type })).rejects.toMatchObject({ errors: [expect.objectContaining({ status: 422 })] });
  });

  it('still refuses a name Elastic Path does not document (400)', async () => {
    await expect(ep.Integrations.Create(integration({ observes: ['order.exploded'] }))).rejects.toMatchObject({
      errors: [expect.objectContaining({ status: 400, source: 'data.observes' })],
    });
  });
});
