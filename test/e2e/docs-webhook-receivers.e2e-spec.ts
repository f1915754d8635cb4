import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { DeliveryWorker } from '../../src/integrations/delivery/delivery.worker';
import { Relay } from '../../src/integrations/delivery/relay.worker';
import { createTestApp, TestApp } from '../support/test-app';
import { drainWebhooks } from '../support/webhook-receiver';

// The receivers docs/webhook-delivery.md shows, run against real deliveries.
const { createStandardWebhooksReceiver } = require('../../docs/examples/standard-webhooks-receiver.js');
const { createSecretKeyReceiver } = require('../../docs/examples/secret-key-receiver.js');

const WHSEC = 'whsec_' + Buffer.from('a receiver secret of 32 bytes...').toString('base64');

describe('the webhook receivers of docs/examples', () => {
  let t: TestApp;
  let servers: Server[] = [];
  const drain = () => drainWebhooks({ relay: t.app.get(Relay), delivery: t.app.get(DeliveryWorker), prisma: t.prisma });

  const listen = async (server: Server) => {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  };
  const integrate = async (configuration: Record<string, unknown>) => {
    const res = await t.http
      .post('/v2/integrations')
      .set(t.admin)
      .send({ data: { type: 'integration', name: 'docs', enabled: true, observes: ['product.created'], configuration } });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; configuration: { signing_secret?: string } };
  };
  const createProduct = async (sku: string) => {
    const res = await t.http
      .post('/v2/products')
      .set(t.admin)
      .send({ data: { type: 'product', name: sku, slug: sku, sku, manage_stock: false, status: 'live', commodity_type: 'physical', price: [{ amount: 100, currency: 'USD' }] } });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const jobOf = (integrationId: string) => t.prisma.integrationJob.findFirstOrThrow({ where: { integrationId } });

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '0,0.05', WEBHOOK_BREAKER_FAILURES: '0' } });
  });
  afterEach(async () => {
    await drain();
    await t.prisma.integration.updateMany({ data: { enabled: false } });
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    servers = [];
  });
  afterAll(async () => {
    await t.close();
  });

  it('standardwebhooks: accepts a signed delivery once, acknowledges its redelivery without handling it again, refuses a forged one', async () => {
    const events: any[] = [];
    const url = await listen(createStandardWebhooksReceiver({ secret: WHSEC, onEvent: (event: any) => events.push(event) }));
    const hook = await integrate({ url, secret_key: WHSEC });
    const productId = await createProduct('docs-signed');
    await drain();

    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ triggered_by: 'product.created', attempt: 1, payload: { data: { id: productId } } });
    const job = await jobOf(hook.id);
    expect(job).toMatchObject({ status: 'succeeded', lastStatusCode: 204 });

    const redeliver = await t.http.post(`/v2/integrations/${hook.id}/jobs/${job.id}/redeliver`).set(t.admin);
    expect(redeliver.status).toBe(200);
    await drain();
    expect(await jobOf(hook.id)).toMatchObject({ status: 'succeeded', attempts: 2, lastStatusCode: 204 });
    expect(events).toHaveLength(1);

    const forged = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': 'msg_forged', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,bm90IGEgc2lnbmF0dXJl' },
      body: JSON.stringify(events[0]),
    });
    expect(forged.status).toBe(401);
    expect(events).toHaveLength(1);
  });

  it('standardwebhooks: verifies with the signing_secret generated when the integration has no secret_key', async () => {
    const hook = await integrate({ url: 'https://receiver.example.com/hook' });
    const events: any[] = [];
    const url = await listen(createStandardWebhooksReceiver({ secret: hook.configuration.signing_secret, onEvent: (event: any) => events.push(event) }));
    const put = await t.http.put(`/v2/integrations/${hook.id}`).set(t.admin).send({ data: { type: 'integration', configuration: { url } } });
    expect(put.status).toBe(200);
    await createProduct('docs-generated');
    await drain();
    expect(events).toHaveLength(1);
    expect((await jobOf(hook.id)).status).toBe('succeeded');
  });

  it('standardwebhooks: verifies a secret_key without the whsec_ prefix (its UTF-8 bytes)', async () => {
    const events: any[] = [];
    const url = await listen(createStandardWebhooksReceiver({ secret: 'a plain secret key', onEvent: (event: any) => events.push(event) }));
    const hook = await integrate({ url, secret_key: 'a plain secret key' });
    await createProduct('docs-plain');
    await drain();
    expect(events).toHaveLength(1);
    expect((await jobOf(hook.id)).status).toBe('succeeded');
  });

  it('X-MOLTIN-SECRET-KEY: accepts a delivery carrying the secret_key and refuses a wrong or missing one', async () => {
    const events: any[] = [];
    const url = await listen(createSecretKeyReceiver({ secretKey: 'the shared secret key', onEvent: (event: any) => events.push(event) }));
    const hook = await integrate({ url, secret_key: 'the shared secret key' });
    const productId = await createProduct('docs-secret-key');
    await drain();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ triggered_by: 'product.created', payload: { data: { id: productId } } });
    expect(await jobOf(hook.id)).toMatchObject({ status: 'succeeded', lastStatusCode: 204 });

    const wrong = await fetch(url, { method: 'POST', headers: { 'x-moltin-secret-key': 'not the secret key' }, body: '{}' });
    const missing = await fetch(url, { method: 'POST', body: '{}' });
    expect([wrong.status, missing.status]).toEqual([401, 401]);
    expect(events).toHaveLength(1);
  });

  it('X-MOLTIN-SECRET-KEY: a receiver that expects another secret refuses the delivery, which then fails', async () => {
    const events: any[] = [];
    const url = await listen(createSecretKeyReceiver({ secretKey: 'the receiver secret', onEvent: (event: any) => events.push(event) }));
    const hook = await integrate({ url, secret_key: 'another sender secret' });
    await createProduct('docs-wrong-key');
    await drain();
    expect(events).toHaveLength(0);
    expect(await jobOf(hook.id)).toMatchObject({ status: 'failed', attempts: 2, lastStatusCode: 401 });
  });
});
