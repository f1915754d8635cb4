import { randomBytes } from 'node:crypto';
import { accessSync, constants, readdirSync, rmSync, statSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataDirectoryLock } from '../../src/prisma/data-directory-lock';
import { migrateDatabase } from '../../src/prisma/migrator';
import { buildPgliteTemplate } from '../../src/prisma/pglite-template-builder';
import { templateKey } from '../../src/prisma/pglite-template';
import { defaultPaths } from '../../src/prisma/project-paths';

export type TestDbKind = 'pglite' | 'postgres';

/** Which database this Jest project runs the e2e suite on (set by the project's setup file). */
export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export const ADMIN_DATABASE_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  env: Record<string, string>;
  drop(): Promise<void>;
}

const databaseUrl = (name: string) => {
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Where the PGlite data directories of test apps are made (each removed when its app has closed):
 * TEST_PGLITE_ROOT, else a memory-backed file system when the machine has one with room (/dev/shm), else the
 * temporary directory. Each app copies the PGlite template (~40 MB, ~1,300 files) and PostgreSQL writes its pages
 * and WAL there; on the virtual disks CI machines have, the copy alone took 1.5–2 s of the kernel's time per app,
 * against about 0.15 s in memory. What is tested (the server's own files, its lock, a restart on the same
 * directory) is the same on either.
 */
export const PGLITE_TEST_ROOT = join(process.env.TEST_PGLITE_ROOT || memoryBackedDirectory() || tmpdir(), 'commerce-api-test-pglite');

function memoryBackedDirectory(): string | undefined {
  const shm = '/dev/shm';
  try {
    accessSync(shm, constants.W_OK);
    const { bavail, bsize } = statfsSync(shm);
    return bavail * bsize >= 2 * 1024 ** 3 ? shm : undefined;
  } catch {
    return undefined;
  }
}

let pgliteTemplate: Promise<unknown> | undefined;

/** What a run that was killed left there (a day old: no run lasts that long), so it does not keep memory or disk. */
function removeLeftovers(): void {
  const dayAgo = Date.now() - 24 * 3600_000;
  try {
    for (const name of readdirSync(PGLITE_TEST_ROOT)) {
      const path = join(PGLITE_TEST_ROOT, name);
      if (statSync(path).mtimeMs < dayAgo) rmSync(path, { recursive: true, force: true });
    }
  } catch {
    // no such folder yet, or another run removed an entry first
  }
}

/**
 * A fresh database for one test app, as a server gets on its first start: migrated, with only the rows the
 * migrations seed. On PGlite, a new data directory, which the app fills from the PGlite template
 * (pglite-template.ts, built here when missing) as `npm start` does: an in-memory PGlite runs initdb at every
 * start, several times what copying the template costs. On PostgreSQL, a copy of a migrated template database
 * (migratedTemplate()); `createOptions` (e.g. a locale, which a copy cannot change) make an empty database
 * instead, which the app migrates as it starts.
 */
export async function createTestDatabase(kind: TestDbKind = testDbKind(), createOptions = ''): Promise<TestDatabase> {
  const name = `ca_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (kind === 'pglite') {
    pgliteTemplate ??= buildPgliteTemplate().finally(removeLeftovers);
    await pgliteTemplate;
    const dir = join(PGLITE_TEST_ROOT, name);
    const drop = async () => {
      for (const path of [dir, DataDirectoryLock.lockFileOf(dir)]) rmSync(path, { recursive: true, force: true });
    };
    return { env: { PGLITE_DATA_DIR: dir, DATABASE_URL: '' }, drop };
  }
  const options = createOptions || `TEMPLATE ${await migratedTemplate()}`;
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} ${options}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl(name));
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const c = new Client({ connectionString: ADMIN_DATABASE_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Ends every connection to `dbName` but the admin's own (the server's pool sees its connections drop). */
export function terminateConnections(admin: Client, dbName: string) {
  return admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);
}

/** Takes the database away from the server (renamed to `<name>_away`, its connections ended), as an outage would. */
export async function renameDatabaseAway(admin: Client, dbName: string) {
  for (let attempt = 0; ; attempt++) {
    await terminateConnections(admin, dbName);
    try {
      await admin.query(`ALTER DATABASE ${dbName} RENAME TO ${dbName}_away`);
      return;
    } catch (err) {
      if (attempt > 20) throw err; // a connection came back between the two statements: end it again
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

let template: Promise<string> | undefined;

/**
 * The name of a PostgreSQL database holding every migration of prisma/migrations and nothing else, made once per
 * migration set on the service (its name carries the set's key, as the PGlite template's does) and copied by
 * `CREATE DATABASE … TEMPLATE` for every test app: applying the migrations cost each e2e app start on
 * PostgreSQL more than a second. It is made by the migrator the server uses (under an advisory lock, so that
 * parallel Jest workers and checkouts make it once), under a name of its own, and renamed into place when
 * complete. Templates of other migration sets are left to the checkouts that use them.
 */
export function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `ca_template_${templateKey(defaultPaths().migrationsDir)}`;
    const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      const exists = async (db: string) => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [db])).rowCount === 1;
      if (!(await exists(name))) {
        const building = `${name}_building`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        await migrateDatabase({ databaseUrl: databaseUrl(building), pgliteDataDir: 'memory://' });
        await terminateConnections(admin, building);
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
        await admin.query(`ALTER DATABASE ${name} IS_TEMPLATE true`);
      }
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
      await admin.end();
    }
  })();
  return template;
}
