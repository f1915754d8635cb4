import { randomUUID } from 'node:crypto';
import { EventsPublisher } from '../../src/events/events.publisher';
import type { ServerProcess } from '../support/spawn-server';
import { useReplicas } from '../support/replicas';
import { testDbKind } from '../support/test-database';

/**
 * Several real server processes on one PostgreSQL database: the row locks (FOR UPDATE SKIP LOCKED) and
 * leases are what keep replicas from double-sending and let a crashed replica's work be picked up.
 * PGlite is a single in-process database that two processes cannot share, so this runs on PostgreSQL only.
 */
const onPostgres = testDbKind() === 'postgres';
const describeMultiProcess = onPostgres ? describe : describe.skip;

describeMultiProcess('webhook delivery across server processes (PostgreSQL only)', () => {
  const replicas = useReplicas({ WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_RETRY_SCHEDULE: '0,0.05,0.05,0.05' });
  const start = replicas.start;
  const integrate = async (url: string, observes: string[], configuration: Record<string, unknown> = {}) => {
    const res = await replicas.t.http
      .post('/v2/integrations')
      .set(replicas.t.admin)
      .send({ data: { type: 'integration', name: 'mp', enabled: true, observes, configuration: { url, ...configuration } } });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const publish = (name: 'order.paid' | 'order.fulfilled') =>
    replicas.t.app.get(EventsPublisher).publish(replicas.t.prisma, name, { data: { type: 'order', id: randomUUID() } });

  it('two servers deliver N events exactly once each (no double sends)', async () => {
    const r = await replicas.receiver();
    r.always({ status: 200, delay: 10 });
    const id = await integrate(r.url, ['order.paid']);
    const N = 40;
    for (let i = 0; i < N / 2; i++) await publish('order.paid'); // a backlog both servers race for
    // A one-minute poll: the second half can only be picked up promptly through LISTEN/NOTIFY, which
    // this (workers-off) test process triggers by committing events.
    const [a, b] = await Promise.all([start({ WEBHOOK_POLL_INTERVAL_MS: '60000' }), start({ WEBHOOK_POLL_INTERVAL_MS: '60000' })]);
    for (let i = 0; i < N / 2; i++) await publish('order.paid');
    await r.waitFor(N, 10_000);
    await new Promise((res) => setTimeout(res, 500)); // room for any duplicate to show up
    expect(r.requests).toHaveLength(N);
    expect(new Set(r.requests.map((q) => q.headers['webhook-id'])).size).toBe(N);
    expect(r.requests.every((q) => q.body.attempt === 1)).toBe(true);
    const jobs = await replicas.t.prisma.integrationJob.findMany({ where: { integrationId: id } });
    expect(jobs).toHaveLength(N);
    expect(jobs.every((j) => j.status === 'succeeded' && j.attempts === 1)).toBe(true);
    expect(await replicas.t.prisma.integrationLog.count({ where: { integrationId: id } })).toBe(N);
    const delivered = (s: ServerProcess) => s.lines.filter((l) => l.includes('webhook delivered')).length;
    expect(delivered(a) + delivered(b)).toBe(N);
    // SIGTERM: both shut down gracefully (timers stopped, sends drained) within SHUTDOWN_TIMEOUT_MS: a server
    // still draining when it runs out exits with 1.
    const codes = await Promise.all([a.stop(), b.stop()]);
    expect(codes).toEqual([0, 0]);
  });

  it('holds rate_limit_per_second across servers: two servers racing for a backlog send no faster than the one bucket allows', async () => {
    const r = await replicas.receiver();
    await integrate(r.url, ['order.paid'], { rate_limit_per_second: 4 });
    const N = 16;
    for (let i = 0; i < N; i++) await publish('order.paid');
    await Promise.all([start(), start()]);
    await r.waitFor(N, 15_000);
    await new Promise((done) => setTimeout(done, 300)); // room for any duplicate to show up
    expect(new Set(r.requests.map((q) => q.headers['webhook-id'])).size).toBe(N);
    expect(r.requests).toHaveLength(N);
    // 4 at once (the full bucket), then 4 a second in all: any 9 in a row span at least 1.25 s (1 s here, for
    // send jitter); each server alone allowing 4 a second would send them twice as fast.
    const at = r.requests.map((q) => q.at).sort((x, y) => x - y);
    for (let i = 0; i + 8 < at.length; i++) expect(at[i + 8] - at[i]).toBeGreaterThanOrEqual(1_000);
    expect(at[N - 1] - at[0]).toBeGreaterThanOrEqual(2_600);
  });

  it('loses nothing when a server is SIGKILLed mid-delivery: another reclaims the expired lease and delivers', async () => {
    const r = await replicas.receiver();
    const K = 3;
    // The first K requests hang (the crash happens while they do); everything after answers at once.
    r.respond(...Array.from({ length: K }, () => ({ status: 200, delay: 8_000 })));
    const id = await integrate(r.url, ['order.fulfilled']);
    // Short timeout so the lease (2 × timeout + connect timeout = 1.2 s) expires quickly.
    const env = { WEBHOOK_TIMEOUT_MS: '500', WEBHOOK_CONNECT_TIMEOUT_MS: '200' };
    const a = await start(env);
    for (let i = 0; i < K; i++) await publish('order.fulfilled');
    await r.waitFor(K, 15_000);
    await a.kill();
    const inFlight = await replicas.t.prisma.integrationJob.findMany({ where: { integrationId: id } });
    expect(inFlight).toHaveLength(K);
    expect(inFlight.every((j) => j.status === 'in_flight' && j.attempts === 1)).toBe(true);

    await start(env);
    await r.waitFor(2 * K, 15_000);
    const deadline = Date.now() + 5_000;
    let jobs = inFlight;
    while (Date.now() < deadline) {
      jobs = await replicas.t.prisma.integrationJob.findMany({ where: { integrationId: id } });
      if (jobs.every((j) => j.status === 'succeeded')) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(jobs.every((j) => j.status === 'succeeded' && j.attempts === 2)).toBe(true);
    // Every event was sent again with attempt 2 and the same webhook-id; the crashed attempt left no log.
    const ids = new Set(inFlight.map((j) => j.eventId));
    const retried = r.requests.slice(K);
    expect(retried).toHaveLength(K);
    expect(new Set(retried.map((q) => q.headers['webhook-id']))).toEqual(ids);
    expect(retried.every((q) => q.body.attempt === 2)).toBe(true);
    const logs = await replicas.t.prisma.integrationLog.findMany({ where: { integrationId: id } });
    expect(logs.map((l) => [l.attempt, l.succeeded])).toEqual(Array.from({ length: K }, () => [2, true]));
  });
});
