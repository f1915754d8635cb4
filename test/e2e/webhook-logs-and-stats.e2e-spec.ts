import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { RetentionService } from '../../src/integrations/delivery/retention.service';
import { expectErrorDocument } from '../support/documents';
import { TestApp } from '../support/test-app';
import { NON_2XX, useWebhookApp } from '../support/webhooks';

/** What an integration's deliveries leave behind: the test event, stats, logs and jobs endpoints, the logged body, retention. */
describe('webhook logs, jobs, stats and retention', () => {
  const suite = useWebhookApp();
  const { receiver, integrate, publish, drain, jobOf, logsOf } = suite;
  let t: TestApp;
  beforeAll(() => {
    t = suite.t;
  });

  it('sends a signed integration.test event to one integration on request, whatever it observes, logged like any delivery', async () => {
    const r = await receiver();
    const other = await receiver();
    const hook = await integrate(r.url, ['order.paid']);
    await integrate(other.url, ['order.paid']);
    const res = await t.http.post(`/v2/integrations/${hook.id}/test`).set(t.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'integration-job', status: 'pending', attempts: 0, triggered_by: 'integration.test' });
    await drain();

    expect(other.requests).toHaveLength(0);
    expect(r.requests).toHaveLength(1);
    const [req] = r.requests;
    expect(req.headers['x-moltin-integration-trigger']).toBe('integration.test');
    expect(new Webhook(hook.configuration.signing_secret!).verify(req.raw, req.headers as Record<string, string>)).toEqual(req.body);
    expect(req.body).toMatchObject({ triggered_by: 'integration.test', attempt: 1, integration: { id: hook.id } });
    expect(req.body.payload).toEqual({ data: expect.objectContaining({ type: 'integration', id: hook.id, configuration: { url: r.url } }) });
    const logs = await t.http.get(`/v2/integrations/${hook.id}/jobs/${res.body.data.id}/logs`).set(t.admin);
    expect(logs.body.data).toEqual([expect.objectContaining({ succeeded: true, attempt: 1, status_code: 200 })]);

    expectErrorDocument(await t.http.post(`/v2/integrations/${randomUUID()}/test`).set(t.admin), 404);
    await t.http.put(`/v2/integrations/${hook.id}`).set(t.admin).send({ data: { type: 'integration', enabled: false } }).expect(200);
    expectErrorDocument(await t.http.post(`/v2/integrations/${hook.id}/test`).set(t.admin), 422);
  });

  it('reports an integration\'s delivery stats over a window: attempts, success rate, response times, jobs by status', async () => {
    const before = new Date(Date.now() - 1000);
    const r = await receiver();
    const hook = await integrate(r.url, ['cart.updated']);
    const noise = await receiver();
    noise.always({ status: 500 });
    await integrate(noise.url, ['cart.updated']);
    r.respond({ status: 500 });
    r.always({ status: 204 });
    await publish('cart.updated', { data: { type: 'cart', id: randomUUID() } });
    await drain();
    r.always({ status: 503 });
    await publish('cart.updated', { data: { type: 'cart', id: randomUUID() } });
    await drain();
    expect(r.requests).toHaveLength(6);

    const stats = (query: string) => t.http.get(`/v2/integrations/${hook.id}/stats${query}`).set(t.admin);
    const res = await stats('');
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data).toMatchObject({
      type: 'integration-stats',
      attempts: { total: 6, succeeded: 1, failed: 5, success_rate: 1 / 6 },
      jobs: { pending: 0, in_flight: 0, retrying: 0, succeeded: 1, failed: 1, discarded: 0 },
      relationships: { integration: { data: { type: 'integration', id: hook.id } } },
    });
    expect(Date.parse(data.until) - Date.parse(data.since)).toBe(24 * 3600_000);
    const { p50, p95, max } = data.attempts.response_time_ms;
    expect([p50, p95, max].every((v: unknown) => typeof v === 'number' && v >= 0)).toBe(true);
    expect(p50 <= p95 && p95 <= max).toBe(true);
    expect(Date.parse(data.attempts.last_attempt_at)).toBeGreaterThanOrEqual(Date.parse(data.attempts.last_success_at));

    // A window before the deliveries: all zero, nothing to rate.
    const empty = await stats(`?since=${encodeURIComponent(new Date(before.getTime() - 3600_000).toISOString())}&until=${encodeURIComponent(before.toISOString())}`);
    expect(empty.body.data.attempts).toEqual({
      total: 0,
      succeeded: 0,
      failed: 0,
      success_rate: null,
      response_time_ms: { p50: null, p95: null, max: null },
      last_attempt_at: null,
      last_success_at: null,
    });
    expect(Object.values(empty.body.data.jobs)).toEqual([0, 0, 0, 0, 0, 0]);

    expectErrorDocument(await stats('?since=yesterday'), 400, { source: 'since' });
    expectErrorDocument(await stats(`?since=${Date.now() + 60_000}`), 400, { source: 'since' });
    expectErrorDocument(await stats(`?since=${before.getTime()}&until=${before.getTime() - 1}`), 400, { source: 'until' });
    expectErrorDocument(await t.http.get(`/v2/integrations/${randomUUID()}/stats`).set(t.admin), 404);
  });


  it('serves the logs endpoints in the Elastic Path logs shape', async () => {
    const r = await receiver();
    r.respond({ status: 404, body: 'Not found' });
    const hook = await integrate(r.url, ['product.created']);
    await publish('product.created', { data: { type: 'product', id: randomUUID() } });
    await publish('product.created', { data: { type: 'product', id: randomUUID() } });
    await drain();
    const res = await t.http.get(`/v2/integrations/${hook.id}/logs?page[limit]=2`).set(t.admin);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ limit: 2, offset: 0, current: 1, total: 2 });
    expect(res.body.results).toEqual({ total: 3 });
    expect(res.body.links.next).toContain('page[offset]=2');
    expect(res.body.data).toHaveLength(2);
    const failed = (await t.http.get(`/v2/integrations/${hook.id}/logs`).set(t.admin)).body.data.find((l: any) => !l.succeeded);
    expect(failed).toEqual({
      id: expect.any(String),
      type: 'integration-log',
      succeeded: false,
      attempt: 1,
      processing_time: expect.any(Number),
      body: 'Not found',
      status_code: 404,
      error_detail: NON_2XX,
      error_class: 'non_2xx',
      relationships: {
        integration: { data: { type: 'integration', id: hook.id } },
        job: { data: { type: 'integration-job', id: expect.any(String) } },
      },
      meta: { timestamps: { created_at: expect.stringMatching(/Z$/) } },
    });
    const jobId = failed.relationships.job.data.id;
    const jobLogs = await t.http.get(`/v2/integrations/${hook.id}/jobs/${jobId}/logs`).set(t.admin);
    expect(jobLogs.body.results.total).toBe(2);
    expect(jobLogs.body.data.map((l: any) => l.attempt).sort()).toEqual([1, 2]);
    const all = await t.http.get('/v2/integrations/logs?page[limit]=100').set(t.admin);
    expect(all.body.results.total).toBeGreaterThanOrEqual(3);
    expect(all.body.data.some((l: any) => l.relationships.integration.data.id === hook.id)).toBe(true);
    expectErrorDocument(await t.http.get(`/v2/integrations/${randomUUID()}/logs`).set(t.admin), 404);
    expectErrorDocument(await t.http.get(`/v2/integrations/${hook.id}/jobs/${randomUUID()}/logs`).set(t.admin), 404);
  });

  it('filters jobs and logs by event type (triggered_by), besides status and time', async () => {
    const r = await receiver();
    const hook = await integrate(r.url, ['category.created', 'category.updated']);
    await publish('category.created', { data: { type: 'category', id: randomUUID() } });
    await publish('category.updated', { data: { type: 'category', id: randomUUID() } });
    await drain();
    const get = (path: string) => t.http.get(path).set(t.admin);
    const jobs = await get(`/v2/integrations/${hook.id}/jobs?filter=eq(triggered_by,category.updated):eq(status,succeeded)`);
    expect(jobs.status).toBe(200);
    expect(jobs.body.data.map((j: any) => j.triggered_by)).toEqual(['category.updated']);
    const both = await get(`/v2/integrations/${hook.id}/jobs?filter=in(triggered_by,category.created,category.updated)`);
    expect(both.body.data).toHaveLength(2);
    const logs = await get(`/v2/integrations/${hook.id}/logs?filter=eq(triggered_by,category.created)`);
    expect(logs.status).toBe(200);
    const created = both.body.data.find((j: any) => j.triggered_by === 'category.created');
    expect(logs.body.data.map((l: any) => l.relationships.job.data.id)).toEqual([created.id]);
    const all = await get(`/v2/integrations/logs?filter=eq(triggered_by,category.updated):eq(succeeded,true)&page[limit]=100`);
    expect(all.body.data.map((l: any) => l.relationships.integration.data.id)).toEqual([hook.id]);
    expect((await get(`/v2/integrations/${hook.id}/jobs?filter=eq(triggered_by,order.paid)`)).body.data).toEqual([]);
  });

  it('caps the logged response body at WEBHOOK_MAX_RESPONSE_BYTES', async () => {
    const r = await receiver();
    r.respond({ status: 500, body: 'x'.repeat(20_000) });
    const hook = await integrate(r.url, ['file.created']);
    await publish('file.created', { data: { type: 'file', id: randomUUID() } });
    await drain();
    const [first] = await logsOf(hook.id);
    expect(first.body.length).toBe(t.config.webhooks.maxResponseBytes);
  });

  it('leaves status_code out of the log of an attempt the receiver never answered, and says why in error_detail', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const hook = await integrate(`http://127.0.0.1:${closedPort}/hook`, ['product.deleted']);
    await publish('product.deleted', { data: { type: 'product', id: randomUUID() } });
    await drain();
    const logs = await t.http.get(`/v2/integrations/${hook.id}/logs`).set(t.admin);
    expect(logs.status).toBe(200);
    expect(logs.body.data.length).toBeGreaterThan(0);
    for (const log of logs.body.data) {
      expect(log).toMatchObject({ succeeded: false, error_class: 'connect_refused', error_detail: 'The connection was refused' });
      expect(log).not.toHaveProperty('status_code');
    }
  });

  it('purges finished jobs, their logs and dispatched events older than the retention period', async () => {
    const r = await receiver();
    const hook = await integrate(r.url, ['account.created']);
    await publish('account.created', { data: { type: 'account', id: randomUUID() } });
    await drain();
    const job = await jobOf(hook.id);
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    await t.prisma.$executeRaw`UPDATE integration_jobs SET updated_at = ${old} WHERE id = ${job.id}::uuid`;
    await t.prisma.outboxEvent.update({ where: { id: job.eventId }, data: { dispatchedAt: old } });
    const pending = await t.prisma.outboxEvent.create({ data: { name: 'account.created', payload: {}, dispatchedAt: old } });
    await t.prisma.integrationJob.create({ data: { eventId: pending.id, integrationId: hook.id, status: 'retrying', nextAttemptAt: new Date(Date.now() + 3600_000) } });
    const removed = await t.app.get(RetentionService).purgeOlderThan(30);
    expect(removed.jobs).toBeGreaterThanOrEqual(1);
    expect(removed.logs).toBeGreaterThanOrEqual(1);
    expect(await t.prisma.integrationJob.findUnique({ where: { id: job.id } })).toBeNull();
    expect(await t.prisma.integrationLog.count({ where: { jobId: job.id } })).toBe(0);
    expect(await t.prisma.outboxEvent.findUnique({ where: { id: job.eventId } })).toBeNull();
    // an event with an unfinished job is kept
    expect(await t.prisma.outboxEvent.findUnique({ where: { id: pending.id } })).not.toBeNull();
    await t.prisma.integrationJob.deleteMany({ where: { eventId: pending.id } });
  });
});
