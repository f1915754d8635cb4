import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import type { ServerProcess } from '../support/spawn-server';
import { useReplicas } from '../support/replicas';
import { testDbKind } from '../support/test-database';

/**
 * "SIGTERM drains in-flight requests and delivery attempts before exit". A real server process
 * gets SIGTERM while an HTTP request is half received, or while a webhook send is waiting for its
 * receiver: the request must still be answered normally, the attempt recorded as delivered (not left
 * in flight for a retry), new connections refused, and the process must exit 0: the graceful path, since
 * the SHUTDOWN_TIMEOUT_MS fallback exits 1. No wall-clock bound: each step waits for the event it is about.
 * The spawned server and this test share a database, which PGlite cannot do: PostgreSQL only.
 */
const describePg = testDbKind() === 'postgres' ? describe : describe.skip;
// Each test starts a server process (ts-node), which takes long on a loaded machine.
jest.setTimeout(300_000);

// Generous: only the exit code tells the graceful path (0) from this fallback (1).
const SHUTDOWN_TIMEOUT_MS = 30_000;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

/** The child's exit (code and signal both, unlike ServerProcess.stop()) and when it happened. */
function exitOf(s: ServerProcess): Promise<Exit> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) {
    return Promise.resolve({ code: s.child.exitCode, signal: s.child.signalCode, at: Date.now() });
  }
  return new Promise((resolve) => s.child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
}

/**
 * One request on a NEW connection. Resolves with how it went: served (with the status), or not served:
 * refused, reset, or no answer within `timeoutMs`.
 */
function probe(port: number, timeoutMs = 1_000): Promise<{ served: true; status: number } | { served: false; error: string }> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/health', method: 'GET', agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve({ served: true, status: res.statusCode ?? 0 }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ served: false, error: err.code ?? err.message }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ served: false, error: err.code ?? err.message }));
    req.end();
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Once the server has stopped listening after the signal: a new connection is not served (polled, 10 s at most). */
async function refusesNewConnections(port: number) {
  let last: Awaited<ReturnType<typeof probe>> | undefined;
  for (let i = 0; i < 50; i++) {
    last = await probe(port);
    if (!last.served) return last;
    await sleep(200);
  }
  return last;
}

describePg('graceful shutdown on SIGTERM (PostgreSQL only)', () => {
  const replicas = useReplicas({
    WEBHOOK_POLL_INTERVAL_MS: '50',
    WEBHOOK_TIMEOUT_MS: '5000',
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
  });
  const start = replicas.start;
  const productBody = () => {
    const suffix = randomUUID().slice(0, 8);
    return JSON.stringify({
      data: {
        type: 'product',
        name: `Drained ${suffix}`,
        slug: `drained-${suffix}`,
        sku: `DRAINED-${suffix}`,
        manage_stock: false,
        description: 'created across a SIGTERM',
        status: 'live',
        commodity_type: 'physical',
        price: [{ amount: 1500, currency: 'USD', includes_tax: true }],
      },
    });
  };

  /** Creates a product through a spawned server's API (201 asserted); its id. */
  const createProductOn = async (s: ServerProcess) => {
    const res = await fetch(`${s.baseUrl}/v2/products`, { method: 'POST', headers: { ...replicas.t.admin, 'content-type': 'application/json' }, body: productBody() });
    expect(res.status).toBe(201);
    return ((await res.json()) as any).data.id as string;
  };

  it('finishes a request that is half received when SIGTERM arrives (201), refuses new connections, then exits 0', async () => {
    const s = await start();
    const exit = exitOf(s);
    const body = Buffer.from(productBody());
    const half = Math.floor(body.length / 2);
    // A keep-alive client, like a load balancer: the server must not wait for it to hang up.
    const agent = new Agent({ keepAlive: true });
    try {
      let sent = false;
      let finish!: () => void;
      // Resolves when the connection is closed (the agent would keep it alive for reuse).
      let connectionClosed!: Promise<void>;
      const response = new Promise<{ status: number; text: string; connection?: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port: s.port,
            path: '/v2/products',
            method: 'POST',
            agent,
            headers: { ...replicas.t.admin, 'content-type': 'application/json', 'content-length': String(body.length) },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }));
          },
        );
        req.on('error', reject);
        req.on('socket', (socket) => (connectionClosed = new Promise((closed) => socket.once('close', () => closed()))));
        req.write(body.subarray(0, half), () => (sent = true));
        // The rest is written by the test below, after SIGTERM.
        finish = () => req.end(body.subarray(half));
      });
      // The headers and half the body are on the server before the signal.
      for (let i = 0; i < 1000 && !sent; i++) await sleep(10);
      expect(sent).toBe(true);

      s.child.kill('SIGTERM');
      // While the request is still in flight, a new connection is not served…
      expect(await refusesNewConnections(s.port)).toMatchObject({ served: false });
      expect(s.child.exitCode).toBeNull(); // …and the process is still draining, not dead. Then the rest of the body.
      finish();
      const res = await response;
      expect(res.status).toBe(201);
      // Told not to reuse the connection, so it is closed rather than left idle in the agent: a keep-alive
      // client does not hold the exit up.
      expect(res.connection).toBe('close');
      await connectionClosed;
      const created = JSON.parse(res.text).data;
      expect(created).toMatchObject({ type: 'product', description: 'created across a SIGTERM' });
      // It really was stored (the drain did not cut the transaction short).
      expect(await replicas.t.prisma.product.findUnique({ where: { id: created.id } })).not.toBeNull();

      // Exit 0: the drain ended by itself, not by the SHUTDOWN_TIMEOUT_MS fallback (exit 1).
      const { code, signal } = await exit;
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    } finally {
      agent.destroy();
    }
  });

  it('waits for a webhook send in flight at SIGTERM: the receiver answers 200 a second later, the attempt is logged as delivered, and the process exits 0', async () => {
    const r = await replicas.receiver();
    const HOLD_MS = 1_000;
    r.always({ status: 200, delay: HOLD_MS, body: 'took my time' });
    const hook = await replicas.t.http
      .post('/v2/integrations')
      .set(replicas.t.admin)
      .send({ data: { type: 'integration', name: 'drain', enabled: true, observes: ['product.created'], configuration: { url: r.url } } });
    expect(hook.status).toBe(201);
    const integrationId = hook.body.data.id as string;

    const s = await start();
    const exit = exitOf(s);
    // The event comes from a real API write on the spawned server.
    const productId = await createProductOn(s);

    await r.waitFor(1, 30_000);
    const received = r.requests[0];
    expect(received.body).toMatchObject({ triggered_by: 'product.created', attempt: 1, payload: { data: { id: productId } } });
    const job = await replicas.t.prisma.integrationJob.findFirstOrThrow({ where: { integrationId } });
    expect(job).toMatchObject({ status: 'in_flight', attempts: 1 });

    s.child.kill('SIGTERM');
    // While the send is being drained, a new connection is not served.
    expect(await refusesNewConnections(s.port)).toMatchObject({ served: false });

    // Exit 0 (not the SHUTDOWN_TIMEOUT_MS fallback's 1), and only after the receiver answered: it waited.
    const { code, signal, at } = await exit;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(at).toBeGreaterThanOrEqual(received.at + HOLD_MS);

    // Recorded as delivered: one attempt, one successful log; nothing in flight, nothing to retry.
    const after = await replicas.t.prisma.integrationJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(after).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200, lockedUntil: null, lastError: null });
    expect(after.succeededAt).not.toBeNull();
    const logs = await replicas.t.prisma.integrationLog.findMany({ where: { integrationId } });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ jobId: job.id, attempt: 1, succeeded: true, statusCode: 200, body: 'took my time', errorClass: null });
    expect(logs[0].processingTime).toBeGreaterThanOrEqual((HOLD_MS - 50) / 1000);
    // The logs endpoint says the same.
    const api = await replicas.t.http.get(`/v2/integrations/${integrationId}/logs`).set(replicas.t.admin);
    expect(api.status).toBe(200);
    expect(api.body.data).toEqual([expect.objectContaining({ succeeded: true, attempt: 1, status_code: 200 })]);
    // And it is not sent again by the next server on this database: that server delivers a later event
    // (so its worker has claimed what was due), and nothing else.
    r.always({ status: 200 });
    const next = await start();
    const laterId = await createProductOn(next);
    await r.waitFor(2, 30_000);
    expect(r.requests.map((q) => q.body.payload.data.id)).toEqual([productId, laterId]);
    expect(await replicas.t.prisma.integrationJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: 'succeeded', attempts: 1 });
  });
});
