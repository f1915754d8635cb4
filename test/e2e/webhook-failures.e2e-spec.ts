import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { DeliveryWorker } from '../../src/integrations/delivery/delivery.worker';
import { Relay } from '../../src/integrations/delivery/relay.worker';
import { AutoDisableService } from '../../src/integrations/delivery/auto-disable.service';
import { expectErrorDocument } from '../support/documents';
import { TestApp } from '../support/test-app';
import { NON_2XX, useWebhookApp, WEBHOOK_TEST_ENV } from '../support/webhooks';

/** A receiver that fails: retries on the schedule, redelivery and recovery, exhaustion, 410, redirects, throttling (429/503), auto-disable, timeouts. */
describe('webhook delivery failures and retries', () => {
  const suite = useWebhookApp();
  const { receiver, integrate, publish, drain, jobOf, logsOf } = suite;
  let t: TestApp;
  beforeAll(() => {
    t = suite.t;
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
    // Due a second after the throttled request at the earliest (the retry schedule says 50 ms).
    expect(job.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(r.requests[0].at + 1000);
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


  it('disables an integration whose every attempt failed for the period, with its event; not one that succeeded, recovered, failed only at the start, or was edited meanwhile', async () => {
    // WEBHOOK_AUTO_DISABLE_DAYS in production. Rather than wait for a period to pass, the first event's
    // attempts and the registrations are moved more than a period into the past; the second event's attempts
    // are recent, so the failures span the whole period.
    const period = 24 * 3600_000;
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
    const past = new Date(Date.now() - period - 3600_000);
    for (const { id } of Object.values(hooks)) {
      await t.prisma.$executeRaw`UPDATE integration_logs SET created_at = ${past} WHERE integration_id = ${id}::uuid`;
      await t.prisma.$executeRaw`UPDATE integrations SET updated_at = ${past} WHERE id = ${id}::uuid`;
    }
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
});

describe('webhook send timeout', () => {
  const TIMEOUT_MS = 2_000;
  const suite = useWebhookApp({ ...WEBHOOK_TEST_ENV, WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) });
  const { receiver, integrate, publish, drain, logsOf } = suite;

  it('times out a slow receiver and logs it', async () => {
    const r = await receiver();
    // An answer only after two minutes: the drain (which gives up after one) ends only if the send is cut off.
    r.respond({ status: 200, delay: 120_000 });
    const hook = await integrate(r.url, ['order.authorized']);
    await publish('order.authorized', { data: { type: 'order', id: randomUUID() } });
    await drain();
    const logs = await logsOf(hook.id);
    expect(logs[0]).toMatchObject({ attempt: 1, succeeded: false, statusCode: null, errorClass: 'timeout_total' });
    expect(logs[0].errorDetail).toMatch(`${TIMEOUT_MS} ms`);
    expect(logs[0].processingTime).toBeGreaterThanOrEqual(TIMEOUT_MS / 1000 - 0.05);
    // The sender closed the connection of the unanswered request (else it stays open for two minutes).
    while (r.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(logs[1]).toMatchObject({ attempt: 2, succeeded: true });
    expect(logs).toHaveLength(2);
  });
});
