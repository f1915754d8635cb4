import type { Pool } from 'pg';
import type { EmbeddedDatabase } from './embedded/embedded-database';

/** A connection pool's use at one moment. */
export interface PoolUsage {
  max: number;
  inUse: number;
  idle: number;
  /** Requests waiting for a connection. */
  waiting: number;
}

/** What the metrics read from a database client's connection pool. */
export interface PoolWatch {
  usage(): PoolUsage;
  /** Calls `listener` with the seconds each connection request waited (PostgreSQL only: PGlite has no pool). */
  onWait(listener: (seconds: number) => void): void;
}

/**
 * Watches a pg pool: its counts, and how long each connection request waits. Both `pool.connect()` and
 * `pool.query()` (which adapter-pg uses for statements outside a transaction) go through `connect`.
 */
export function watchPgPool(pool: Pool, max: number): PoolWatch {
  const listeners: ((seconds: number) => void)[] = [];
  const connect = pool.connect.bind(pool) as (cb?: (...args: unknown[]) => void) => Promise<unknown> | void;
  const waited = (started: number) => {
    const seconds = (performance.now() - started) / 1000;
    for (const listener of listeners) listener(seconds);
  };
  (pool as unknown as { connect: typeof connect }).connect = (cb) => {
    const started = performance.now();
    if (cb) {
      return connect((...args: unknown[]) => {
        waited(started);
        cb(...args);
      });
    }
    return (connect() as Promise<unknown>).then((client) => {
      waited(started);
      return client;
    });
  };
  return {
    usage: () => ({ max, inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onWait: (listener) => void listeners.push(listener),
  };
}

/**
 * PGlite is one connection on a thread of its own: "in use" while it has requests to answer, and the
 * requests beyond the one it runs are waiting.
 */
export function watchEmbedded(database: () => EmbeddedDatabase | undefined): PoolWatch {
  return {
    usage: () => {
      const requests = database()?.requestsInFlight ?? 0;
      return { max: 1, inUse: Math.min(1, requests), idle: requests ? 0 : 1, waiting: Math.max(0, requests - 1) };
    },
    onWait: () => undefined,
  };
}
