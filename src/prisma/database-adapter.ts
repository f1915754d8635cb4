import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import * as vm from 'node:vm';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import {
  DriverAdapterError,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';

export interface DatabaseOptions {
  /** PostgreSQL connection string. When absent, an embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data directory on disk, or `memory://` / `memory://<name>` for an in-memory database. */
  pgliteDataDir: string;
  /** Maximum size of the PostgreSQL connection pool (default 10). Ignored for PGlite. */
  poolMax?: number;
}

export function isEmbedded(opts: DatabaseOptions): boolean {
  return !opts.databaseUrl;
}

/**
 * PGlite is a single-connection, in-process PostgreSQL, and a data directory must never be opened by
 * two instances at once. So this process keeps ONE instance per data directory, shared by the
 * migrator and every PrismaClient built from createAdapterFactory(), until closeEmbedded().
 *
 * Registry keys: an on-disk dir is keyed by its absolute path. `memory://` and `memory://<name>` are
 * keys of their own, each a separate in-memory database, so a test file that wants a fresh database
 * uses a name of its own (e.g. `memory://orders-spec`). Jest also gives every test file a fresh module
 * registry, and with it a fresh registry here.
 */
const embedded = new Map<string, PGlite>();

function embeddedKey(dataDir: string): string {
  return dataDir.startsWith('memory://') ? dataDir : resolve(dataDir);
}

export function getEmbeddedDatabase(opts: DatabaseOptions): PGlite {
  const key = embeddedKey(opts.pgliteDataDir);
  let db = embedded.get(key);
  if (!db) {
    // PGlite loads parts of itself with import(), which Jest only supports under that flag; without
    // it every query fails with a less helpful error.
    if (process.env.JEST_WORKER_ID && !('SourceTextModule' in vm)) {
      throw new Error('PGlite under Jest needs Node started with --experimental-vm-modules (e.g. NODE_OPTIONS=--experimental-vm-modules)');
    }
    if (!key.startsWith('memory://')) mkdirSync(key, { recursive: true });
    db = new PGlite(key);
    embedded.set(key, db);
  }
  return db;
}

export async function closeEmbedded(opts: DatabaseOptions): Promise<void> {
  const key = embeddedKey(opts.pgliteDataDir);
  const db = embedded.get(key);
  if (!db) return;
  embedded.delete(key);
  if (!db.closed) await db.close();
}

/**
 * pglite-prisma-adapter 0.7.2 does not await `exec` in executeScript (used to run migration scripts),
 * so a failing migration would be recorded as applied and its error become an unhandled rejection.
 * Its shadow database (`connectToShadowDb`, used to diff migrations) is also never closed.
 */
class EmbeddedAdapterFactory extends PrismaPGlite {
  constructor(private readonly db: PGlite) {
    super(db);
  }

  override async connect(): Promise<SqlDriverAdapter> {
    return withAwaitedScripts(await super.connect(), this.db);
  }

  override async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const shadow = new PGlite('memory://');
    const adapter = withAwaitedScripts(await new PrismaPGlite(shadow).connect(), shadow);
    adapter.dispose = () => shadow.close();
    return adapter;
  }
}

function withAwaitedScripts(adapter: SqlDriverAdapter, db: PGlite): SqlDriverAdapter {
  adapter.executeScript = async (script) => {
    try {
      await db.exec(script);
    } catch (e) {
      if (typeof e?.code === 'string' && typeof e?.message === 'string') {
        throw new DriverAdapterError({
          kind: 'postgres',
          code: e.code,
          severity: e.severity ?? 'ERROR',
          message: e.message,
          detail: e.detail,
          column: e.column,
          hint: e.hint,
        });
      }
      throw e;
    }
  };
  return adapter;
}

/** Adapter factory for `new PrismaClient({ adapter })`; it is migration-aware, so the migrator uses it too. */
export function createAdapterFactory(opts: DatabaseOptions): SqlMigrationAwareDriverAdapterFactory {
  if (opts.databaseUrl) {
    const factory = new PrismaPg({ connectionString: opts.databaseUrl, max: opts.poolMax ?? 10 });
    // adapter-pg 7.10.1 opens its shadow database as { connectionString, database: <shadow> } and pg lets
    // the connection string win, so the "shadow" is this very database, which the engine then empties.
    factory.connectToShadowDb = () =>
      Promise.reject(new Error('No shadow database on PostgreSQL here: adapter-pg would reset the main database'));
    return factory;
  }
  return new EmbeddedAdapterFactory(getEmbeddedDatabase(opts));
}

/** Human-readable target for logs; never includes a password. */
export function describeDatabase(opts: DatabaseOptions): string {
  if (opts.databaseUrl) {
    try {
      const url = new URL(opts.databaseUrl);
      const user = url.username ? `${decodeURIComponent(url.username)}@` : '';
      return `PostgreSQL ${user}${url.host}${url.pathname}`;
    } catch {
      return 'PostgreSQL (unparsable DATABASE_URL)';
    }
  }
  const key = embeddedKey(opts.pgliteDataDir);
  return key.startsWith('memory://') ? `PGlite in memory (${key})` : `PGlite at ${key}`;
}
