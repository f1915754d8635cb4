import { randomUUID } from 'node:crypto';
import { expectErrorDocument } from '../support/documents';
import { TestApp } from '../support/test-app';
import { useWebhookApp } from '../support/webhooks';
import { recordClaimTimes } from '../support/claim-times';

/** Per-integration limits (max_concurrency, rate_limit_per_second), and attempts recorded once each when many sends end together. */
describe('webhook per-integration limits', () => {
  const suite = useWebhookApp();
  const { receiver, integrate, publish, drain, logsOf } = suite;
  let t: TestApp;
  beforeAll(() => {
    t = suite.t;
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
    const claims = await recordClaimTimes(t.prisma);
    try {
      for (let i = 0; i < 15; i++) await publish('account.deleted', { type: 'account', id: randomUUID() });
      await drain();
      expect(limited.requests).toHaveLength(15);
      expect(other.requests).toHaveLength(15);
      // 5 at once (the full bucket), then 5 a second: any 11 claims in a row span at least 1.2 s, all 15 at least
      // 2 s (less a few milliseconds: a statement's now() is its start, not its commit).
      const at = await claims.of(created.id);
      expect(at).toHaveLength(15);
      for (let i = 0; i + 10 < at.length; i++) expect(at[i + 10] - at[i]).toBeGreaterThanOrEqual(1_150);
      expect(at[14] - at[0]).toBeGreaterThanOrEqual(1_950);
    } finally {
      await claims.stop();
    }

    const put = (configuration: Record<string, unknown>) =>
      t.http.put(`/v2/integrations/${created.id}`).set(t.admin).send({ data: { type: 'integration', configuration } });
    expect((await put({ rate_limit_per_second: 0.5 })).body.data.configuration).toEqual({ url: limited.url, rate_limit_per_second: 0.5 });
    const removed = await put({ rate_limit_per_second: null });
    expect(removed.body.data.configuration).toEqual({ url: limited.url });
    limited.reset();
    // Were the last limit set (0.5 a second) still applied, these 15 would take half a minute and the drain
    // would give up after 20 s.
    for (let i = 0; i < 15; i++) await publish('account.deleted', { type: 'account', id: randomUUID() });
    await drain(20_000);
    expect(limited.requests).toHaveLength(15);

    for (const bad of [0, -1, 0.0001, '2', 10_001, true]) {
      expectErrorDocument(await put({ rate_limit_per_second: bad }), 400, { source: 'data.configuration.rate_limit_per_second' });
    }
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

});
