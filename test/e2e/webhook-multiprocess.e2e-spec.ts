import { randomUUID } from 'node:crypto';
import { eventually } from '../support/eventually';
import type { ServerProcess } from '../support/spawn-server';
import { useReplicas } from '../support/replicas';
import { testDbKind } from '../support/test-database';
import { createIntegration, publishEvent } from '../support/webhooks';
import { recordClaimTimes } from '../support/claim-times';

/**
 * Several real server processes on one PostgreSQL database: the row locks (FOR UPDATE SKIP LOCKED) and
 * leases are what keep replicas from double-sending and let a crashed replica's work be picked up.
 * PGlite is a single in-process database that two processes cannot share, so this runs on PostgreSQL only.
 */
const onPostgres = testDbKind() === 'postgres';
const describeMultiProcess = onPostgres ? describe : describe.skip;
// Each test starts server processes (ts-node), which takes long on a loaded machine.
jest.setTimeout(300_000);

describeMultiProcess('webhook delivery across server processes (PostgreSQL only)', () => {
  const replicas = useReplicas({ WEBHOOK_POLL_INTERVAL_MS: '50', WEBHOOK_RETRY_SCHEDULE: '0,0.05,0.05,0.05' });
  const start = replicas.start;
  const integrate = async (url: string, observes: string[], configuration: Record<string, unknown> = {}) =>
    (await createIntegration(replicas.t, url, observes, { configuration: { url, ...configuration } })).id;
  const publish = (name: 'order.paid' | 'order.fulfilled') => publishEvent(replicas.t, name, { data: { type: 'order', id: randomUUID() } });
  /** The jobs a server process logged as delivered (its own log lines: which process sent what). */
  const deliveredBy = (s: ServerProcess): string[] =>
    s.lines
      .map((line) => {
        try {
          return JSON.parse(line);
        } catch {
          return undefined;
        }
      })
      .filter((entry) => entry?.msg === 'webhook delivered')
      .map((entry) => entry.jobId as string);

  it('two servers both deliver, and N events are delivered exactly once each (no double sends)', async () => {
    const r = await replicas.receiver();
    // Slow enough answers that neither server can send the whole backlog alone while the other looks on.
    r.always({ status: 200, delay: 100 });
    const id = await integrate(r.url, ['order.paid']);
    const N = 40;
    for (let i = 0; i < N / 2; i++) await publish('order.paid'); // a backlog both servers race for
    // A ten-minute poll: the second half can only be picked up through LISTEN/NOTIFY, which this
    // (workers-off) test process triggers by committing events.
    const [a, b] = await Promise.all([start({ WEBHOOK_POLL_INTERVAL_MS: '600000' }), start({ WEBHOOK_POLL_INTERVAL_MS: '600000' })]);
    for (let i = 0; i < N / 2; i++) await publish('order.paid');
    await r.waitFor(N, 60_000);
    // SIGTERM: both shut down gracefully (timers stopped, sends drained; a server still draining when
    // SHUTDOWN_TIMEOUT_MS runs out exits with 1). After that nothing more can be sent: what arrived is all.
    const codes = await Promise.all([a.stop(), b.stop()]);
    expect(codes).toEqual([0, 0]);
    expect(r.requests).toHaveLength(N);
    expect(new Set(r.requests.map((q) => q.headers['webhook-id'])).size).toBe(N);
    expect(r.requests.every((q) => q.body.attempt === 1)).toBe(true);
    const jobs = await replicas.t.prisma.integrationJob.findMany({ where: { integrationId: id } });
    expect(jobs).toHaveLength(N);
    expect(jobs.every((j) => j.status === 'succeeded' && j.attempts === 1)).toBe(true);
    expect(await replicas.t.prisma.integrationLog.count({ where: { integrationId: id } })).toBe(N);
    // Each job delivered by exactly one of the two processes, and each process delivered some.
    const [byA, byB] = [deliveredBy(a), deliveredBy(b)];
    expect(byA.length).toBeGreaterThan(0);
    expect(byB.length).toBeGreaterThan(0);
    expect([...byA, ...byB].sort()).toEqual(jobs.map((j) => j.id).sort());
  });

  it('holds rate_limit_per_second across servers: two servers racing for a backlog claim no faster than the one bucket allows', async () => {
    const r = await replicas.receiver();
    const id = await integrate(r.url, ['order.paid'], { rate_limit_per_second: 4 });
    const claims = await recordClaimTimes(replicas.t.prisma);
    try {
      const N = 16;
      for (let i = 0; i < N; i++) await publish('order.paid');
      const servers = await Promise.all([start(), start()]);
      await r.waitFor(N, 60_000);
      // Stopped (sends drained): nothing more can be sent, so a duplicate would be here by now.
      expect(await Promise.all(servers.map((s) => s.stop()))).toEqual([0, 0]);
      expect(new Set(r.requests.map((q) => q.headers['webhook-id'])).size).toBe(N);
      expect(r.requests).toHaveLength(N);
      const at = await claims.of(id);
      expect(at).toHaveLength(N);
      // 4 at once (the full bucket), then 4 a second in all: any 9 claims in a row span at least 1.25 s, and
      // all 16 at least 3 s (less a few milliseconds: two statements' now() are their starts, not their
      // commits). Each server with a bucket of its own would claim them twice as fast.
      for (let i = 0; i + 8 < at.length; i++) expect(at[i + 8] - at[i]).toBeGreaterThanOrEqual(1_200);
      expect(at[N - 1] - at[0]).toBeGreaterThanOrEqual(2_950);
    } finally {
      await claims.stop();
    }
  });

  it('loses nothing when a server is SIGKILLed mid-delivery: another reclaims the expired lease and delivers', async () => {
    const r = await replicas.receiver();
    const K = 3;
    // The first K requests hang (the crash happens while they do); everything after answers at once.
    r.respond(...Array.from({ length: K }, () => ({ status: 200, delay: 8_000 })));
    const id = await integrate(r.url, ['order.fulfilled']);
    const a = await start();
    for (let i = 0; i < K; i++) await publish('order.fulfilled');
    await r.waitFor(K, 60_000);
    await a.kill();
    const inFlight = await replicas.t.prisma.integrationJob.findMany({ where: { integrationId: id } });
    expect(inFlight).toHaveLength(K);
    expect(inFlight.every((j) => j.status === 'in_flight' && j.attempts === 1)).toBe(true);
    // The leases run out (moved into the past rather than waited for: their length is not the subject here).
    await replicas.t.prisma.$executeRaw`UPDATE integration_jobs SET locked_until = now() - interval '1 second' WHERE integration_id = ${id}::uuid`;

    const b = await start();
    await r.waitFor(2 * K, 60_000);
    const jobs = await eventually(async () => {
      const rows = await replicas.t.prisma.integrationJob.findMany({ where: { integrationId: id } });
      return rows.every((j) => j.status === 'succeeded') && rows;
    }, 'every job recorded as succeeded');
    expect(await b.stop()).toBe(0); // sends drained: nothing more can arrive
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
