import { spawn, ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { expectErrorDocument } from '../support/documents';
import { freePort } from '../support/prometheus-text';
import { useReplicas } from '../support/replicas';
import { createTestApp } from '../support/test-app';
import { testDbKind } from '../support/test-database';

/** The machine's Redis (the test environment runs one on the default port). */
const LOCAL_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 10;
// A window far longer than the test: no hit expires while it runs.
const RATE_ENV = { RATE_LIMIT: String(LIMIT), RATE_LIMIT_WINDOW_MS: '600000', WORKERS_ENABLED: 'false' };

// A server compiles its sources as it starts (ts-node): slow on a busy machine.
const START_TIMEOUT_MS = 120_000;

const onPostgres = testDbKind() === 'postgres';
const describeMultiProcess = onPostgres ? describe : describe.skip;

async function statusesOf(baseUrl: string, token: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${baseUrl}/v2/settings`, { headers: { Authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    statuses.push(res.status);
  }
  return statuses;
}

describeMultiProcess('rate limit shared by replicas through Redis (PostgreSQL only)', () => {
  const replicas = useReplicas(RATE_ENV);

  it('with REDIS_URL, two server processes enforce one limit per token between them', async () => {
    const a = await replicas.start({ REDIS_URL: LOCAL_REDIS }, START_TIMEOUT_MS);
    const b = await replicas.start({ REDIS_URL: LOCAL_REDIS }, START_TIMEOUT_MS);
    const token = await replicas.t.token('client_credentials');
    expect(await statusesOf(a.baseUrl, token, 6)).toEqual(Array(6).fill(200));
    expect(await statusesOf(b.baseUrl, token, 4)).toEqual(Array(4).fill(200));
    // The limit is spent across both: each refuses the next request.
    for (const server of [a, b]) {
      const res = await fetch(`${server.baseUrl}/v2/settings`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await res.json()).errors[0]).toMatchObject({ status: 429, title: 'Too Many Requests' });
    }
    // Another token has a budget of its own.
    const other = await replicas.t.token('client_credentials');
    expect(await statusesOf(b.baseUrl, other, 1)).toEqual([200]);
    const ready = await (await fetch(`${a.baseUrl}/health/ready`)).json();
    expect(ready.details.rate_limit).toEqual({ status: 'up', store: 'redis', shared: true });
  }, 3 * START_TIMEOUT_MS);

  it('without REDIS_URL, each process counts on its own (the limit multiplies with the replicas)', async () => {
    const a = await replicas.start({}, START_TIMEOUT_MS);
    const b = await replicas.start({}, START_TIMEOUT_MS);
    const token = await replicas.t.token('client_credentials');
    expect(await statusesOf(a.baseUrl, token, LIMIT + 1)).toEqual([...Array(LIMIT).fill(200), 429]);
    expect(await statusesOf(b.baseUrl, token, LIMIT)).toEqual(Array(LIMIT).fill(200));
  }, 3 * START_TIMEOUT_MS);
});

/** A Redis server of this test's own (so that it can be stopped), on a free port, keeping nothing on disk. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (/Ready to accept connections/.test(chunk.toString())) resolve();
    });
  });
  return child;
}

describe('rate limit while Redis is unreachable', () => {
  it('serves requests on per-process limits, logs the outage once, says so in /health/ready without failing it, and shares again when Redis is back', async () => {
    const port = await freePort();
    const logLines: string[] = [];
    let redis = await startRedis(port);
    const t = await createTestApp({ env: { ...RATE_ENV, REDIS_URL: `redis://127.0.0.1:${port}` }, logLines });
    const logged = (message: string) => logLines.filter((l) => l.includes(message)).length;
    try {
      const token = await t.token('client_credentials');
      await waitFor(async () => (await t.http.get('/health/ready')).body.details.rate_limit.shared === true);
      expect(await statusesOf(t.baseUrl, token, 3)).toEqual([200, 200, 200]);

      redis.kill('SIGKILL');
      await once(redis, 'exit');
      await waitFor(() => logged('Redis unreachable') > 0);
      // Served on this process's own counters meanwhile: its limit is still enforced, from a fresh count.
      expect(await statusesOf(t.baseUrl, token, LIMIT + 1)).toEqual([...Array(LIMIT).fill(200), 429]);
      const ready = await t.http.get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.details.rate_limit).toEqual({
        status: 'up',
        store: 'redis',
        shared: false,
        message: 'Redis unreachable: each server process counts its own rate limits',
      });
      // Once per outage, however many requests and reconnection attempts it saw.
      expect(logged('Redis unreachable')).toBe(1);

      redis = await startRedis(port);
      await waitFor(async () => (await t.http.get('/health/ready')).body.details.rate_limit.shared === true);
      expect(logged('Redis reachable again')).toBe(1);
      // Back on the shared counters, which this Redis (new and empty) starts afresh.
      expect(await statusesOf(t.baseUrl, token, 2)).toEqual([200, 200]);
      expect(await redisKeys(port)).toBeGreaterThan(0);
    } finally {
      await t.close();
      if (redis.exitCode === null && redis.signalCode === null) {
        redis.kill('SIGKILL');
        await once(redis, 'exit');
      }
    }
  });
});

/** Polls `check` until it holds (each poll yields to the event loop); the test's own timeout bounds it. */
async function waitFor(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 50));
}

async function redisKeys(port: number): Promise<number> {
  const child = spawn('redis-cli', ['-p', String(port), 'DBSIZE'], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  await once(child, 'exit');
  return Number(out.trim());
}
