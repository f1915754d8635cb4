import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo, createServer as createNetServer, Server as NetServer, Socket } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body exactly as received (what the signature covers). */
  raw: string;
  body: any;
  at: number;
}

export interface ProgrammedResponse {
  status?: number;
  /** Milliseconds to wait before answering. */
  delay?: number;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A real HTTP receiver on 127.0.0.1 that records every request and answers from a script:
 * `respond(...)` queues one-shot responses (in call order); `always(...)` sets the default afterwards.
 */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  /** Requests received and not yet answered, and the most there were at once (`reset()` clears it). */
  inFlight = 0;
  maxInFlight = 0;
  private queue: ProgrammedResponse[] = [];
  private fallback: ProgrammedResponse = { status: 200, body: 'ok' };
  private waiters: { count: number; resolve: () => void }[] = [];
  private server!: Server;
  private readonly timers = new Set<NodeJS.Timeout>();
  url = '';

  static async start(path = '/hook'): Promise<WebhookReceiver> {
    const r = new WebhookReceiver();
    await r.listen(path);
    return r;
  }

  private listen(path: string): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = raw ? JSON.parse(raw) : undefined;
        } catch {
          body = raw;
        }
        this.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, raw, body, at: Date.now() });
        this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
        res.once('close', () => this.inFlight--);
        this.waiters = this.waiters.filter((w) => (this.requests.length >= w.count ? (w.resolve(), false) : true));
        const reply = this.queue.shift() ?? this.fallback;
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...(reply.headers ?? {}) });
          res.end(reply.body ?? '');
        };
        if (reply.delay) {
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            send();
          }, reply.delay);
          this.timers.add(timer);
        } else send();
      });
    });
    return new Promise((resolve) =>
      this.server.listen(0, '127.0.0.1', () => {
        const { port } = this.server.address() as AddressInfo;
        this.url = `http://127.0.0.1:${port}${path}`;
        resolve();
      }),
    );
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  respond(...responses: ProgrammedResponse[]): this {
    this.queue.push(...responses);
    return this;
  }

  always(response: ProgrammedResponse): this {
    this.fallback = response;
    return this;
  }

  reset(): this {
    this.requests.length = 0;
    this.maxInFlight = this.inFlight;
    this.queue = [];
    this.fallback = { status: 200, body: 'ok' };
    return this;
  }

  /** Resolves once `count` requests have arrived in total (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`receiver got ${this.requests.length} of ${count} requests within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.server.closeAllConnections?.();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The minimum a drain needs from a test app (workers disabled): the two workers and Prisma. */
export interface WebhookDriver {
  relay: { tick(): Promise<number> };
  delivery: { tick(): Promise<number> };
  prisma: { integrationJob: { count(args: any): Promise<number> } };
}

/**
 * Drives the pipeline by hand until nothing is left to do: relay the outbox, deliver due jobs, and
 * wait (briefly) for retrying jobs to come due. Throws if it does not settle within `timeoutMs`.
 */
export async function drainWebhooks(d: WebhookDriver, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const fanned = await d.relay.tick();
    const sent = await d.delivery.tick();
    if (fanned === 0 && sent === 0) {
      const open = await d.prisma.integrationJob.count({ where: { status: { in: ['pending', 'retrying', 'in_flight'] } } });
      if (open === 0) return;
      if (Date.now() > deadline) throw new Error(`webhook pipeline did not settle: ${open} open job(s)`);
      await new Promise((r) => setTimeout(r, 15));
    }
  }
}

/**
 * A misbehaving receiver on 127.0.0.1, below HTTP: `hang` accepts the connection, reads the request and
 * never answers; `garbage` answers each request with bytes that are not HTTP and closes the socket;
 * `stall-body` sends a 200 status line and headers promising a body that never comes.
 * `requests` counts connections that sent something (one request each: the sender never reuses a
 * connection that is still waiting for an answer or was closed on it); `connections` when each of those
 * was opened and closed, to see how many the sender kept open at once (see `concurrency`).
 */
export class MisbehavingReceiver {
  requests = 0;
  readonly connections: { openedAt: number; closedAt?: number }[] = [];
  url = '';
  private readonly sockets = new Set<Socket>();
  private waiters: { count: number; resolve: () => void }[] = [];
  private server!: NetServer;

  static async start(mode: 'hang' | 'garbage' | 'stall-body', path = '/hook'): Promise<MisbehavingReceiver> {
    const r = new MisbehavingReceiver();
    r.server = createNetServer((socket) => {
      r.sockets.add(socket);
      let connection: { openedAt: number; closedAt?: number } | undefined;
      socket.on('close', () => {
        r.sockets.delete(socket);
        if (connection) connection.closedAt = Date.now();
      });
      socket.on('error', () => undefined);
      socket.once('data', () => {
        connection = { openedAt: Date.now() };
        r.connections.push(connection);
        r.requests++;
        r.waiters = r.waiters.filter((w) => (r.requests >= w.count ? (w.resolve(), false) : true));
        if (mode === 'garbage') socket.end(Buffer.from('\x00\x01garbage \xff\xfe not http at all\r\n\r\n', 'latin1'));
        if (mode === 'stall-body') socket.write('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 1000\r\n\r\npartial');
      });
    });
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', () => resolve()));
    r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}${path}`;
    return r;
  }

  /**
   * The most requests that were open together for at least `forMs` at some time in [from, to]. A
   * connection closed and the next one opened at once can be seen in either order; `forMs` ignores that.
   */
  concurrency(from: number, to: number, forMs = 100): number {
    let most = 0;
    for (let at = from; at + forMs <= to; at += 5) {
      const open = this.connections.filter((c) => c.openedAt <= at && (c.closedAt ?? Infinity) >= at + forMs).length;
      most = Math.max(most, open);
    }
    return most;
  }

  /** Drops every open connection (a send waiting on one fails at once); new ones are still accepted. */
  drop(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  /** Resolves once `count` requests have arrived in total (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    if (this.requests >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`receiver got ${this.requests} of ${count} requests within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
