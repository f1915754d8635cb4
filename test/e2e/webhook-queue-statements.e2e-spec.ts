import { randomUUID } from 'node:crypto';
import { EventsPublisher } from '../../src/events/events.publisher';
import { EventName } from '../../src/events/event-names';
import { AttemptRecord, JobsRepository } from '../../src/integrations/delivery/jobs.repository';
import { createTestApp, TestApp } from '../support/test-app';
import { testDbKind } from '../support/test-database';
import { WEBHOOK_TEST_ENV } from '../support/webhooks';

/** The delivery queue's SQL (JobsRepository) run directly: relaying events into jobs, claims within lanes and limits, fenced records, give-backs. */
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
    await jobs.relayEvents(100, 0);
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
    t = await createTestApp({ env: WEBHOOK_TEST_ENV });
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
    expect(await jobs.relayEvents(100, 0)).toEqual({ events: 3, jobs: 4 });
    expect(await t.prisma.outboxEvent.count({ where: { dispatchedAt: null } })).toBe(0);
    const created = await t.prisma.integrationJob.findMany();
    expect(created.map((j) => j.integrationId).sort()).toEqual([a, a, b, b].sort());
    expect(created.every((j) => j.status === 'pending' && j.attempts === 0 && j.nextAttemptAt.getTime() <= Date.now() + 1000)).toBe(true);
    // Nothing left: one cheap statement, no change.
    expect(await jobs.relayEvents(100, 0)).toEqual({ events: 0, jobs: 0 });
    // A re-run over already-dispatched events (e.g. a crash between insert and mark) adds no duplicate.
    await t.prisma.outboxEvent.updateMany({ data: { dispatchedAt: null } });
    expect(await jobs.relayEvents(100, 0)).toEqual({ events: 3, jobs: 0 });
    expect(await t.prisma.integrationJob.count()).toBe(4);
    // The first delay of the schedule is applied in database time; `limit` bounds the batch.
    await publish('order.created');
    await publish('order.created');
    expect(await jobs.relayEvents(1, 60_000)).toEqual({ events: 1, jobs: 2 });
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
    const relaying = jobs.relayEvents(100, 0); // sees the integration (not deleted yet for it), waits for its lock
    await waitForLockWait('%WITH ev AS%');
    release();
    await deletion;
    expect(await relaying).toMatchObject({ jobs: 1 });
    expect((await t.prisma.integrationJob.findMany()).map((j) => j.integrationId)).toEqual([kept]);
  });

  it('claims due jobs and returns what the send needs (event and integration) in the same statement', async () => {
    const id = await integrate(['order.paid']);
    const payload = { data: { type: 'order', id: randomUUID(), nested: { list: [1, 'two', null] } } };
    await publish('order.paid', payload);
    await jobs.relayEvents(100, 0);
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
    await jobs.relayEvents(100, 0);
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
    await jobs.relayEvents(100, 0);
    await t.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM integrations WHERE id = ${a}::uuid FOR NO KEY UPDATE`;
      expect(await claimAll()).toHaveLength(0);
    });
    expect(await claimAll()).toHaveLength(3);
  });

  it('records an attempt in one statement, fenced: a stale attempt logs but does not overwrite the reclaimed job', async () => {
    await integrate(['order.paid']);
    await publish('order.paid');
    await jobs.relayEvents(100, 0);
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
    await jobs.relayEvents(100, 0);
    const [job] = await claimAll();
    expect((await t.http.delete(`/v2/integrations/${id}`).set(t.admin)).status).toBe(200);
    expect(await jobs.recordAttempts([record(job)])).toEqual([{ logged: false, applied: false }]);
    expect(await t.prisma.integrationLog.count()).toBe(0);
  });

  it('gives claimed jobs back unsent: attempt and status restored, lease dropped; only while the claim holds', async () => {
    await integrate(['order.paid']);
    for (let i = 0; i < 3; i++) await publish('order.paid');
    await jobs.relayEvents(100, 0);
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
    await jobs.relayEvents(100, 0);
    const [job] = await claimAll();
    expect(await jobs.unclaim([job])).toBe(1);
    expect(await t.prisma.integrationJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
  });

  // Needs two connections holding locks at once: PostgreSQL only (PGlite runs one statement at a time).
  (testDbKind() === 'postgres' ? it : it.skip)('records against a concurrent deletion of the integration without a deadlock: integration locked before its jobs', async () => {
    const id = await integrate(['order.paid']);
    await publish('order.paid');
    await jobs.relayEvents(100, 0);
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
    await jobs.relayEvents(100, 0);
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
