import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SqlQuery } from '@prisma/driver-adapter-utils';
import { deserializeError, type HostMessage, type HostOptions, type HostRequest } from './embedded-protocol';

export interface QueryResult<T> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

type Request = HostRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The thread's JavaScript heap (PGlite's own memory is WebAssembly, outside it). With V8's default young
 * generation the server peaked ~70 MB higher than with PGlite on the server's thread (catalog and webhook
 * load, 486 vs 413 MB with 4 MB); the old generation only holds a result set until it is sent.
 */
const HOST_HEAP_LIMITS = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 192 };

/** The message PGlite itself throws once closed; the API's error mapping reads it as "database unavailable". */
const CLOSED = 'PGlite is closed';

/** Waits before starting a thread again after it ended, doubling after each start that fails. */
const RESTART_DELAYS_MS = { first: 200, max: 30_000 };

/** What happens to the thread, for the server's log. */
export type ThreadEvent =
  /** `restarting` false: an in-memory database, whose data ended with the thread, stays closed. */
  | { event: 'lost'; reason: string; restarting: boolean }
  | { event: 'restarted'; afterMs: number }
  | { event: 'restart-failed'; error: string; retryInMs: number };

/**
 * An embedded PostgreSQL (PGlite) running on a thread of its own (pglite-host.worker.ts). PostgreSQL's
 * WebAssembly then no longer runs on the server's thread: HTTP requests, JSON and webhook sends go on
 * while a query executes, and the two use two cores. The methods are those of PGlite that this project
 * uses, plus Prisma's driver operations (embedded-driver-adapter.ts).
 *
 * The thread does not keep the process alive by itself: only while an answer is awaited.
 *
 * If the thread ends unexpectedly (PostgreSQL aborted, out of memory), what was waiting fails as "database
 * unavailable" and so does every call until a new thread has started PostgreSQL again on the same data
 * directory (its crash recovery replays the WAL: what committed is there). Transactions of the old thread are
 * gone; their later statements fail the same way. An in-memory database is not restarted: its data died
 * with the thread, so it stays closed.
 */
export class EmbeddedDatabase {
  /** Resolves when PostgreSQL has started; rejects with PGlite's error when it cannot. */
  readonly waitReady: Promise<void>;
  private worker!: Worker;
  private settleStart!: { resolve(): void; reject(error: Error): void };
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private readonly threadListeners = new Set<(event: ThreadEvent) => void>();
  /** Transactions open on the current thread (ids are ours, so a new thread never reuses one). */
  private readonly transactions = new Set<number>();
  private nextId = 1;
  private nextTransaction = 1;
  /** Set for good: closed, or the first start failed, or an in-memory database lost its thread. */
  private stopped?: Error;
  /** Set while the thread is down and a new one is being started. */
  private down?: { reason: Error; since: number; retryInMs: number; timer: NodeJS.Timeout };
  private started = false;

  constructor(private readonly options: HostOptions) {
    this.waitReady = new Promise<void>((resolve, reject) => (this.settleStart = { resolve, reject }));
    this.waitReady.catch(() => undefined);
    this.startThread();
  }

  get ready(): boolean {
    return this.started && !this.stopped && !this.down;
  }

  /** Calls `listener` when the thread ends unexpectedly, is started again, or cannot be yet. */
  onThreadEvent(listener: (event: ThreadEvent) => void): () => void {
    this.threadListeners.add(listener);
    return () => this.threadListeners.delete(listener);
  }

  get closed(): boolean {
    return this.stopped !== undefined;
  }

  /** Requests sent to the thread and not answered yet (running or queued there). */
  get requestsInFlight(): number {
    return this.pending.size;
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    return this.send({ op: 'query', sql, params }) as Promise<QueryResult<T>>;
  }

  exec(sql: string): Promise<QueryResult<Record<string, unknown>>[]> {
    return this.send({ op: 'exec', sql }) as Promise<QueryResult<Record<string, unknown>>[]>;
  }

  /**
   * Calls `onNotify` for every NOTIFY on `channel`, before the answer of the statement that committed it; and
   * once with an empty payload after a new thread has started (a NOTIFY may have been lost with the old one).
   */
  async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
    let callbacks = this.listeners.get(channel);
    if (!callbacks) {
      callbacks = new Set();
      this.listeners.set(channel, callbacks);
      try {
        await this.send({ op: 'listen', channel });
      } catch (e) {
        this.listeners.delete(channel);
        throw e;
      }
    }
    callbacks.add(onNotify);
    return async () => {
      callbacks.delete(onNotify);
      if (callbacks.size || this.listeners.get(channel) !== callbacks) return;
      this.listeners.delete(channel);
      if (!this.closed) await this.send({ op: 'unlisten', channel });
    };
  }

  /** Shuts PostgreSQL down cleanly, then ends its thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.down) {
      this.stop(new Error(CLOSED));
      await this.worker.terminate(); // a thread may be starting
      return;
    }
    try {
      await this.send({ op: 'close' });
    } finally {
      this.stop(new Error(CLOSED));
      await this.worker.terminate();
    }
  }

  queryRaw(query: SqlQuery, tx?: number): Promise<unknown> {
    return this.send({ op: 'queryRaw', query, tx });
  }

  executeRaw(query: SqlQuery, tx?: number): Promise<unknown> {
    return this.send({ op: 'executeRaw', query, tx });
  }

  executeScript(script: string): Promise<unknown> {
    return this.send({ op: 'executeScript', script });
  }

  async startTransaction(isolationLevel?: string): Promise<unknown> {
    const tx = this.nextTransaction++;
    const worker = this.worker;
    const started = await this.send({ op: 'startTransaction', isolationLevel, tx });
    if (this.worker === worker) this.transactions.add(tx);
    return started;
  }

  async endTransaction(op: 'commit' | 'rollback', tx: number): Promise<unknown> {
    try {
      return await this.send({ op, tx });
    } finally {
      this.transactions.delete(tx);
    }
  }

  private async send(request: Request): Promise<unknown> {
    if (!this.started) await this.waitReady;
    if (this.stopped) throw this.stopped;
    if (this.down) throw this.down.reason;
    if ('tx' in request && request.tx !== undefined && request.op !== 'startTransaction' && !this.transactions.has(request.tx)) {
      throw new Error(`${CLOSED}: transaction ${request.tx} ended with the thread that ran it`);
    }
    const id = this.nextId++;
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private receive(message: HostMessage) {
    if ('notify' in message) {
      for (const onNotify of this.listeners.get(message.notify) ?? []) onNotify(message.payload);
      return;
    }
    if ('ready' in message) {
      if (!message.ready) return this.started ? this.threadEnded(deserializeError(message.error)) : this.stop(deserializeError(message.error));
      this.worker.unref(); // nothing was sent before the start
      if (this.down) return this.restarted();
      this.started = true;
      this.settleStart.resolve();
      return;
    }
    const waiting = this.pending.get(message.id);
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.ok) waiting?.resolve(message.value);
    else waiting?.reject(deserializeError(message.error));
  }

  private startThread() {
    const { file, execArgv } = hostScript();
    const worker = new Worker(file, { workerData: this.options, execArgv, resourceLimits: HOST_HEAP_LIMITS });
    this.worker = worker;
    worker.on('message', (message: HostMessage) => this.receive(message));
    const ended = (reason: Error) => {
      if (this.stopped) return;
      if (!this.started) return this.stop(reason);
      this.threadEnded(reason);
    };
    worker.on('error', (e) => ended(new Error(`${CLOSED}: its thread failed (${e.message})`)));
    worker.on('exit', (code) => ended(new Error(`${CLOSED}: its thread exited (code ${code})`)));
  }

  /** The thread ended (or a new one could not start PostgreSQL): fail what waits, and start one again. */
  private threadEnded(reason: Error) {
    this.failPending(reason);
    this.transactions.clear();
    // Retired: nothing it still sends or its exit is heard (an 'error' without a listener would throw).
    this.worker.removeAllListeners().on('error', () => undefined);
    void this.worker.terminate();
    if (this.options.dataDir.startsWith('memory://')) {
      this.emit({ event: 'lost', reason: reason.message, restarting: false });
      return this.stop(reason);
    }
    this.restartLater(reason);
  }

  private restartLater(reason: Error) {
    const retryInMs = this.down ? Math.min(this.down.retryInMs * 2, RESTART_DELAYS_MS.max) : RESTART_DELAYS_MS.first;
    if (this.down) this.emit({ event: 'restart-failed', error: reason.message, retryInMs });
    else this.emit({ event: 'lost', reason: reason.message, restarting: true });
    const timer = setTimeout(() => this.restartThread(), retryInMs).unref();
    this.down = { reason: this.down?.reason ?? reason, since: this.down?.since ?? Date.now(), retryInMs, timer };
  }

  /**
   * A new thread only on the database that was there: PGlite would create an empty one in a data directory
   * that has gone (moved, deleted, an unmounted volume), and the server would answer from it as if nothing
   * had happened.
   */
  private restartThread() {
    if (!existsSync(join(this.options.dataDir, 'PG_VERSION'))) {
      return this.restartLater(new Error(`${CLOSED}: its data directory ${this.options.dataDir} holds no database any more (no PG_VERSION)`));
    }
    this.startThread();
  }

  private restarted() {
    const since = this.down!.since;
    this.down = undefined;
    this.emit({ event: 'restarted', afterMs: Date.now() - since });
    for (const [channel, callbacks] of this.listeners) {
      this.send({ op: 'listen', channel }).then(
        () => callbacks.forEach((onNotify) => onNotify('')),
        () => undefined, // the thread ended again: the next restart listens again
      );
    }
  }

  private emit(event: ThreadEvent) {
    for (const listener of this.threadListeners) listener(event);
  }

  private failPending(reason: Error) {
    for (const { reject } of this.pending.values()) reject(reason);
    this.pending.clear();
  }

  /** For good: fails everything still waiting (the start too); later calls fail with `reason`. */
  private stop(reason: Error) {
    this.stopped ??= reason;
    this.settleStart.reject(reason); // no effect once started
    if (this.down?.timer) clearTimeout(this.down.timer);
    this.down = undefined;
    this.failPending(reason);
    this.worker.unref();
  }
}

/**
 * The compiled host script beside this module, or under dist/prisma/embedded when this module is part of the
 * server's bundle (dist/main.bundle.js); under ts-jest (TypeScript sources) the thread compiles it with ts-node.
 */
function hostScript(): { file: string; execArgv?: string[] } {
  if (__filename.endsWith('.ts')) {
    return { file: join(__dirname, 'pglite-host.worker.ts'), execArgv: [...process.execArgv, '--require', 'ts-node/register/transpile-only'] };
  }
  const beside = join(__dirname, 'pglite-host.worker.js');
  return { file: existsSync(beside) ? beside : join(__dirname, 'prisma', 'embedded', 'pglite-host.worker.js') };
}
