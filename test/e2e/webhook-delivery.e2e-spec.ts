import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { EventsPublisher } from '../../src/events/events.publisher';
import { EventName } from '../../src/events/event-names';
import { DeliveryWorker } from '../../src/integrations/delivery/delivery.worker';
import { AttemptRecord, JobsRepository } from '../../src/integrations/delivery/jobs.repository';
import { Relay } from '../../src/integrations/delivery/relay.worker';
import { AutoDisableService } from '../../src/integrations/delivery/auto-disable.service';
import { RetentionService } from '../../src/integrations/delivery/retention.service';
import { expectErrorDocument } from '../support/documents';
import { createTestApp, TestApp } from '../support/test-app';
import { testDbKind } from '../support/test-database';
import { drainWebhooks, MisbehavingReceiver, WebhookReceiver } from '../support/webhook-receiver';

// No circuit breaker here: tests of other behaviour fail many deliveries in a row (it has tests of its own).
const WEBHOOK_ENV = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '0,0.05,0.05,0.05', WEBHOOK_TIMEOUT_MS: '300', WEBHOOK_BREAKER_FAILURES: '0' };
const NON_2XX = 'Received a status code outside of 2xx range - treating webhook as a fail';

describe('webhook delivery pipeline', () => {
  let t: TestApp;
  let receivers: WebhookReceiver[] = [];
  const drain = () => drainWebhooks({ relay: t.app.get(Relay), delivery: t.app.get(DeliveryWorker), prisma: t.prisma });
  const publish = (name: EventName, payload: any) => t.app.get(EventsPublisher).publish(t.prisma, name, payload);
  const receiver = async () => {
    const r = await WebhookReceiver.start();
    receivers.push(r);
    return r;
  };
  const integrate = async (url: string, observes: string[], over: Record<string, unknown> = {}) => {
    const res = await t.http
      .post('/v2/integrations')
      .set(t.admin)
      .send({ data: { type: 'integration', name: 'hook', description: 'a hook', enabled: true, observes, configuration: { url }, ...over } });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; configuration: { url: string; signing_secret?: string }; [k: string]: any };
  };
  const jobOf = (integrationId: string) => t.prisma.integrationJob.findFirstOrThrow({ where: { integrationId } });
  const logsOf = (integrationId: string) => t.prisma.integrationLog.findMany({ where: { integrationId }, orderBy: { attempt: 'asc' } });

  beforeAll(async () => {
    t = await createTestApp({ env: WEBHOOK_ENV });
  });
  afterEach(async () => {
    // Each test owns its integrations; keep earlier ones from receiving later tests' events.
    await drain();
    await t.prisma.integration.updateMany({ data: { enabled: false } });
    await Promise.all(receivers.map((r) => r.close()));
    receivers = [];
  });
  afterAll(async () => {
    await t.close();
  });

  it('delivers order.fulfilled and transaction.created with the documented body and signed headers; disabled and non-observing integrations get nothing', async () => {
    const r = await receiver();
    const other = await receiver();
    const off = await receiver();
    const hook = await integrate(r.url, ['order.fulfilled', 'transaction.created']);
    await integrate(other.url, ['order.paid']);
    await integrate(off.url, ['order.fulfilled'], { enabled: false });
    const orderId = randomUUID();
    const txId = randomUUID();
    const orderPayload = { data: { type: 'order', id: orderId, status: 'complete', shipping: 'fulfilled' }, included: { items: [{ type: 'order_item', id: randomUUID() }] } };
    const txPayload = { data: { type: 'transaction', id: txId, amount: 4000, relationships: { order: { data: { type: 'order', id: orderId } } } } };
    await publish('order.fulfilled', orderPayload);
    await publish('transaction.created', txPayload);
    await drain();

    expect(r.requests).toHaveLength(2);
    expect(other.requests).toHaveLength(0);
    expect(off.requests).toHaveLength(0);
    const wh = new Webhook(hook.configuration.signing_secret!);
    const events = await t.prisma.outboxEvent.findMany({ where: { name: { in: ['order.fulfilled', 'transaction.created'] } } });
    for (const [name, payload] of [
      ['order.fulfilled', orderPayload],
      ['transaction.created', txPayload],
    ] as const) {
      const req = r.requests.find((q) => q.headers['x-moltin-integration-trigger'] === name)!;
      expect(req.method).toBe('POST');
      expect(req.path).toBe('/hook');
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['user-agent']).toBe('CommerceAPI-Webhooks/1.0');
      expect(req.headers['x-moltin-secret-key']).toBeUndefined();
      const eventId = events.find((e) => e.name === name)!.id;
      expect(req.headers['webhook-id']).toBe(eventId);
      expect(Math.abs(Number(req.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
      expect(req.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(wh.verify(req.raw, req.headers as Record<string, string>)).toEqual(req.body);
      expect(req.body).toEqual({
        id: eventId,
        triggered_by: name,
        attempt: 1,
        integration: { id: hook.id, integration_type: 'webhook', name: 'hook', description: 'a hook' },
        resources: expect.any(String),
        payload,
        configuration: { url: r.url },
      });
      // `resources` is the same document as a JSON string (jsonb storage may reorder keys).
      expect(JSON.parse(req.body.resources)).toEqual(payload);
    }
    // Tampered bytes do not verify.
    const req0 = r.requests[0];
    expect(() => wh.verify(req0.raw.replace('"attempt":1', '"attempt":2'), req0.headers as Record<string, string>)).toThrow();
    const job = await jobOf(hook.id);
    expect(job).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200 });
  });

  it('sends X-MOLTIN-SECRET-KEY and signs with the secret_key (UTF-8 bytes, or base64 after whsec_)', async () => {
    const r = await receiver();
    const plain = await integrate(r.url, ['order.paid'], { configuration: { url: r.url, secret_key: 'my plain secret' } });
    const whsec = 'whsec_' + Buffer.from('0123456789abcdef0123456789abcdef').toString('base64');
    const r2 = await receiver();
    await integrate(r2.url, ['order.paid'], { configuration: { url: r2.url, secret_key: whsec } });
    await publish('order.paid', { data: { type: 'order', id: randomUUID() } });
    await drain();
    expect(plain.configuration.signing_secret).toBeUndefined();
    const [a] = r.requests;
    expect(a.headers['x-moltin-secret-key']).toBe('my plain secret');
    // Like the header, the body's configuration carries the secret_key only to the integration's own URL.
    expect(a.body.configuration).toEqual({ url: r.url, secret_key: 'my plain secret' });
    expect(r2.requests[0].body.configuration).toEqual({ url: r2.url, secret_key: whsec });
    expect(() => new Webhook(Buffer.from('my plain secret', 'utf8'), { format: 'raw' }).verify(a.raw, a.headers as Record<string, string>)).not.toThrow();
    const [b] = r2.requests;
    expect(b.headers['x-moltin-secret-key']).toBe(whsec);
    expect(() => new Webhook(whsec).verify(b.raw, b.headers as Record<string, string>)).not.toThrow();
  });

  it('after secret_key changes, signs with the new and the previous secret until the overlap ends (rotation), then with the new one only', async () => {
    const r = await receiver();
    const before = 'whsec_' + Buffer.from('first secret, 32 bytes long....!').toString('base64');
    const after = 'whsec_' + Buffer.from('second secret, 32 bytes long...!').toString('base64');
    const hook = await integrate(r.url, ['order.paid'], { configuration: { url: r.url, secret_key: before } });
    const put = await t.http.put(`/v2/integrations/${hook.id}`).set(t.admin).send({ data: { type: 'integration', configuration: { secret_key: after } } });
    expect(put.status).toBe(200);
    const row = await t.prisma.integration.findUniqueOrThrow({ where: { id: hook.id } });
    const overlapH = (row.previousSigningSecretUntil!.getTime() - Date.now()) / 3600_000;
    expect(overlapH).toBeGreaterThan(23.9);
    expect(overlapH).toBeLessThanOrEqual(24);

    await publish('order.paid', { data: { type: 'order', id: randomUUID() } });
    await drain();
    const [during] = r.requests;
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(during.headers['x-moltin-secret-key']).toBe(after);
    for (const secret of [after, before]) expect(() => new Webhook(secret).verify(during.raw, during.headers as Record<string, string>)).not.toThrow();

    await t.prisma.integration.update({ where: { id: hook.id }, data: { previousSigningSecretUntil: new Date(Date.now() - 1000) } });
    await publish('order.paid', { data: { type: 'order', id: randomUUID() } });
    await drain();
    const last = r.requests[1];
    expect(String(last.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(after).verify(last.raw, last.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(before).verify(last.raw, last.headers as Record<string, string>)).toThrow();
  });

  it('emits events from API writes (PUT /v2/settings → settings.updated) and sends deletions as {type, id} resources', async () => {
    const r = await receiver();
    await integrate(r.url, ['settings.updated', 'integration.deleted']);
    expect((await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: 30 } })).status).toBe(200);
    const victim = await integrate('http://127.0.0.1:9/x', ['order.created'], { enabled: false });
    expect((await t.http.delete(`/v2/integrations/${victim.id}`).set(t.admin)).status).toBe(200);
    await drain();
    const settings = r.requests.find((q) => q.body.triggered_by === 'settings.updated')!;
    expect(settings.body.payload.data).toMatchObject({ type: 'settings', page_length: 30 });
    const deleted = r.requests.find((q) => q.body.triggered_by === 'integration.deleted')!;
    expect(deleted.body.resources).toEqual({ type: 'integration', id: victim.id });
    expect(deleted.body.payload).toEqual({ type: 'integration', id: victim.id });
  });

  it('writes no event when the business transaction rolls back', async () => {
    const before = await t.prisma.outboxEvent.count();
    await expect(
      t.prisma.$transaction(async (tx) => {
        await t.app.get(EventsPublisher).publish(tx, 'order.created', { data: { type: 'order', id: randomUUID() } });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await t.prisma.outboxEvent.count()).toBe(before);
  });

  it('retries a 500 and succeeds: attempt 2 in the body, same webhook-id, both attempts logged', async () => {
    const r = await receiver();
    r.respond({ status: 500, body: 'boom' });
    const hook = await integrate(r.url, ['order.created']);
    await publish('order.created', { data: { type: 'order', id: randomUUID() } });
    await drain();
    expect(r.requests).toHaveLength(2);
    expect(r.requests.map((q) => q.body.attempt)).toEqual([1, 2]);
    expect(r.requests[1].headers['webhook-id']).toBe(r.requests[0].headers['webhook-id']);
    expect(r.requests[1].body.id).toBe(r.requests[0].body.id);
    const wh = new Webhook(hook.configuration.signing_secret!);
    for (const q of r.requests) wh.verify(q.raw, q.headers as Record<string, string>);
    const logs = await logsOf(hook.id);
    expect(logs.map((l) => [l.attempt, l.succeeded, l.statusCode, l.body])).toEqual([
      [1, false, 500, 'boom'],
      [2, true, 200, 'ok'],
    ]);
    expect(logs[0].errorDetail).toBe(NON_2XX);
    expect(await jobOf(hook.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('fails after the last scheduled attempt; the redeliver endpoint then delivers it (attempt keeps counting)', async () => {
    const r = await receiver();
    r.always({ status: 500, body: 'down' });
    const hook = await integrate(r.url, ['order.refunded']);
    await publish('order.refunded', { data: { type: 'order', id: randomUUID() } });
    await drain();
    expect(r.requests.map((q) => q.body.attempt)).toEqual([1, 2, 3, 4]);
    const job = await jobOf(hook.id);
    expect(job).toMatchObject({ status: 'failed', attempts: 4, lastStatusCode: 500 });

    const jobs = await t.http.get(`/v2/integrations/${hook.id}/jobs`).set(t.admin);
    expect(jobs.status).toBe(200);
    expect(jobs.body.data).toEqual([
      expect.objectContaining({ id: job.id, type: 'integration-job', status: 'failed', attempts: 4, triggered_by: 'order.refunded', last_status_code: 500 }),
    ]);

    r.always({ status: 204 });
    const res = await t.http.post(`/v2/integrations/${hook.id}/jobs/${job.id}/redeliver`).set(t.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: job.id, type: 'integration-job', status: 'pending', attempts: 4 });
    await drain();
    expect(r.requests).toHaveLength(5);
    expect(r.requests[4].body.attempt).toBe(5);
    expect(r.requests[4].headers['webhook-id']).toBe(r.requests[0].headers['webhook-id']);
    expect(await jobOf(hook.id)).toMatchObject({ status: 'succeeded', attempts: 5, lastStatusCode: 204 });

    // a succeeded job may be redelivered too; a queued one may not
    expect((await t.http.post(`/v2/integrations/${hook.id}/jobs/${job.id}/redeliver`).set(t.admin)).status).toBe(200);
    expectErrorDocument(await t.http.post(`/v2/integrations/${hook.id}/jobs/${job.id}/redeliver`).set(t.admin), 422);
    await drain();
    expect(r.requests).toHaveLength(6);
    expectErrorDocument(await t.http.post(`/v2/integrations/${hook.id}/jobs/${randomUUID()}/redeliver`).set(t.admin), 404);
  });

  it('recovers the failed and discarded deliveries created in [since, until): due now, attempt counting on', async () => {
    const r = await receiver();
    r.always({ status: 500 });
    const hook = await integrate(r.url, ['order.refunded']);
    const jobFor = async (eventPayload: { data: { id: string } }) => {
      await publish('order.refunded', eventPayload);
      await drain();
      const event = await t.prisma.outboxEvent.findFirstOrThrow({ where: { name: 'order.refunded', payload: { path: ['data', 'id'], equals: eventPayload.data.id } } });
      return t.prisma.integrationJob.findFirstOrThrow({ where: { integrationId: hook.id, eventId: event.id } });
    };
    const order = () => ({ data: { type: 'order', id: randomUUID() } });
    const before = new Date(Date.now() - 1000);
    const first = await jobFor(order());
    await new Promise((res) => setTimeout(res, 20));
    const mid = new Date();
    await new Promise((res) => setTimeout(res, 20));
    const second = await jobFor(order());
    // One discarded while the integration was disabled (as the worker does when its turn comes).
    const discarded = await jobFor(order());
    await t.prisma.integrationJob.update({ where: { id: discarded.id }, data: { status: 'discarded' } });
    r.always({ status: 204 });
    const succeeded = await jobFor(order());
    expect([first.status, second.status, succeeded.status]).toEqual(['failed', 'failed', 'succeeded']);
    const sentBefore = r.requests.length;

    const res = await t.http.post(`/v2/integrations/${hook.id}/recover`).set(t.admin).send({ data: { since: mid.toISOString() } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      type: 'integration-recovery',
      since: mid.toISOString(),
      until: expect.any(String),
      recovered: 2,
      relationships: { integration: { data: { type: 'integration', id: hook.id } } },
    });
    await drain();
    const resent = r.requests.slice(sentBefore);
    expect(resent.map((q) => q.headers['webhook-id']).sort()).toEqual([second.eventId, discarded.eventId].sort());
    expect(resent.find((q) => q.headers['webhook-id'] === second.eventId)!.body.attempt).toBe(5);
    const after = await t.prisma.integrationJob.findMany({ where: { id: { in: [first.id, second.id, discarded.id, succeeded.id] } } });
    const statusOf = (id: string) => after.find((j) => j.id === id)!.status;
    expect([statusOf(first.id), statusOf(second.id), statusOf(discarded.id), statusOf(succeeded.id)]).toEqual(['failed', 'succeeded', 'succeeded', 'succeeded']);

    // `until` bounds the range (exclusive); nothing left to recover after it.
    const bounded = await t.http.post(`/v2/integrations/${hook.id}/recover`).set(t.admin).send({ data: { since: before.toISOString(), until: mid.toISOString() } });
    expect(bounded.body.data).toMatchObject({ recovered: 1, since: before.toISOString(), until: mid.toISOString() });
    await drain();
    expect(r.requests.slice(sentBefore + 2).map((q) => q.headers['webhook-id'])).toEqual([first.eventId]);
    const again = await t.http.post(`/v2/integrations/${hook.id}/recover`).set(t.admin).send({ data: { since: before.toISOString() } });
    expect(again.body.data.recovered).toBe(0);

    const post = (id: string, body: unknown) => t.http.post(`/v2/integrations/${id}/recover`).set(t.admin).send(body as object);
    expectErrorDocument(await post(hook.id, { data: {} }), 400, { source: 'data.since' });
    expectErrorDocument(await post(hook.id, { data: { since: 'yesterday' } }), 400, { source: 'data.since' });
    expectErrorDocument(await post(hook.id, { data: { since: '2026-02-30T00:00:00Z' } }), 400, { source: 'data.since' });
    expectErrorDocument(await post(hook.id, { data: { since: '2026-W01' } }), 400, { source: 'data.since' });
    expectErrorDocument(await post(hook.id, { data: { since: 1767225600000 } }), 400, { source: 'data.since' });
    expectErrorDocument(await post(hook.id, { data: { since: mid.toISOString(), until: before.toISOString() } }), 400, { source: 'data.until' });
    expectErrorDocument(await post(hook.id, { data: { since: new Date(Date.now() + 60_000).toISOString() } }), 400, { source: 'data.since' });
    expectErrorDocument(await post(randomUUID(), { data: { since: mid.toISOString() } }), 404);
    await t.http.put(`/v2/integrations/${hook.id}`).set(t.admin).send({ data: { type: 'integration', enabled: false } }).expect(200);
    expectErrorDocument(await post(hook.id, { data: { since: before.toISOString() } }), 422);
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

  it('holds an integration to its configuration.max_concurrency; a change applies at the next claim', async () => {
    const slow = await receiver();
    slow.always({ status: 204, delay: 150 });
    const other = await receiver();
    other.always({ status: 204, delay: 150 });
    const capped = await integrate(slow.url, ['account.deleted'], { configuration: { url: slow.url, max_concurrency: 2 } });
    expect(capped.configuration).toEqual({ url: slow.url, max_concurrency: 2, signing_secret: expect.any(String) });
    await integrate(other.url, ['account.deleted']);
    const events = async (n: number) => {
      for (let i = 0; i < n; i++) await publish('account.deleted', { type: 'account', id: randomUUID() });
      await drain();
    };
    await events(8);
    expect(slow.requests).toHaveLength(8);
    expect(slow.maxInFlight).toBe(2);
    expect(other.maxInFlight).toBeGreaterThan(2); // the server's default share: 8 at once here

    const put = (configuration: Record<string, unknown>) =>
      t.http.put(`/v2/integrations/${capped.id}`).set(t.admin).send({ data: { type: 'integration', configuration } });
    const raised = await put({ max_concurrency: 4 });
    expect(raised.body.data.configuration).toEqual({ url: slow.url, max_concurrency: 4 });
    slow.reset().always({ status: 204, delay: 150 });
    await events(10);
    expect(slow.requests).toHaveLength(10);
    expect(slow.maxInFlight).toBe(4);

    const removed = await put({ max_concurrency: null });
    expect(removed.body.data.configuration).toEqual({ url: slow.url });
    expect((await t.http.get(`/v2/integrations/${capped.id}`).set(t.admin)).body.data.configuration).toEqual({ url: slow.url });
    slow.reset().always({ status: 204, delay: 150 });
    await events(8);
    expect(slow.maxInFlight).toBeGreaterThan(4);

    for (const bad of [0, 1.5, '2', 1001, true]) {
      expectErrorDocument(await put({ max_concurrency: bad }), 400, { source: 'data.configuration.max_concurrency' });
    }
  });

  it('holds an integration to its configuration.rate_limit_per_second (a bucket of one second); others are not slowed; null removes it', async () => {
    const limited = await receiver();
    const other = await receiver();
    const created = await integrate(limited.url, ['account.deleted'], { configuration: { url: limited.url, rate_limit_per_second: 5 } });
    expect(created.configuration).toEqual({ url: limited.url, rate_limit_per_second: 5, signing_secret: expect.any(String) });
    await integrate(other.url, ['account.deleted']);
    for (let i = 0; i < 15; i++) await publish('account.deleted', { type: 'account', id: randomUUID() });
    await drain();
    expect(limited.requests).toHaveLength(15);
    expect(other.requests).toHaveLength(15);
    // 5 at once (the full bucket), then 5 a second: any 11 in a row span at least 1.2 s (1 s here, for send jitter).
    const at = limited.requests.map((r) => r.at).sort((x, y) => x - y);
    for (let i = 0; i + 10 < at.length; i++) expect(at[i + 10] - at[i]).toBeGreaterThanOrEqual(1_000);
    expect(at[14] - at[0]).toBeGreaterThanOrEqual(1_700);

    const put = (configuration: Record<string, unknown>) =>
      t.http.put(`/v2/integrations/${created.id}`).set(t.admin).send({ data: { type: 'integration', configuration } });
    expect((await put({ rate_limit_per_second: 0.5 })).body.data.configuration).toEqual({ url: limited.url, rate_limit_per_second: 0.5 });
    const removed = await put({ rate_limit_per_second: null });
    expect(removed.body.data.configuration).toEqual({ url: limited.url });
    limited.reset();
    // Were the last limit set (0.5 a second) still applied, these 15 would take half a minute and the drain
    // would give up.
    for (let i = 0; i < 15; i++) await publish('account.deleted', { type: 'account', id: randomUUID() });
    await drain();
    expect(limited.requests).toHaveLength(15);

    for (const bad of [0, -1, 0.0001, '2', 10_001, true]) {
      expectErrorDocument(await put({ rate_limit_per_second: bad }), 400, { source: 'data.configuration.rate_limit_per_second' });
    }
  });

  it('emits webhook.delivery.exhausted when a delivery fails its last attempt (never about a delivery of that event itself)', async () => {
    const since = new Date();
    const down = await receiver();
    down.always({ status: 500 });
    const failing = await integrate(down.url, ['order.created']);
    const ops = await receiver();
    await integrate(ops.url, ['webhook.delivery.exhausted']);
    const opsDown = await receiver();
    opsDown.always({ status: 500 });
    await integrate(opsDown.url, ['webhook.delivery.exhausted']);
    await publish('order.created', { data: { type: 'order', id: randomUUID() } });
    await drain();
    expect(down.requests).toHaveLength(4);
    const job = await jobOf(failing.id);
    expect(ops.requests).toHaveLength(1);
    expect(ops.requests[0].headers['x-moltin-integration-trigger']).toBe('webhook.delivery.exhausted');
    expect(ops.requests[0].body.payload).toEqual({
      data: expect.objectContaining({
        id: job.id,
        type: 'integration-job',
        status: 'failed',
        attempts: 4,
        triggered_by: 'order.created',
        last_status_code: 500,
        relationships: { integration: { data: { type: 'integration', id: failing.id } }, event: { data: { type: 'event', id: job.eventId } } },
      }),
    });
    // The failing operational receiver exhausts its own delivery of that event: no event about it (no loop).
    expect(opsDown.requests).toHaveLength(4);
    expect(await t.prisma.outboxEvent.count({ where: { name: 'webhook.delivery.exhausted', createdAt: { gte: since } } })).toBe(1);
  });

  it('records every attempt exactly once when many sends end together (recorded in shared statements)', async () => {
    const rs = [await receiver(), await receiver(), await receiver()];
    // One receiver answers its first request with a NUL in the body (PostgreSQL text cannot hold it).
    rs[0].respond({ status: 500, body: 'nul\u0000byte' });
    const hooks = [];
    for (const r of rs) hooks.push(await integrate(r.url, ['order.updated']));
    const N = 6;
    for (let i = 0; i < N; i++) await publish('order.updated', { data: { type: 'order', id: randomUUID() } });
    await drain();
    for (const r of rs) expect(new Set(r.requests.map((q) => q.headers['webhook-id'])).size).toBe(N);
    expect(rs[0].requests).toHaveLength(N + 1);
    for (const hook of hooks) {
      const jobs = await t.prisma.integrationJob.findMany({ where: { integrationId: hook.id } });
      expect(jobs).toHaveLength(N);
      expect(jobs.every((j) => j.status === 'succeeded' && j.lockedUntil === null)).toBe(true);
      const logs = await logsOf(hook.id);
      // one log per attempt made, none twice
      expect(logs).toHaveLength(jobs.reduce((n, j) => n + j.attempts, 0));
      expect(new Set(logs.map((l) => `${l.jobId}/${l.attempt}`)).size).toBe(logs.length);
    }
    const failed = (await logsOf(hooks[0].id)).filter((l) => !l.succeeded);
    expect(failed.map((l) => [l.statusCode, l.body])).toEqual([[500, 'nulbyte']]);
  });

  it('times out a slow receiver and logs it', async () => {
    const r = await receiver();
    // An answer only after two minutes: the drain (which gives up after 10 s) ends only if the send is cut off.
    r.respond({ status: 200, delay: 120_000 });
    const hook = await integrate(r.url, ['order.authorized']);
    await publish('order.authorized', { data: { type: 'order', id: randomUUID() } });
    await drain();
    const logs = await logsOf(hook.id);
    expect(logs[0]).toMatchObject({ attempt: 1, succeeded: false, statusCode: null, errorClass: 'timeout_total' });
    expect(logs[0].errorDetail).toMatch(/300 ms/);
    expect(logs[0].processingTime).toBeGreaterThanOrEqual(0.25);
    // The sender closed the connection of the unanswered request (else it stays open for two minutes).
    while (r.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(logs[1]).toMatchObject({ attempt: 2, succeeded: true });
  });

  it('disables the integration on 410 Gone and stops', async () => {
    const r = await receiver();
    r.always({ status: 410, body: 'gone' });
    const hook = await integrate(r.url, ['transaction.updated']);
    await publish('transaction.updated', { data: { type: 'transaction', id: randomUUID() } });
    await drain();
    expect(r.requests).toHaveLength(1);
    expect(await jobOf(hook.id)).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 410 });
    expect((await t.http.get(`/v2/integrations/${hook.id}`).set(t.admin)).body.data.enabled).toBe(false);
    await publish('transaction.updated', { data: { type: 'transaction', id: randomUUID() } });
    await drain();
    expect(r.requests).toHaveLength(1);
  });

  it('disables an integration whose every attempt failed for the period, with its event; not one that succeeded, recovered, failed only at the start, or was edited meanwhile', async () => {
    // WEBHOOK_AUTO_DISABLE_DAYS in production; failures must span half of it, so the check below has 1.5 s to come
    const period = 3_000;
    const down = await receiver();
    down.always({ status: 500, body: 'down' });
    const up = await receiver();
    const recovered = await receiver();
    recovered.respond({ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }); // every try of the first event
    const quiet = await receiver();
    quiet.always({ status: 500 });
    const edited = await receiver();
    edited.always({ status: 500 });
    const hooks = {
      down: await integrate(down.url, ['order.paid', 'order.refunded']),
      up: await integrate(up.url, ['order.paid', 'order.refunded']),
      recovered: await integrate(recovered.url, ['order.paid', 'order.refunded']),
      quiet: await integrate(quiet.url, ['order.paid']),
      edited: await integrate(edited.url, ['order.paid', 'order.refunded']),
    };
    await publish('order.paid', { data: { type: 'order', id: randomUUID() } });
    await drain();
    await new Promise((r) => setTimeout(r, period + 200));
    expect((await t.http.put(`/v2/integrations/${hooks.edited.id}`).set(t.admin).send({ data: { type: 'integration', name: 'renamed' } })).status).toBe(200);
    await publish('order.refunded', { data: { type: 'order', id: randomUUID() } });
    await drain();
    expect(down.requests.length).toBeGreaterThan(1);
    expect(up.requests).toHaveLength(2);
    expect(recovered.requests).toHaveLength(5);

    const autoDisable = t.app.get(AutoDisableService);
    expect(await autoDisable.disableFailing(period)).toEqual([hooks.down.id]);

    const enabled = async (id: string) => (await t.http.get(`/v2/integrations/${id}`).set(t.admin)).body.data.enabled;
    expect(await enabled(hooks.down.id)).toBe(false);
    expect(await enabled(hooks.up.id)).toBe(true);
    expect(await enabled(hooks.recovered.id)).toBe(true);
    expect(await enabled(hooks.quiet.id)).toBe(true);
    expect(await enabled(hooks.edited.id)).toBe(true);
    const events = await t.prisma.outboxEvent.findMany({ where: { name: 'integration.updated' }, orderBy: { createdAt: 'desc' }, take: 1 });
    expect(events[0].payload).toMatchObject({ data: { id: hooks.down.id, enabled: false } });
    expect(await autoDisable.disableFailing(period)).toEqual([]);
  });

  it('never follows a 302: the redirect target is not hit', async () => {
    const target = await receiver();
    const r = await receiver();
    r.always({ status: 302, headers: { location: target.url } });
    const hook = await integrate(r.url, ['order.cancelled']);
    await publish('order.cancelled', { data: { type: 'order', id: randomUUID() } });
    await drain();
    expect(r.requests).toHaveLength(4);
    expect(target.requests).toHaveLength(0);
    const logs = await logsOf(hook.id);
    expect(logs.every((l) => !l.succeeded && l.statusCode === 302 && l.errorClass === 'redirect')).toBe(true);
    expect(await jobOf(hook.id)).toMatchObject({ status: 'failed' });
  });

  it('waits at least Retry-After on 429', async () => {
    const r = await receiver();
    r.respond({ status: 429, headers: { 'retry-after': '1' } });
    const hook = await integrate(r.url, ['cart.updated']);
    await publish('cart.updated', { data: { type: 'cart', id: randomUUID() } });
    await t.app.get(Relay).tick();
    await t.app.get(DeliveryWorker).tick();
    const job = await jobOf(hook.id);
    expect(job.status).toBe('retrying');
    expect(job.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(500);
    await drain();
    expect(r.requests).toHaveLength(2);
    expect(r.requests[1].at - r.requests[0].at).toBeGreaterThanOrEqual(900);
  });

  it('does not use up an attempt on 429 (or 503 with Retry-After); a receiver that always throttles still ends', async () => {
    const r = await receiver();
    r.respond({ status: 429 });
    r.respond({ status: 503, headers: { 'retry-after': '0' } });
    r.always({ status: 500 });
    const hook = await integrate(r.url, ['cart.deleted']);
    await publish('cart.deleted', { type: 'cart', id: randomUUID() });
    await drain();
    // 2 throttled tries, then the 4 scheduled attempts; `attempt` counts every try.
    expect(r.requests.map((q) => q.body.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(new Set(r.requests.map((q) => q.headers['webhook-id'])).size).toBe(1);
    expect((await logsOf(hook.id)).map((l) => l.errorClass)).toEqual(['rate_limited', 'rate_limited', 'non_2xx', 'non_2xx', 'non_2xx', 'non_2xx']);
    expect(await jobOf(hook.id)).toMatchObject({ status: 'failed', attempts: 6 });

    // At most as many throttled tries as the schedule has attempts are forgiven; 503 without Retry-After is a plain failure.
    const always = await receiver();
    always.always({ status: 429 });
    const throttled = await integrate(always.url, ['cart.deleted']);
    const plain = await receiver();
    plain.always({ status: 503 });
    const unavailable = await integrate(plain.url, ['cart.deleted']);
    await publish('cart.deleted', { type: 'cart', id: randomUUID() });
    await drain();
    expect(always.requests).toHaveLength(8);
    expect(await jobOf(throttled.id)).toMatchObject({ status: 'failed', attempts: 8 });
    expect(plain.requests).toHaveLength(4);
    expect((await logsOf(unavailable.id)).every((l) => l.errorClass === 'non_2xx')).toBe(true);
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

describe('webhook queue statements (JobsRepository)', () => {
  let t: TestApp;
  let jobs: JobsRepository;
  const noLanes = { free: 8, full: [], ids: [], frees: [], busy: [] };
  const LEASE_MS = 60_000;
  const integrate = async (observes: string[], enabled = true) => {
    const res = await t.http
      .post('/v2/integrations')
      .set(t.admin)
      .send({ data: { type: 'integration', name: 'q', description: 'queue', enabled, observes, configuration: { url: 'http://127.0.0.1:9/q', secret_key: 'sk' } } });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const publish = (name: EventName, payload: any = { data: { type: 'order', id: randomUUID() } }) => t.app.get(EventsPublisher).publish(t.prisma, name, payload);
  /** Claims every due job (nothing else runs: workers are off). */
  const claimAll = () => jobs.claimJobs(50, LEASE_MS, noLanes);
  const countOf = (claimed: { integration_id: string }[], id: string) => claimed.filter((j) => j.integration_id === id).length;
  /** Two integrations observing order.paid, the first with `limit`, and their jobs for `events` new events. */
  const limitedAndNot = async (limit: { maxConcurrency?: number; rateLimitPerSecond?: number }, events: number) => {
    const [a, b] = [await integrate(['order.paid']), await integrate(['order.paid'])];
    await t.prisma.integration.update({ where: { id: a }, data: limit });
    for (let i = 0; i < events; i++) await publish('order.paid');
    await jobs.fanOut(100, 0);
    return [a, b];
  };
  const expireLeases = () => t.prisma.$executeRaw`UPDATE integration_jobs SET locked_until = now() - interval '1 second' WHERE status = 'in_flight'`;
  const record = (job: { id: string; integration_id: string; attempts: number }, over: Partial<AttemptRecord> = {}): AttemptRecord => ({
    jobId: job.id,
    integrationId: job.integration_id,
    attempt: job.attempts,
    succeeded: true,
    statusCode: 200,
    body: 'ok',
    errorDetail: '',
    errorClass: null,
    processingTime: 0.012,
    status: 'succeeded',
    ...over,
  });
  const logsOf = (jobId: string) => t.prisma.integrationLog.findMany({ where: { jobId }, orderBy: { attempt: 'asc' } });
  /** PostgreSQL: until a statement of ours (its text LIKE `pattern`) waits for a row lock. */
  const waitForLockWait = async (pattern: string) => {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const [{ n }] = await t.prisma.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE ${pattern}`;
      if (n > 0) return;
      if (Date.now() > deadline) throw new Error(`no statement like ${pattern} waited for a lock`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ env: WEBHOOK_ENV });
    jobs = t.app.get(JobsRepository);
  });
  beforeEach(async () => {
    await t.prisma.integration.deleteMany();
    await t.prisma.outboxEvent.deleteMany();
  });
  afterAll(async () => {
    await t.close();
  });

  it('fans out in one statement: a job per enabled observer, the events dispatched, nothing twice', async () => {
    const a = await integrate(['order.paid', 'order.created']);
    const b = await integrate(['order.paid']);
    await integrate(['order.paid'], false);
    await integrate(['order.created']);
    await t.prisma.outboxEvent.deleteMany(); // the integration.created events
    await publish('order.paid');
    await publish('order.paid');
    await publish('order.updated'); // nobody observes it
    expect(await jobs.fanOut(100, 0)).toEqual({ events: 3, jobs: 4 });
    expect(await t.prisma.outboxEvent.count({ where: { dispatchedAt: null } })).toBe(0);
    const created = await t.prisma.integrationJob.findMany();
    expect(created.map((j) => j.integrationId).sort()).toEqual([a, a, b, b].sort());
    expect(created.every((j) => j.status === 'pending' && j.attempts === 0 && j.nextAttemptAt.getTime() <= Date.now() + 1000)).toBe(true);
    // Nothing left: one cheap statement, no change.
    expect(await jobs.fanOut(100, 0)).toEqual({ events: 0, jobs: 0 });
    // A re-run over already-dispatched events (e.g. a crash between insert and mark) adds no duplicate.
    await t.prisma.outboxEvent.updateMany({ data: { dispatchedAt: null } });
    expect(await jobs.fanOut(100, 0)).toEqual({ events: 3, jobs: 0 });
    expect(await t.prisma.integrationJob.count()).toBe(4);
    // The first delay of the schedule is applied in database time; `limit` bounds the batch.
    await publish('order.created');
    await publish('order.created');
    expect(await jobs.fanOut(1, 60_000)).toEqual({ events: 1, jobs: 2 });
    const later = await t.prisma.integrationJob.findMany({ where: { event: { name: 'order.created' } } });
    expect(later.every((j) => j.nextAttemptAt.getTime() > Date.now() + 30_000)).toBe(true);
  });

  (testDbKind() === 'postgres' ? it : it.skip)('fans out past an integration being deleted at the same time: skipped, not a foreign key error', async () => {
    const gone = await integrate(['order.paid']);
    const kept = await integrate(['order.paid']);
    await publish('order.paid');
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let deleted!: () => void;
    const hasDeleted = new Promise<void>((r) => (deleted = r));
    const deletion = t.prisma.$transaction(
      async (tx) => {
        await tx.integration.delete({ where: { id: gone } });
        deleted();
        await released;
      },
      { timeout: 20_000 },
    );
    await hasDeleted;
    const fanning = jobs.fanOut(100, 0); // sees the integration (not deleted yet for it), waits for its lock
    await waitForLockWait('%WITH ev AS%');
    release();
    await deletion;
    expect(await fanning).toMatchObject({ jobs: 1 });
    expect((await t.prisma.integrationJob.findMany()).map((j) => j.integrationId)).toEqual([kept]);
  });

  it('claims due jobs and returns what the send needs (event and integration) in the same statement', async () => {
    const id = await integrate(['order.paid']);
    const payload = { data: { type: 'order', id: randomUUID(), nested: { list: [1, 'two', null] } } };
    await publish('order.paid', payload);
    await jobs.fanOut(100, 0);
    const [job, ...rest] = await claimAll();
    expect(rest).toEqual([]);
    const event = await t.prisma.outboxEvent.findFirstOrThrow({ where: { name: 'order.paid' } });
    const integration = await t.prisma.integration.findUniqueOrThrow({ where: { id } });
    expect(job).toEqual({
      id: expect.any(String),
      event_id: event.id,
      integration_id: id,
      attempts: 1,
      previous_status: 'pending',
      throttled: 0,
      event_name: 'order.paid',
      payload,
      enabled: true,
      url: 'http://127.0.0.1:9/q',
      name: 'q',
      description: 'queue',
      integration_type: 'webhook',
      secret_key: 'sk',
      signing_secret: integration.signingSecret,
      previous_signing_secret: null,
      max_concurrency: null,
      rate_limit_per_second: null,
      event_age_ms: expect.any(Number),
    });
    expect(job.event_age_ms).toBeGreaterThanOrEqual(0);
    expect(await t.prisma.integrationJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: 'in_flight', attempts: 1 });
    expect(await claimAll()).toEqual([]); // leased
  });

  it('claims the oldest due jobs across statuses (pending, retrying, expired lease), within each integration\'s free lanes', async () => {
    const [a, b, c] = [await integrate(['order.paid']), await integrate(['order.paid']), await integrate(['order.paid'])];
    for (let i = 0; i < 4; i++) await publish('order.paid');
    await jobs.fanOut(100, 0);
    // Job k of integration x (a, b, c = 0, 1, 2) is due 40 - 10k - x minutes ago; a1 is retrying, a2 in_flight
    // with an expired lease, a3 not due yet.
    const all = await t.prisma.integrationJob.findMany({ orderBy: { createdAt: 'asc' } });
    const ids = [a, b, c];
    const byIntegration = (id: string) => all.filter((j) => j.integrationId === id);
    for (const [x, id] of ids.entries()) {
      for (const [k, job] of byIntegration(id).entries()) {
        await t.prisma.integrationJob.update({ where: { id: job.id }, data: { nextAttemptAt: new Date(Date.now() - (40 - 10 * k - x) * 60_000) } });
      }
    }
    const [a0, a1, a2, a3] = byIntegration(a);
    await t.prisma.integrationJob.update({ where: { id: a1.id }, data: { status: 'retrying', attempts: 1 } });
    await t.prisma.integrationJob.update({ where: { id: a2.id }, data: { status: 'in_flight', attempts: 1, lockedUntil: new Date(Date.now() - 1000) } });
    await t.prisma.integrationJob.update({ where: { id: a3.id }, data: { nextAttemptAt: new Date(Date.now() + 3600_000) } });
    const [b0, b1] = byIntegration(b);

    // a: 2 lanes free, b: 1, c: none (full); others (none here) the default 8
    const claimed = await jobs.claimJobs(50, LEASE_MS, { free: 8, full: [c], ids: [a, b], frees: [2, 1], busy: [0, 1] });
    expect(claimed.map((j) => j.id)).toEqual([a0.id, b0.id, a1.id]);
    expect(claimed.map((j) => j.previous_status)).toEqual(['pending', 'pending', 'retrying']);
    // Then one lane each (b's snapshot says 1 free again), `limit` 2: the oldest of c0, b1, a2.
    const [c0, c1, c2, c3] = byIntegration(c);
    const [, , b2, b3] = byIntegration(b);
    expect((await jobs.claimJobs(2, LEASE_MS, { free: 1, full: [], ids: [], frees: [], busy: [] })).map((j) => j.id)).toEqual([c0.id, b1.id]);
    // The rest, oldest first: the expired lease among them; a3 is not due.
    const rest = await jobs.claimJobs(50, LEASE_MS, noLanes);
    expect(rest.map((j) => j.id)).toEqual([c1.id, a2.id, b2.id, c2.id, b3.id, c3.id]);
    expect(rest[1]).toMatchObject({ previous_status: 'in_flight', attempts: 2 });
  });

  it('claims no more of an integration\'s jobs than its max_concurrency less what the worker has in flight for it', async () => {
    const [a, b] = await limitedAndNot({ maxConcurrency: 2 }, 4);
    // a has one in flight here (busy 1, free lanes 7 of 8): one more at most; b its default lanes.
    const first = await jobs.claimJobs(50, LEASE_MS, { free: 8, full: [], ids: [a], frees: [7], busy: [1] });
    expect([countOf(first, a), countOf(first, b)]).toEqual([1, 4]);
    expect(first.find((j) => j.integration_id === a)).toMatchObject({ max_concurrency: 2 });
    // Nothing in flight: two.
    expect(countOf(await jobs.claimJobs(50, LEASE_MS, noLanes), a)).toBe(2);
  });

  it('claims no more of a rate-limited integration\'s jobs than the whole tokens in its bucket, and spends them', async () => {
    const [a, b] = await limitedAndNot({ rateLimitPerSecond: 2 }, 5);
    // A full bucket holds max(1, rate) = 2 tokens; the other integration is not limited.
    const first = await claimAll();
    expect([countOf(first, a), countOf(first, b)]).toEqual([2, 5]);
    expect(first.find((j) => j.integration_id === a)).toMatchObject({ rate_limit_per_second: 2 });
    expect(first.find((j) => j.integration_id === b)).toMatchObject({ rate_limit_per_second: null });
    // Spent: less than one token until half a second has passed.
    expect(countOf(await claimAll(), a)).toBe(0);
    const spent = await t.prisma.integration.findUniqueOrThrow({ where: { id: a } });
    expect(spent.rateTokens).toBeLessThan(1);
    expect(spent.rateRefilledAt).not.toBeNull();
    await t.prisma.$executeRaw`UPDATE integrations SET rate_refilled_at = rate_refilled_at - interval '550 milliseconds' WHERE id = ${a}::uuid`;
    expect(countOf(await claimAll(), a)).toBe(1);
    expect(countOf(await claimAll(), a)).toBe(0);
  });

  (testDbKind() === 'postgres' ? it : it.skip)('skips a rate-limited integration whose bucket another claim holds (locked), rather than waiting or overspending', async () => {
    const a = await integrate(['order.paid']);
    await t.prisma.integration.update({ where: { id: a }, data: { rateLimitPerSecond: 3 } });
    for (let i = 0; i < 3; i++) await publish('order.paid');
    await jobs.fanOut(100, 0);
    await t.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM integrations WHERE id = ${a}::uuid FOR NO KEY UPDATE`;
      expect(await claimAll()).toHaveLength(0);
    });
    expect(await claimAll()).toHaveLength(3);
  });

  it('records an attempt in one statement, fenced: a stale attempt logs but does not overwrite the reclaimed job', async () => {
    await integrate(['order.paid']);
    await publish('order.paid');
    await jobs.fanOut(100, 0);
    const [first] = await claimAll();
    await expireLeases(); // the first worker is presumed dead…
    const [second] = await claimAll(); // …and another takes the job over
    expect(second).toMatchObject({ id: first.id, attempts: 2 });

    // The first worker's late result: its log is kept (the attempt happened), the job is not touched.
    expect(await jobs.recordAttempts([record(first, { succeeded: false, statusCode: 500, body: 'late', errorDetail: 'boom', errorClass: 'non_2xx', status: 'failed' })])).toEqual([
      { logged: true, applied: false },
    ]);
    expect(await t.prisma.integrationJob.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ status: 'in_flight', attempts: 2, lastStatusCode: null });

    // The current holder's result applies.
    expect(await jobs.recordAttempts([record(second)])).toEqual([{ logged: true, applied: true }]);
    const done = await t.prisma.integrationJob.findUniqueOrThrow({ where: { id: first.id } });
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, lastStatusCode: 200, lastError: null, lockedUntil: null });
    expect(done.succeededAt).toBeInstanceOf(Date);
    expect((await logsOf(first.id)).map((l) => [l.attempt, l.succeeded, l.statusCode, l.body, l.errorClass])).toEqual([
      [1, false, 500, 'late', 'non_2xx'],
      [2, true, 200, 'ok', null],
    ]);

    // Recording the same attempt again (say, after a lost connection) writes no second log and changes nothing.
    expect(await jobs.recordAttempts([record(second, { statusCode: 299 })])).toEqual([{ logged: true, applied: false }]);
    expect(await logsOf(first.id)).toHaveLength(2);
    expect(await t.prisma.integrationJob.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ lastStatusCode: 200 });
  });

  it('records nothing for a job deleted (with its integration) while it was being sent', async () => {
    const id = await integrate(['order.paid']);
    await publish('order.paid');
    await jobs.fanOut(100, 0);
    const [job] = await claimAll();
    expect((await t.http.delete(`/v2/integrations/${id}`).set(t.admin)).status).toBe(200);
    expect(await jobs.recordAttempts([record(job)])).toEqual([{ logged: false, applied: false }]);
    expect(await t.prisma.integrationLog.count()).toBe(0);
  });

  it('gives claimed jobs back unsent: attempt and status restored, lease dropped; only while the claim holds', async () => {
    await integrate(['order.paid']);
    for (let i = 0; i < 3; i++) await publish('order.paid');
    await jobs.fanOut(100, 0);
    const [a, b, c] = await claimAll();
    // b was tried once and waits for its retry; a's and c's worker died (their leases expired)
    await t.prisma.integrationJob.update({ where: { id: b.id }, data: { status: 'retrying', attempts: 1, lockedUntil: null } });
    await expireLeases();
    const reclaimed = await claimAll();
    const byId = new Map(reclaimed.map((j) => [j.id, j]));
    expect(byId.get(a.id)).toMatchObject({ attempts: 2, previous_status: 'in_flight' });
    expect(byId.get(b.id)).toMatchObject({ attempts: 2, previous_status: 'retrying' });
    expect(byId.get(c.id)).toMatchObject({ attempts: 2, previous_status: 'in_flight' });

    expect(await jobs.unclaim([a])).toBe(0); // the first claim of a is stale: not ours any more
    expect(await t.prisma.integrationJob.findUniqueOrThrow({ where: { id: a.id } })).toMatchObject({ status: 'in_flight', attempts: 2 });
    expect(await jobs.unclaim(reclaimed)).toBe(3);
    for (const id of [a.id, b.id, c.id]) {
      expect(await t.prisma.integrationJob.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'retrying', attempts: 1, lockedUntil: null });
    }
    // due as before: claimable at once, counting the same attempt again
    expect((await claimAll()).map((j) => `${j.id}/${j.attempts}`).sort()).toEqual(reclaimed.map((j) => `${j.id}/${j.attempts}`).sort());
    expect(await t.prisma.integrationLog.count()).toBe(0);
  });

  it('gives a never-tried job back as pending', async () => {
    await integrate(['order.paid']);
    await publish('order.paid');
    await jobs.fanOut(100, 0);
    const [job] = await claimAll();
    expect(await jobs.unclaim([job])).toBe(1);
    expect(await t.prisma.integrationJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
  });

  // Needs two connections holding locks at once: PostgreSQL only (PGlite runs one statement at a time).
  (testDbKind() === 'postgres' ? it : it.skip)('records against a concurrent deletion of the integration without a deadlock: integration locked before its jobs', async () => {
    const id = await integrate(['order.paid']);
    await publish('order.paid');
    await jobs.fanOut(100, 0);
    const [job] = await claimAll();
    // A deletion of the integration that has locked the integration row and not yet its jobs (the cascade
    // comes next): the record must wait for the integration without holding the job.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const hasLock = new Promise<void>((r) => (locked = r));
    const deletion = t.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM integrations WHERE id = ${id}::uuid FOR UPDATE`;
        locked();
        await released;
        await tx.integration.delete({ where: { id } });
      },
      { timeout: 20_000 },
    );
    await hasLock;
    const recording = jobs.recordAttempts([record(job)]);
    await waitForLockWait('%WITH r AS%');
    // The record waits without a lock on the job: the deletion's cascade can take it.
    await t.prisma.$transaction(async (tx) => {
      const rows = await tx.$queryRaw<unknown[]>`SELECT id FROM integration_jobs WHERE id = ${job.id}::uuid FOR UPDATE NOWAIT`;
      expect(rows).toHaveLength(1);
    });
    release();
    await deletion; // no deadlock: the deletion completes…
    expect(await recording).toEqual([{ logged: false, applied: false }]); // …and the record finds nothing left
    expect(await t.prisma.integrationLog.count()).toBe(0);
  });

  it('records a batch of mixed outcomes in one statement, each fenced on its own', async () => {
    const a = await integrate(['order.paid']);
    const b = await integrate(['order.paid']);
    const gone = await integrate(['order.paid']);
    for (let i = 0; i < 2; i++) await publish('order.paid');
    await jobs.fanOut(100, 0);
    const claimed = await claimAll();
    expect(claimed).toHaveLength(6);
    const [ok, retry] = claimed.filter((j) => j.integration_id === a);
    const [failed, stale] = claimed.filter((j) => j.integration_id === b);
    const deleted = claimed.filter((j) => j.integration_id === gone);
    await t.prisma.integration.delete({ where: { id: gone } });
    await t.prisma.$executeRaw`UPDATE integration_jobs SET attempts = attempts + 1 WHERE id = ${stale.id}::uuid`; // reclaimed meanwhile

    const outcomes = await jobs.recordAttempts([
      record(ok),
      record(retry, { succeeded: false, statusCode: 503, body: 'busy\u0000!', errorDetail: 'later', errorClass: 'rate_limited', status: 'retrying', retryInMs: 120_000 }),
      record(failed, { succeeded: false, statusCode: null, body: '', errorDetail: 'timed out', errorClass: 'timeout_total', processingTime: 0.3, status: 'failed' }),
      record(stale),
      ...deleted.map((j) => record(j)),
    ]);
    expect(outcomes).toEqual([
      { logged: true, applied: true },
      { logged: true, applied: true },
      { logged: true, applied: true },
      { logged: true, applied: false },
      { logged: false, applied: false },
      { logged: false, applied: false },
    ]);
    const job = (jobId: string) => t.prisma.integrationJob.findUniqueOrThrow({ where: { id: jobId } });
    expect(await job(ok.id)).toMatchObject({ status: 'succeeded', lastStatusCode: 200 });
    const retrying = await job(retry.id);
    expect(retrying).toMatchObject({ status: 'retrying', attempts: 1, lastStatusCode: 503, lastError: 'later', lockedUntil: null, succeededAt: null });
    expect(retrying.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(100_000);
    expect(retrying.nextAttemptAt.getTime() - Date.now()).toBeLessThan(130_000);
    expect(await job(failed.id)).toMatchObject({ status: 'failed', lastStatusCode: null, lastError: 'timed out' });
    expect(await job(stale.id)).toMatchObject({ status: 'in_flight', attempts: 2 });
    // PostgreSQL text cannot hold NUL: it is dropped from the logged body rather than failing the record.
    expect((await logsOf(retry.id)).map((l) => [l.body, l.errorClass])).toEqual([['busy!', 'rate_limited']]);
    expect((await logsOf(failed.id))[0]).toMatchObject({ statusCode: null, processingTime: 0.3, errorDetail: 'timed out' });
    expect(await t.prisma.integrationLog.count()).toBe(4);
  });
});

describe('webhook SSRF protection without the test allowlist', () => {
  let t: TestApp;
  let r: WebhookReceiver;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_RETRY_SCHEDULE: '0', WEBHOOK_TIMEOUT_MS: '300' } });
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
    await t.app.get(EventsPublisher).publish(t.prisma, 'order.paid', { data: { type: 'order', id: randomUUID() } });
    await drainWebhooks({ relay: t.app.get(Relay), delivery: t.app.get(DeliveryWorker), prisma: t.prisma });
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

/** An enabled webhook integration of `t` on `url` observing `observes`; returns its id. */
const integrateOn = async (t: TestApp, url: string, observes: EventName[]) => {
  const res = await t.http.post('/v2/integrations').set(t.admin).send({ data: { type: 'integration', name: 'bg', enabled: true, observes, configuration: { url } } });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
};

describe('webhook workers in the background', () => {
  const integrate = integrateOn;

  it('sends claimed jobs as slots free up; gives back those that wait too long for one, and all unsent ones at shutdown', async () => {
    // 2 slots, one lane each: two hanging receivers hold both slots; the third integration's job is claimed
    // ahead and must wait for a slot.
    const HANG_MS = 1_500;
    const a = await MisbehavingReceiver.start('hang');
    const b = await MisbehavingReceiver.start('hang');
    const c = await WebhookReceiver.start();
    const env = { ...WEBHOOK_ENV, WORKERS_ENABLED: 'true', WEBHOOK_POLL_INTERVAL_MS: '60000', WEBHOOK_CONCURRENCY: '2', WEBHOOK_RETRY_SCHEDULE: '0,60', WEBHOOK_TIMEOUT_MS: String(HANG_MS), WEBHOOK_CONNECT_TIMEOUT_MS: '300' };
    const t = await createTestApp({ env });
    let closing: Promise<void> | undefined;
    try {
      await integrate(t, a.url, ['order.paid']);
      await integrate(t, b.url, ['order.paid']);
      const C = await integrate(t, c.url, ['order.created']);
      const publisher = t.app.get(EventsPublisher);
      await publisher.publish(t.prisma, 'order.paid', { data: { type: 'order', id: randomUUID() } });
      await a.waitFor(1, 5_000);
      await b.waitFor(1, 5_000);
      const started = Date.now();
      await publisher.publish(t.prisma, 'order.created', { data: { type: 'order', id: randomUUID() } });
      const cJob = () => t.prisma.integrationJob.findFirst({ where: { integrationId: C } });
      // Claimed while both slots hang…
      for (let j = await cJob(); j?.status !== 'in_flight'; j = await cJob()) await new Promise((r) => setTimeout(r, 10));
      // …and given back (attempt and lease undone) once it has waited WEBHOOK_CONNECT_TIMEOUT_MS.
      let back = await cJob();
      while (back?.status !== 'pending' && Date.now() - started < HANG_MS) back = (await new Promise((r) => setTimeout(r, 10)), await cJob());
      expect(back).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
      expect(c.requests).toHaveLength(0);
      // Sent as soon as a slot frees up (the hanging sends time out), as attempt 1.
      await c.waitFor(1, 5 * HANG_MS);
      expect(Date.now() - started).toBeGreaterThanOrEqual(HANG_MS - 200);
      expect(c.requests.map((q) => q.body.attempt)).toEqual([1]);

      // Shutdown: both slots hang again (the retries are a minute away, so: new events); a job claimed
      // ahead of them is given back unsent rather than left to its lease.
      await publisher.publish(t.prisma, 'order.paid', { data: { type: 'order', id: randomUUID() } });
      await a.waitFor(2, 5_000);
      await b.waitFor(2, 5_000);
      await publisher.publish(t.prisma, 'order.created', { data: { type: 'order', id: randomUUID() } });
      const second = async () => (await t.prisma.integrationJob.findMany({ where: { integrationId: C }, orderBy: { createdAt: 'asc' } }))[1];
      for (let j = await second(); j?.status !== 'in_flight'; j = await second()) await new Promise((r) => setTimeout(r, 10));
      closing = t.close(); // waits out the two hanging sends, with the database still open
      let j = await second();
      const deadline = Date.now() + HANG_MS;
      while (j?.status !== 'pending' && Date.now() < deadline) j = (await new Promise((r) => setTimeout(r, 10)), await second());
      expect(j).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
      expect(c.requests).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await (closing ?? t.close());
      await c.close();
    }
  });

  it('sends a backlog held back by slots and lanes as sends end, without waiting for the poll', async () => {
    // 2 slots, one lane per integration: each claim can take one job of this integration, so the next must
    // be claimed when a send ends (a finished send claims again only when the last claim may have left some).
    const r = await WebhookReceiver.start();
    r.always({ status: 200, delay: 50 });
    const env = { ...WEBHOOK_ENV, WORKERS_ENABLED: 'true', WEBHOOK_POLL_INTERVAL_MS: '60000', WEBHOOK_CONCURRENCY: '2' };
    const t = await createTestApp({ env });
    try {
      await integrate(t, r.url, ['order.paid']);
      await t.prisma.$transaction(async (tx) => {
        for (let i = 0; i < 6; i++) await t.app.get(EventsPublisher).publish(tx, 'order.paid', { data: { type: 'order', id: randomUUID() } });
      });
      // Well before the next poll, a minute after the start.
      await r.waitFor(6, 30_000);
      expect(new Set(r.requests.map((q) => q.body.id)).size).toBe(6);
    } finally {
      await t.close();
      await r.close();
    }
  });

  it('wake at once on publish (no waiting for the poll) and stop cleanly on shutdown', async () => {
    const r = await WebhookReceiver.start();
    const t = await createTestApp({ env: { ...WEBHOOK_ENV, WORKERS_ENABLED: 'true', WEBHOOK_POLL_INTERVAL_MS: '60000' } });
    try {
      await integrate(t, r.url, ['order.paid']);
      await t.app.get(EventsPublisher).publish(t.prisma, 'order.paid', { data: { type: 'order', id: randomUUID() } });
      await r.waitFor(1, 30_000); // well before the next poll, a minute after the start
      r.respond({ status: 200, delay: 200 });
      await t.app.get(EventsPublisher).publish(t.prisma, 'order.paid', { data: { type: 'order', id: randomUUID() } });
      await r.waitFor(2, 5_000);
    } finally {
      await t.close(); // awaits the in-flight (delayed) send
      await r.close();
    }
  });
});

describe('webhook circuit breaker', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const BREAKER_ENV = { ...WEBHOOK_ENV, WEBHOOK_BREAKER_FAILURES: '3', WEBHOOK_RETRY_SCHEDULE: '0,0.02,0.02,0.02,0.02,0.02,0.02,0.02' };
  const integrate = (t: TestApp, url: string) => integrateOn(t, url, ['account.deleted']);

  /**
   * The delivery worker's circuit breakers read a clock the test moves: a cool-down ends when the test says
   * so, whatever the load on the machine (retries still come due on the real clock, 20 ms apart).
   */
  const breakerClock = (t: TestApp) => {
    const clock = { now: Date.now() };
    const worker = t.app.get(DeliveryWorker) as unknown as { lanes: { breakers: { now: () => number } } };
    worker.lanes.breakers.now = () => clock.now;
    return clock;
  };

  it('holds a failing integration\'s jobs, attempts unspent, for the cool-down; then probes one at a time, opens again on a failed probe, closes after 5 successes', async () => {
    const COOLDOWN_MS = 60_000;
    const t = await createTestApp({ env: { ...BREAKER_ENV, WEBHOOK_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS) } });
    const clock = breakerClock(t);
    const failing = await WebhookReceiver.start();
    const healthy = await WebhookReceiver.start();
    try {
      failing.always({ status: 500 });
      const A = await integrate(t, failing.url);
      await integrate(t, healthy.url);
      const relay = t.app.get(Relay);
      const delivery = t.app.get(DeliveryWorker);
      const pump = async () => (await relay.tick()) + (await delivery.tick());
      /** Pumps a while, with the failed jobs' retries (due 20 ms later) coming due in between. */
      const pumpAWhile = async () => {
        for (let i = 0; i < 15; i++) {
          await pump();
          await sleep(20);
        }
      };
      for (let i = 0; i < 6; i++) await t.app.get(EventsPublisher).publish(t.prisma, 'account.deleted', { type: 'account', id: randomUUID() });
      const attemptsOfA = async () => (await t.prisma.integrationJob.aggregate({ where: { integrationId: A }, _sum: { attempts: true } }))._sum.attempts;

      // Three failures in a row open the circuit (the first claim sends all six at once, so it may see more):
      // nothing more is sent to A while it is open, though its jobs are due; the other integration gets all six.
      while (failing.requests.length < 3) await pump();
      const failed = failing.requests.length;
      expect(failed).toBeGreaterThanOrEqual(3);
      await pumpAWhile(); // the breakers' clock stands still: still within the cool-down
      expect(failing.requests).toHaveLength(failed);
      expect(healthy.requests).toHaveLength(6);
      expect(await attemptsOfA()).toBe(failed);
      const due = await t.prisma.integrationJob.count({ where: { integrationId: A, status: { in: ['pending', 'retrying'] }, nextAttemptAt: { lte: new Date() } } });
      expect(due).toBeGreaterThan(0);

      // Half-open after the cool-down: one probe; it fails, so the circuit opens again.
      clock.now += COOLDOWN_MS - 1;
      await pumpAWhile();
      expect(failing.requests).toHaveLength(failed); // not a millisecond early
      clock.now += 1;
      await pump();
      expect(failing.requests).toHaveLength(failed + 1);
      await pumpAWhile();
      expect(failing.requests).toHaveLength(failed + 1);

      // The receiver recovers: probes one at a time until five succeeded, then the share again.
      failing.reset().always({ status: 204, delay: 30 });
      clock.now += COOLDOWN_MS;
      await drainWebhooks({ relay, delivery, prisma: t.prisma });
      expect(failing.requests).toHaveLength(6);
      expect(failing.maxInFlight).toBe(1);
      expect(await attemptsOfA()).toBe(failed + 1 + 6);
      failing.reset().always({ status: 204, delay: 30 });
      for (let i = 0; i < 6; i++) await t.app.get(EventsPublisher).publish(t.prisma, 'account.deleted', { type: 'account', id: randomUUID() });
      await drainWebhooks({ relay, delivery, prisma: t.prisma });
      expect(failing.requests).toHaveLength(6);
      expect(failing.maxInFlight).toBeGreaterThan(1); // the circuit closed after the fifth successful probe
    } finally {
      await t.close();
      await Promise.all([failing.close(), healthy.close()]);
    }
  });

  it('in the background: the worker sends again when the cool-down ends, without waiting for the poll', async () => {
    const COOLDOWN_MS = 600;
    const r = await WebhookReceiver.start();
    r.respond({ status: 500 }, { status: 500 }, { status: 500 }).always({ status: 204 });
    const env = { ...BREAKER_ENV, WORKERS_ENABLED: 'true', WEBHOOK_POLL_INTERVAL_MS: '60000', WEBHOOK_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS) };
    const t = await createTestApp({ env });
    try {
      await integrate(t, r.url);
      await t.app.get(EventsPublisher).publish(t.prisma, 'account.deleted', { type: 'account', id: randomUUID() });
      await r.waitFor(4, 10_000);
      expect(r.requests.map((q) => q.body.attempt)).toEqual([1, 2, 3, 4]);
      const held = r.requests[3].at - r.requests[2].at;
      expect(held).toBeGreaterThanOrEqual(COOLDOWN_MS - 50); // the retry was due after 20 ms
      expect(held).toBeLessThan(10_000);
    } finally {
      await t.close();
      await r.close();
    }
  });
});
