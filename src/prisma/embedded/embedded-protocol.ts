import { inspect } from 'node:util';
import { DriverAdapterError, isDriverAdapterError, type SqlQuery } from '@prisma/driver-adapter-utils';

/**
 * Messages between the server's thread and the thread that runs PGlite (pglite-host.worker.ts). Every
 * request carries an id its answer repeats; notifications carry none. Values cross by structured clone.
 */
export type HostRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[] }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' }
  /** Prisma driver operations; `tx` names an open transaction, absent for the connection itself. */
  | { id: number; op: 'queryRaw' | 'executeRaw'; query: SqlQuery; tx?: number }
  | { id: number; op: 'executeScript'; script: string }
  /** `tx`: the id its later statements will name (chosen by the server's thread). */
  | { id: number; op: 'startTransaction'; isolationLevel?: string; tx: number }
  | { id: number; op: 'commit' | 'rollback'; tx: number };

export type HostMessage =
  /** First message of the thread: PGlite started, or why not. */
  | { ready: true }
  | { ready: false; error: SerializedError }
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  /** Sent from inside PGlite's listener, so it reaches the server before the answer of the query that caused it. */
  | { notify: string; payload: string };

export interface HostOptions {
  /** PGlite data directory, or `memory://…`. */
  dataDir: string;
  /** Appended to PGlite's default start parameters. */
  startParams: string[];
}

export type SerializedError =
  /** A DriverAdapterError: its cause is what Prisma maps to a known error (P2002 and the like). */
  | { driver: unknown }
  | { name: string; message: string; props: Record<string, unknown> };

export function serializeError(e: unknown): SerializedError {
  // By name, as Prisma tests it: pglite-prisma-adapter throws the class of its own copy of the package.
  if (e instanceof Error && isDriverAdapterError(e)) return { driver: e.cause };
  if (e instanceof Error) {
    const props: Record<string, unknown> = {};
    // A PGlite DatabaseError's code, severity, detail, hint… are what callers test (e.g. 42P01).
    for (const [key, value] of Object.entries(e)) if (isCloneable(value)) props[key] = value;
    return { name: e.name, message: e.message, props };
  }
  return { name: 'Error', message: describeThrown(e), props: {} };
}

/** What a thrown value that is not an Error says: its own message where it has one, its content otherwise. */
export function describeThrown(e: unknown): string {
  if (typeof e !== 'object' || e === null) return String(e);
  const message = (e as { message?: unknown }).message;
  if (typeof message === 'string' && message) return message;
  return inspect(e, { depth: 3, breakLength: Infinity });
}

export function deserializeError(s: SerializedError): Error {
  if ('driver' in s) return new DriverAdapterError(s.driver as ConstructorParameters<typeof DriverAdapterError>[0]);
  const error = Object.assign(new Error(s.message), s.props);
  error.name = s.name;
  return error;
}

function isCloneable(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value);
}
