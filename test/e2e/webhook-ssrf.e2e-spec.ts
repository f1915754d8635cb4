import { randomUUID } from 'node:crypto';
import { expectErrorDocument } from '../support/documents';
import { createTestApp, TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { drainApp, publishEvent } from '../support/webhooks';

/** Webhook sends to loopback and private addresses are refused, at registration and at connect time. */
describe('webhook SSRF protection without the test allowlist', () => {
  let t: TestApp;
  let r: WebhookReceiver;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_RETRY_SCHEDULE: '0' } });
    r = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await r.close();
    await t.close();
  });

  it('refuses a loopback URL at registration', async () => {
    for (const url of [r.url, r.url.replace('127.0.0.1', 'localhost'), 'http://[::1]/x', 'http://0.0.0.0/x']) {
      const res = await t.http
        .post('/v2/integrations')
        .set(t.admin)
        .send({ data: { type: 'integration', name: 'x', observes: ['order.paid'], configuration: { url } } });
      expectErrorDocument(res, 400, { source: 'data.configuration.url' });
    }
  });

  it('blocks the send at connect time (IP literal and a name resolving to loopback), logged as blocked_ssrf', async () => {
    // Rows written directly, as if registered while the allowlist was set (or a DNS answer changed since).
    for (const url of [r.url, r.url.replace('127.0.0.1', 'localhost')]) {
      await t.prisma.integration.create({ data: { name: 'x', enabled: true, observes: ['order.paid'], url, signingSecret: 'whsec_AAAA' } });
    }
    await publishEvent(t, 'order.paid', { data: { type: 'order', id: randomUUID() } });
    await drainApp(t, 60_000);
    expect(r.requests).toHaveLength(0);
    const logs = await t.prisma.integrationLog.findMany();
    expect(logs).toHaveLength(2);
    for (const log of logs) {
      expect(log).toMatchObject({ succeeded: false, errorClass: 'blocked_ssrf', statusCode: null });
      expect(log.errorDetail).not.toContain('127.0.0.1');
    }
    expect(await t.prisma.integrationJob.count({ where: { status: 'failed' } })).toBe(2);
  });
});
