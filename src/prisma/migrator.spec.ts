import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { closeEmbedded, describeDatabase, getEmbeddedDatabase, type DatabaseOptions } from './database-adapter';
import { createMigration, defaultPaths, migrateDatabase } from './migrator';

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const { migrationsDir } = defaultPaths();
const migrationNames = readdirSync(migrationsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const SOME_TABLES = ['_prisma_migrations', 'access_tokens', 'api_clients', 'carts', 'orders', 'products'];
const TABLES_SQL = `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`;
const APPLIED_SQL = `SELECT migration_name FROM _prisma_migrations
  WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY 1`;

jest.setTimeout(120_000);

it('has at least the init migration', () => {
  expect(migrationNames.some((n) => /^\d{14}_init$/.test(n))).toBe(true);
});

it('describes a database without its password', () => {
  expect(describeDatabase({ databaseUrl: 'postgresql://app:s3cret@db.internal:5433/shop?sslmode=require', pgliteDataDir: 'x' })).toBe(
    'PostgreSQL app@db.internal:5433/shop',
  );
  expect(describeDatabase({ pgliteDataDir: 'memory://x' })).toBe('PGlite in memory (memory://x)');
});

describe('embedded PGlite (in memory)', () => {
  const opts: DatabaseOptions = { pgliteDataDir: 'memory://migrator-spec' };
  afterAll(() => closeEmbedded(opts));

  it('applies every migration once, then does nothing', async () => {
    expect(await migrateDatabase(opts)).toEqual({ applied: migrationNames });
    const db = getEmbeddedDatabase(opts);
    const tables = (await db.query<{ table_name: string }>(TABLES_SQL)).rows.map((r) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining(SOME_TABLES));
    expect((await db.query<{ migration_name: string }>(APPLIED_SQL)).rows.map((r) => r.migration_name)).toEqual(migrationNames);

    expect(await migrateDatabase(opts)).toEqual({ applied: [] });
  });

  it('starts PostgreSQL with 32 MB of shared buffers, not the 128 MB PGlite defaults to', async () => {
    expect((await getEmbeddedDatabase(opts).query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '32MB' }]);
  });

  it('reports a failing migration instead of recording it as applied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrator-spec-'));
    const failing: DatabaseOptions = { pgliteDataDir: 'memory://migrator-spec-failing' };
    try {
      writeFileSync(join(dir, 'migration_lock.toml'), 'provider = "postgresql"\n');
      mkdirSync(join(dir, '20000101000000_broken'));
      writeFileSync(join(dir, '20000101000000_broken', 'migration.sql'), 'CREATE TABLE t (id int);\nSELECT * FROM missing_table;\n');
      await expect(migrateDatabase(failing, () => {}, { migrationsDir: dir })).rejects.toThrow(/missing_table/);
      const rows = await getEmbeddedDatabase(failing).query(`SELECT finished_at FROM _prisma_migrations`);
      expect(rows.rows).toEqual([{ finished_at: null }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await closeEmbedded(failing);
    }
  });
});

describe('createMigration', () => {
  it('finds prisma/schema.prisma in sync with prisma/migrations (no migration to create)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'migrator-spec-'));
    try {
      cpSync(migrationsDir, dir, { recursive: true });
      expect(await createMigration('drift', { pgliteDataDir: 'memory://' }, { migrationsDir: dir })).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes the whole schema as the first migration of an empty folder', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'migrator-spec-')), 'migrations');
    try {
      const file = await createMigration('First one!', { pgliteDataDir: 'memory://' }, { migrationsDir: dir });
      expect(file).toMatch(/\/\d{14}_first_one\/migration\.sql$/);
      expect(readFileSync(file!, 'utf8')).toContain('CREATE TABLE "api_clients"');
      expect(existsSync(join(dir, 'migration_lock.toml'))).toBe(true);
    } finally {
      rmSync(join(dir, '..'), { recursive: true, force: true });
    }
  });
});

describe('PostgreSQL', () => {
  const names = [1, 2].map(() => `commerce_migrator_test_${randomBytes(6).toString('hex')}`);
  const urls = names.map((name) => {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    return url.toString();
  });

  async function admin(sql: string): Promise<void> {
    const client = new Client({ connectionString: ADMIN_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }

  async function query<T>(url: string, sql: string): Promise<T[]> {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    for (const name of names) await admin(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    for (const name of names) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('applies every migration once, then does nothing', async () => {
    const opts: DatabaseOptions = { databaseUrl: urls[0], pgliteDataDir: 'unused' };
    const log: string[] = [];
    expect(await migrateDatabase(opts, (m) => log.push(m))).toEqual({ applied: migrationNames });
    expect(log).toEqual(migrationNames.map((n) => `applied migration ${n}`));
    const tables = (await query<{ table_name: string }>(urls[0], TABLES_SQL)).map((r) => r.table_name);
    expect(tables).toEqual(expect.arrayContaining(SOME_TABLES));

    expect(await migrateDatabase(opts)).toEqual({ applied: [] });
    expect((await query<{ migration_name: string }>(urls[0], APPLIED_SQL)).map((r) => r.migration_name)).toEqual(migrationNames);
  });

  it('lets two concurrent callers (replicas starting together) apply each migration once', async () => {
    const opts: DatabaseOptions = { databaseUrl: urls[1], pgliteDataDir: 'unused' };
    const results = await Promise.all([migrateDatabase(opts), migrateDatabase(opts)]);
    expect(results.map((r) => r.applied).sort()).toEqual([[], migrationNames]);
    const rows = await query<{ migration_name: string }>(urls[1], `SELECT migration_name FROM _prisma_migrations ORDER BY 1`);
    expect(rows.map((r) => r.migration_name)).toEqual(migrationNames);
  });
});
