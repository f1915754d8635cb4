import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

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

/**
 * A fresh, empty database for one test app: an in-memory PGlite, or a new database on the PostgreSQL service
 * (`createOptions` follow its `CREATE DATABASE`, e.g. a locale).
 */
export async function createTestDatabase(kind: TestDbKind = testDbKind(), createOptions = ''): Promise<TestDatabase> {
  const name = `ca_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (kind === 'pglite') {
    return { env: { PGLITE_DATA_DIR: `memory://${name}`, DATABASE_URL: '' }, drop: async () => {} };
  }
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} ${createOptions}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
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
