import { randomUUID } from 'node:crypto';
import { EventsPublisher } from '../../src/events/events.publisher';
import { eventually } from '../support/eventually';
import { createTestApp, TestApp } from '../support/test-app';
import { MisbehavingReceiver, WebhookReceiver } from '../support/webhook-receiver';

/**
 * "A receiver that hangs or returns garbage never blocks other deliveries". The background
 * workers run (as in production) with few delivery slots and a long timeout: a receiver that never answers
 * holds a slot for the whole timeout, one that answers with bytes that are not HTTP fails at once. A
 * healthy receiver observing the same events must still get every one of them promptly, and the broken
 * ones' attempts must be logged as failures while the worker keeps going.
 */
const CONCURRENCY = 2;
/**
 * Long enough that the healthy receiver's deliveries end before the first hanging send could, even on a
 * loaded machine: "at once" is shown by that order of events.
 */
const TIMEOUT_MS = 10_000;
const ENV = {
  WORKERS_ENABLED: 'true',
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_CONCURRENCY: String(CONCURRENCY),
  WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS),
  WEBHOOK_CONNECT_TIMEOUT_MS: '1000',
  // Wake-ups alone must drive delivery: a slot freed, jobs queued or a retry due is acted on at once,
  // never left for the poll to find.
  WEBHOOK_POLL_INTERVAL_MS: '60000',
  // A failed attempt is retried only after a minute: within a test each job is attempted once.
  WEBHOOK_RETRY_SCHEDULE: '0,60',
};

describe('misbehaving webhook receivers', () => {
  let t: TestApp | undefined;
  let closers: (() => Promise<void>)[] = [];
  const app = async (over: Record<string, string> = {}) => {
    t = await createTestApp({ env: { ...ENV, ...over } });
    return t;
  };

  const integrate = async (name: string, url: string) => {
    const res = await t!.http
      .post('/v2/integrations')
      .set(t!.admin)
      .send({ data: { type: 'integration', name, enabled: true, observes: ['order.paid'], configuration: { url } } });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const publish = async () => {
    const id = randomUUID();
    await t!.app.get(EventsPublisher).publish(t!.prisma, 'order.paid', { data: { type: 'order', id } });
    return id;
  };
  const logsOf = (integrationId: string) => t!.prisma.integrationLog.findMany({ where: { integrationId }, orderBy: { createdAt: 'asc' } });

  const lastArrival = (r: WebhookReceiver) => Math.max(...r.requests.map((q) => q.at));
  /** A misbehaving receiver and a healthy one, each behind an integration; both closed after the test. */
  const besideHealthy = async (kind: Parameters<typeof MisbehavingReceiver.start>[0], name: string) => {
    const bad = await MisbehavingReceiver.start(kind);
    const ok = await WebhookReceiver.start();
    closers.push(
      () => bad.close(),
      () => ok.close(),
    );
    const badId = await integrate(name, bad.url);
    await integrate('healthy', ok.url);
    return { bad, badId, ok };
  };

  afterEach(async () => {
    // The receivers first: their sockets close, so the app's shutdown does not wait out a hanging send.
    await Promise.all(closers.map((close) => close()));
    closers = [];
    await t?.close();
    t = undefined;
  });

  it('a hanging and a garbage receiver do not hold up a healthy one: it gets all N events at once, their failures are logged', async () => {
    const t = await app();
    const hang = await MisbehavingReceiver.start('hang');
    const garbage = await MisbehavingReceiver.start('garbage');
    const ok = await WebhookReceiver.start();
    closers.push(
      () => hang.close(),
      () => garbage.close(),
      () => ok.close(),
    );
    // The hanging integration is registered first, so its jobs are never behind the others'.
    const H = await integrate('hangs', hang.url);
    const G = await integrate('garbage', garbage.url);
    const OK = await integrate('healthy', ok.url);

    const N = 10;
    const orderIds: string[] = [];
    for (let i = 0; i < N; i++) orderIds.push(await publish());
    await ok.waitFor(N, TIMEOUT_MS * 4);
    // Every event, once each, before the hanging send had timed out even once (its connection still open).
    expect(new Set(ok.requests.map((q) => q.body.payload.data.id))).toEqual(new Set(orderIds));
    expect(ok.requests).toHaveLength(N);
    expect(await logsOf(H)).toHaveLength(0);
    // Meanwhile the broken receivers really were being sent to (a slot was hanging the whole time).
    expect(hang.requests).toBeGreaterThanOrEqual(1);
    expect(lastArrival(ok)).toBeLessThan(hang.connections[0].closedAt ?? Infinity);
    await garbage.waitFor(N, 30_000);

    // Garbage: each attempt fails at once as a network error and is scheduled for a retry.
    const gLogs = await eventually(async () => {
      const logs = await logsOf(G);
      return logs.length === N && logs;
    }, `${N} logs for the garbage receiver`, 30_000);
    for (const log of gLogs) {
      expect(log).toMatchObject({ attempt: 1, succeeded: false, statusCode: null, errorClass: 'network' });
      expect(log.processingTime).toBeLessThan(TIMEOUT_MS / 1000); // failed, not timed out
    }
    expect(await t.prisma.integrationJob.count({ where: { integrationId: G, status: 'retrying', attempts: 1 } })).toBe(N);

    // Hang: the first attempt ends at the timeout, logged as such, and the job goes back for a retry.
    const [hLog] = await eventually(async () => {
      const logs = await logsOf(H);
      return logs.length > 0 && logs;
    }, 'a log for the hanging receiver', TIMEOUT_MS + 30_000);
    expect(hLog).toMatchObject({ attempt: 1, succeeded: false, statusCode: null, errorClass: 'timeout_total' });
    expect(hLog.errorDetail).toMatch(`${TIMEOUT_MS} ms`);
    expect(hLog.processingTime).toBeGreaterThanOrEqual((TIMEOUT_MS - 100) / 1000);
    expect(hang.connections[0].closedAt).toBeDefined(); // the sender gave up on it: it never answers
    expect(await t.prisma.integrationJob.findFirstOrThrow({ where: { id: hLog.jobId } })).toMatchObject({ status: 'retrying', attempts: 1 });

    // Healthy: N successful attempts, nothing left open.
    const okJobs = await t.prisma.integrationJob.findMany({ where: { integrationId: OK } });
    expect(okJobs).toHaveLength(N);
    expect(okJobs.every((j) => j.status === 'succeeded' && j.attempts === 1)).toBe(true);

    // Not wedged: with the hanging receiver still holding sends, a new event reaches the healthy one at once.
    const holding = await eventually(async () => {
      const open = hang.connections.filter((c) => c.closedAt === undefined);
      return open.length > 0 && open;
    }, 'a hanging send open', 30_000);
    const next = await publish();
    await ok.waitFor(N + 1, TIMEOUT_MS * 4);
    expect(ok.requests[N].body.payload.data.id).toBe(next);
    for (const c of holding) expect(lastArrival(ok)).toBeLessThan(c.closedAt ?? Infinity);
  }, 120_000);

  it('a receiver that hangs after the headers (a body that never ends) does not hold up a healthy one either', async () => {
    const t = await app();
    // Half an answer: a 200 status line and headers promising a body that never comes.
    const { bad: stall, badId: S, ok } = await besideHealthy('stall-body', 'stalls');

    const N = 10;
    for (let i = 0; i < N; i++) await publish();
    await ok.waitFor(N, TIMEOUT_MS * 4);
    expect(await logsOf(S)).toHaveLength(0);
    expect(stall.requests).toBeGreaterThanOrEqual(1);
    expect(lastArrival(ok)).toBeLessThan(stall.connections[0].closedAt ?? Infinity); // before the stalled send ended

    const [log] = await eventually(async () => {
      const logs = await logsOf(S);
      return logs.length > 0 && logs;
    }, 'a log for the stalling receiver', TIMEOUT_MS + 30_000);
    // Not a success: the status was 200 but the response never completed.
    expect(log).toMatchObject({ attempt: 1, succeeded: false, errorClass: 'timeout_total' });
  }, 120_000);

  it('with more slots, a hanging receiver gets half of them at most, and a single one once it has failed', async () => {
    // 4 slots: an integration may hold 2; after a failed attempt, 1 until it succeeds again.
    const HANG_MS = TIMEOUT_MS;
    const t = await app({ WEBHOOK_CONCURRENCY: '4', WEBHOOK_TIMEOUT_MS: String(HANG_MS) });
    const { bad: hang, badId: H, ok } = await besideHealthy('hang', 'hangs');

    const N = 10;
    const started = Date.now();
    for (let i = 0; i < N; i++) await publish();
    await ok.waitFor(N, 5 * HANG_MS);
    // Before the first hanging send timed out.
    expect(await logsOf(H)).toHaveLength(0);
    expect(lastArrival(ok)).toBeLessThan(hang.connections[0].closedAt ?? Infinity);
    // The hanging receiver had its backlog sent into its half of the slots, and no more, until they timed out.
    await eventually(async () => (await logsOf(H)).length >= 2, 'the first two timeouts', 5 * HANG_MS);
    const failed = Date.now();
    expect(hang.concurrency(started, failed)).toBe(2);

    // From then on it is down to one send at a time: the next one is sent, and it alone, until it times out.
    await eventually(async () => (await logsOf(H)).length >= 3, 'a third timeout', 5 * HANG_MS);
    expect(hang.concurrency(failed, Date.now())).toBe(1);
    // Still being tried, one at a time: a third send after the first two (it may have opened before `failed` was read).
    expect(hang.requests).toBeGreaterThanOrEqual(3);
    const logs = await logsOf(H);
    expect(logs.every((l) => !l.succeeded && l.errorClass === 'timeout_total')).toBe(true);

    // And the healthy one is still served at once: before the hanging send now open ends.
    const holding = await eventually(async () => {
      const open = hang.connections.filter((c) => c.closedAt === undefined);
      return open.length > 0 && open;
    }, 'a hanging send open', 30_000);
    await publish();
    await ok.waitFor(N + 1, 5 * HANG_MS);
    for (const c of holding) expect(lastArrival(ok)).toBeLessThan(c.closedAt ?? Infinity);
    // (Recorded just after the receiver answered.)
    await eventually(async () => (await t.prisma.integrationJob.count({ where: { status: 'succeeded' } })) === N + 1, 'every healthy job recorded as succeeded', 30_000);
  }, 180_000);
});
