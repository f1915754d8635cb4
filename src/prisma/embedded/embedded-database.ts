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

/**
 * An embedded PostgreSQL (PGlite) running on a thread of its own (pglite-host.worker.ts). PostgreSQL's
 * WebAssembly then no longer runs on the server's thread: HTTP requests, JSON and webhook sends go on
 * while a query executes, and the two use two cores. The methods are those of PGlite that this project
 * uses, plus Prisma's driver operations (embedded-driver-adapter.ts).
 *
 * The thread does not keep the process alive by itself: only while an answer is awaited.
 */
export class EmbeddedDatabase {
  /** Resolves when PostgreSQL has started; rejects with PGlite's error when it cannot. */
  readonly waitReady: Promise<void>;
  private readonly worker: Worker;
  private settleStart!: { resolve(): void; reject(error: Error): void };
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  private stopped?: Error;
  private started = false;

  constructor(options: HostOptions) {
    const { file, execArgv } = hostScript();
    this.worker = new Worker(file, { workerData: options, execArgv, resourceLimits: HOST_HEAP_LIMITS });
    this.waitReady = new Promise<void>((resolve, reject) => (this.settleStart = { resolve, reject }));
    this.waitReady.catch(() => undefined);
    this.worker.on('message', (message: HostMessage) => this.receive(message));
    this.worker.on('error', (e) => this.stop(new Error(`${CLOSED}: its thread failed (${e.message})`)));
    this.worker.on('exit', (code) => this.stop(new Error(`${CLOSED}: its thread exited (code ${code})`)));
  }

  get ready(): boolean {
    return this.started && !this.stopped;
  }

  get closed(): boolean {
    return this.stopped !== undefined;
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
    return this.send({ op: 'query', sql, params }) as Promise<QueryResult<T>>;
  }

  exec(sql: string): Promise<QueryResult<Record<string, unknown>>[]> {
    return this.send({ op: 'exec', sql }) as Promise<QueryResult<Record<string, unknown>>[]>;
  }

  /** Calls `onNotify` for every NOTIFY on `channel`, before the answer of the statement that committed it. */
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

  startTransaction(isolationLevel?: string): Promise<unknown> {
    return this.send({ op: 'startTransaction', isolationLevel });
  }

  endTransaction(op: 'commit' | 'rollback', tx: number): Promise<unknown> {
    return this.send({ op, tx });
  }

  private async send(request: Request): Promise<unknown> {
    if (!this.started) await this.waitReady;
    if (this.stopped) throw this.stopped;
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
      if (!message.ready) return this.stop(deserializeError(message.error));
      this.started = true;
      this.settleStart.resolve();
      this.worker.unref(); // nothing was sent before the start
      return;
    }
    const waiting = this.pending.get(message.id);
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    if (message.ok) waiting?.resolve(message.value);
    else waiting?.reject(deserializeError(message.error));
  }

  /** Fails everything still waiting (the start too); later calls fail with `reason`. */
  private stop(reason: Error) {
    this.stopped ??= reason;
    this.settleStart.reject(reason); // no effect once started
    for (const { reject } of this.pending.values()) reject(reason);
    this.pending.clear();
    this.worker.unref();
  }
}

/** The compiled host script; under ts-jest (TypeScript sources) the thread compiles it with ts-node. */
function hostScript(): { file: string; execArgv?: string[] } {
  if (__filename.endsWith('.ts')) {
    return { file: join(__dirname, 'pglite-host.worker.ts'), execArgv: [...process.execArgv, '--require', 'ts-node/register/transpile-only'] };
  }
  return { file: join(__dirname, 'pglite-host.worker.js') };
}
