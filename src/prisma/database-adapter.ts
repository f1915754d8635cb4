import { mkdirSync, realpathSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { GetPrismaClientConfig } from '@prisma/client/runtime/client';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { embeddedAdapterFactory } from './embedded/embedded-driver-adapter';
import { EmbeddedDatabase } from './embedded/embedded-database';
import { DataDirectoryLock } from './data-directory-lock';
import { defaultTemplateOptions, isMissingOrEmptyDir, seedFromTemplate, type PgliteTemplateOptions } from './pglite-template';
import { watchEmbedded, watchPgPool, type PoolWatch } from './pool-watch';
import { pgDriver, prismaPgAdapter } from '../common/database/postgres-driver';
import { statementNamer } from './prepared-statement';
import { withFastCompilerLoading } from './query-compiler-module';
import { withoutPlanParameterization } from './query-plan-cache';

export interface DatabaseOptions {
  /** PostgreSQL connection string. When absent, an embedded PGlite database is used. */
  databaseUrl?: string;
  /** PGlite data directory on disk, or `memory://` / `memory://<name>` for an in-memory database. */
  pgliteDataDir: string;
  /** Maximum size of the PostgreSQL connection pool (default 10). Ignored for PGlite. */
  poolMax?: number;
  /** How many distinct statements marked prepared() each PostgreSQL connection may keep prepared (default 16). */
  preparedStatements?: number;
  /**
   * Template a new, empty PGlite data directory on disk is copied from instead of running initdb (see
   * pglite-template.ts): the project's by default, `false` for none. In-memory databases never use one.
   */
  pgliteTemplate?: PgliteTemplateOptions | false;
}

/**
 * PGlite is a single-connection, in-process PostgreSQL (here on a thread of its own, see
 * embedded/embedded-database.ts), and a data directory must never be opened by two instances at once.
 * So this process keeps ONE instance per data directory, shared by the migrator and every PrismaClient
 * built from createAdapterFactory(), until closeEmbedded(); and it holds the directory's lock meanwhile
 * (data-directory-lock.ts), so that no other process (a second server, a migration, the seed) opens it.
 *
 * Registry keys: an on-disk dir is keyed by its real path (links resolved). `memory://` and `memory://<name>` are
 * keys of their own, each a separate in-memory database, so a test file that wants a fresh database
 * uses a name of its own (e.g. `memory://orders-spec`). Jest also gives every test file a fresh module
 * registry, and with it a fresh registry here.
 */
interface EmbeddedEntry {
  db: EmbeddedDatabase;
  /** Resolves to the started instance: `db`, or its replacement when a copied template would not start. */
  ready: Promise<EmbeddedDatabase>;
  origin: EmbeddedOrigin;
  /** Held from before the data directory is created or opened until the instance is closed (not in memory). */
  lock?: DataDirectoryLock;
}

/** How the data directory of an embedded database came to be, for the start-up log. */
export type EmbeddedOrigin =
  | { created: 'existing' | 'in-memory' }
  | { created: 'template'; copyMs: number }
  | { created: 'initdb'; template: 'none' | 'missing' | 'unusable' | 'did-not-start'; detail: string };

const embedded = new Map<string, EmbeddedEntry>();

/**
 * Appended to PGlite's default start parameters. PostgreSQL's shared_buffers (128 MB by default) is allocated
 * and zeroed inside PGlite's WebAssembly heap at start, so it is resident from the first second and that
 * heap never shrinks. 32 MB measured (10,000 products, 101,000 orders): about 120 MB less RSS at start and
 * at peak, no change to the products list (its tables and indexes fit), and up to a third more CPU on order
 * pages that read the 76 MB orders table, whose pages then come through the file system instead.
 * A `-c` option overrides postgresql.conf in the data directory.
 */
const PGLITE_START_PARAMS = ['-c', 'shared_buffers=32MB'];

function embeddedKey(dataDir: string): string {
  return dataDir.startsWith('memory://') ? dataDir : realPath(dataDir);
}

/**
 * The directory's path with every symbolic link resolved, for the part of it that exists yet: a link to a
 * directory and the directory itself must take the same lock.
 */
function realPath(dataDir: string): string {
  const missing: string[] = [];
  for (let dir = resolve(dataDir); ; dir = dirname(dir)) {
    try {
      return join(realpathSync(dir), ...missing.reverse());
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || dirname(dir) === dir) throw e;
      missing.push(basename(dir));
    }
  }
}

function startEmbedded(dataDir: string): EmbeddedDatabase {
  return new EmbeddedDatabase({ dataDir, startParams: PGLITE_START_PARAMS });
}

export function getEmbeddedDatabase(opts: DatabaseOptions): EmbeddedDatabase {
  return embeddedEntry(opts).db;
}

/** The embedded database, started; use this rather than awaiting getEmbeddedDatabase(...).waitReady. */
export function openEmbeddedDatabase(opts: DatabaseOptions): Promise<EmbeddedDatabase> {
  return embeddedEntry(opts).ready;
}

/** How this process's instance for `opts` got its data directory (undefined before it is opened). */
export function embeddedOrigin(opts: DatabaseOptions): EmbeddedOrigin | undefined {
  return embedded.get(embeddedKey(opts.pgliteDataDir))?.origin;
}

function embeddedEntry(opts: DatabaseOptions): EmbeddedEntry {
  const key = embeddedKey(opts.pgliteDataDir);
  const existing = embedded.get(key);
  if (existing) return existing;
  let origin: EmbeddedOrigin = { created: 'in-memory' };
  let lock: DataDirectoryLock | undefined;
  if (!key.startsWith('memory://')) {
    // Two processes on one data directory each run a PostgreSQL on it and overwrite each other's writes.
    lock = DataDirectoryLock.acquire(key);
    try {
      origin = prepareDataDir(key, opts.pgliteTemplate);
      mkdirSync(key, { recursive: true });
    } catch (e) {
      lock.release();
      throw e;
    }
  }
  const db = startEmbedded(key);
  const created: EmbeddedEntry = { db, origin, lock, ready: db.waitReady.then(() => db) };
  if (origin.created === 'template') {
    // A copied template that PostgreSQL refuses (damaged after its check) costs a fallback, not the start.
    created.ready = created.ready.catch((e) => replaceFailedTemplateCopy(key, created, e));
  }
  // Callers that never await `ready` (e.g. a test that only closes) must not see an unhandled rejection.
  created.ready.catch(() => {});
  embedded.set(key, created);
  return created;
}

/** Copies the template into a new, empty data directory; says why not otherwise. */
function prepareDataDir(dir: string, template: PgliteTemplateOptions | false | undefined): EmbeddedOrigin {
  if (!isMissingOrEmptyDir(dir)) return { created: 'existing' };
  if (template === false) return { created: 'initdb', template: 'none', detail: 'no template configured' };
  let seed;
  try {
    seed = seedFromTemplate(dir, template ?? defaultTemplateOptions());
  } catch (e) {
    return { created: 'initdb', template: 'unusable', detail: `template lookup failed: ${(e as Error).message}` };
  }
  if (seed.seeded) return { created: 'template', copyMs: seed.ms };
  return seed.reason === 'not-empty' ? { created: 'existing' } : { created: 'initdb', template: seed.reason, detail: seed.detail };
}

async function replaceFailedTemplateCopy(key: string, entry: EmbeddedEntry, error: unknown): Promise<EmbeddedDatabase> {
  if (embedded.get(key) !== entry) throw error; // closed meanwhile
  await entry.db.close().catch(() => {});
  // The directory is the copy made a moment ago by this process, and PostgreSQL never started on it.
  rmSync(key, { recursive: true, force: true });
  mkdirSync(key, { recursive: true });
  entry.origin = { created: 'initdb', template: 'did-not-start', detail: String((error as Error)?.message ?? error) };
  entry.db = startEmbedded(key);
  await entry.db.waitReady;
  return entry.db;
}

export async function closeEmbedded(opts: DatabaseOptions): Promise<void> {
  const key = embeddedKey(opts.pgliteDataDir);
  const entry = embedded.get(key);
  if (!entry) return;
  embedded.delete(key);
  const db = await entry.ready.catch(() => entry.db);
  try {
    if (!db.closed) await db.close().catch((e) => {
      if (db.ready) throw e; // closing an instance that never started fails the same way its start did
    });
  } finally {
    entry.lock?.release();
  }
}

/** Adapter factory for `new PrismaClient({ adapter })`; it is migration-aware, so the migrator uses it too. */
export function createAdapterFactory(opts: DatabaseOptions): SqlMigrationAwareDriverAdapterFactory {
  if (opts.databaseUrl) {
    const max = opts.poolMax ?? 10;
    // Our own pool (adapter-pg ends it when the client disconnects), so that the metrics can watch it.
    const pool = new (pgDriver().Pool)({ connectionString: opts.databaseUrl, max });
    const nameOf = statementNamer(opts.preparedStatements ?? 16);
    const factory = new (prismaPgAdapter().PrismaPg)(pool, {
      disposeExternalPool: true,
      // Typed as always naming; pg runs a statement without a name (undefined) unnamed, as without a generator.
      statementNameGenerator: nameOf as (query: { sql: string }) => string,
    });
    poolWatches.set(factory, watchPgPool(pool, max));
    poolQueries.set(factory, poolQuery(pool, nameOf));
    // adapter-pg 7.10.1 opens its shadow database as { connectionString, database: <shadow> } and pg lets
    // the connection string win, so the "shadow" is this very database, which the engine then empties.
    factory.connectToShadowDb = () =>
      Promise.reject(new Error('No shadow database on PostgreSQL here: adapter-pg would reset the main database'));
    return factory;
  }
  getEmbeddedDatabase(opts); // starts PGlite while the rest of the application is being built
  const factory = embeddedAdapterFactory(
    () => openEmbeddedDatabase(opts),
    async () => {
      const shadow = startEmbedded('memory://');
      await shadow.waitReady.catch(async (e) => {
        await shadow.close().catch(() => undefined);
        throw e;
      });
      return shadow;
    },
  );
  poolWatches.set(factory, watchEmbedded(() => embedded.get(embeddedKey(opts.pgliteDataDir))?.db));
  return factory;
}

const poolWatches = new WeakMap<object, PoolWatch>();

/** The connection pool behind an adapter factory made by createAdapterFactory (or prismaClientOptions). */
export function poolWatchOf(factory: object): PoolWatch | undefined {
  return poolWatches.get(factory);
}

/** A read statement run on the PostgreSQL pool itself: its rows as node-postgres parses them. */
export type PoolQuery = <T>(statement: { text: string; values: unknown[] }) => Promise<T[]>;

const poolQueries = new WeakMap<object, PoolQuery>();

/** How to run a statement on the pool behind a PostgreSQL adapter factory, without the client; none on PGlite. */
export function poolQueryOf(factory: object): PoolQuery | undefined {
  return poolQueries.get(factory);
}

/**
 * Statements named as the adapter names them (the same text, the same prepared statement on a connection).
 * Times go as ISO 8601 text, the instant whatever the process's time zone. A failure keeps the driver's error
 * as its `cause`, where the error mapping reads the database's code.
 */
function poolQuery(pool: import('pg').Pool, nameOf: (query: { sql: string }) => string | undefined): PoolQuery {
  return async <T>({ text, values }: { text: string; values: unknown[] }) => {
    const bound = values.map((v) => (v instanceof Date ? v.toISOString() : v));
    try {
      return (await pool.query({ name: nameOf({ sql: text }), text, values: bound })).rows as T[];
    } catch (e) {
      throw new Error((e as Error).message, { cause: e });
    }
  };
}

/**
 * Every interactive transaction waits up to 30 s to start and may run 30 s, instead of Prisma's 2 s and 5 s:
 * on PGlite's single connection concurrent transactions queue one behind the other, and on PostgreSQL they
 * queue for a pooled connection or a row lock. Under load a queue of a few dozen short transactions outlasts
 * 2 s; answering 503 then would refuse work the database is about to do.
 */
export const TRANSACTION_LIMITS = { maxWait: 30_000, timeout: 30_000 };

/** The options as the generated client's constructor types know them: they leave out the runtime's `__internal`. */
type ClientOptions = {
  adapter: SqlMigrationAwareDriverAdapterFactory;
  errorFormat: 'minimal';
  transactionOptions: typeof TRANSACTION_LIMITS;
  queryPlanCacheMaxSize?: number;
};

/**
 * Options of every PrismaClient the server runs. `errorFormat: 'minimal'`: with any other format Prisma
 * captures a stack trace (`new Error()`) on every query, only to point at the calling line if the query
 * fails; ~4 % of the CPU of a simple request. Errors keep their code, meta and message. The query compiler is
 * loaded as query-compiler-module.ts says, through the runtime's configuration override (`__internal.configOverride`).
 * `queryPlanCache: false`: a client that compiles each query as it comes and holds no parameterization graph
 * (query-plan-cache.ts), for one whose statements are few and mostly raw SQL.
 */
export function prismaClientOptions(opts: DatabaseOptions, { queryPlanCache = true } = {}): ClientOptions {
  const configOverride = queryPlanCache
    ? withFastCompilerLoading
    : (config: GetPrismaClientConfig) => withoutPlanParameterization(withFastCompilerLoading(config));
  const options = {
    adapter: createAdapterFactory(opts),
    errorFormat: 'minimal' as const,
    transactionOptions: TRANSACTION_LIMITS,
    ...(queryPlanCache ? {} : { queryPlanCacheMaxSize: 0 }),
    __internal: { configOverride },
  };
  return options;
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
