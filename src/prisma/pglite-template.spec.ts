import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { EmbeddedDatabase } from './embedded/embedded-database';
import { PrismaClient } from '../generated/prisma/client';
import {
  closeEmbedded,
  createAdapterFactory,
  embeddedOrigin,
  openEmbeddedDatabase,
  type DatabaseOptions,
} from './database-adapter';
import { migrateDatabase } from './migrator';
import {
  checkTemplate,
  MANIFEST,
  moveIntoPlace,
  seedFromTemplate,
  TEMPLATE_DATA,
  templateDir,
  type PgliteTemplateOptions,
  type TemplateManifest,
} from './pglite-template';
import { migrationNames } from './project-paths';
import { buildPgliteTemplate } from './pglite-template-builder';
import { defaultPaths, findProjectRoot } from './project-paths';

jest.setTimeout(180_000);

const { migrationsDir } = defaultPaths();
const MIGRATIONS = migrationNames(migrationsDir);

/** What a migrated database consists of: columns, indexes, constraints, triggers, functions, enum labels. */
const SCHEMA_SQL = `
  SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS item
    FROM information_schema.columns WHERE table_schema = 'public'
  UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
  UNION ALL SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace
  UNION ALL SELECT 'trigger ' || tgrelid::regclass || ' ' || tgname FROM pg_trigger WHERE NOT tgisinternal
  UNION ALL SELECT 'function ' || proname || ' ' || md5(prosrc) FROM pg_proc WHERE pronamespace = 'public'::regnamespace
  UNION ALL SELECT 'enum ' || t.typname || ' ' || e.enumlabel FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
  UNION ALL SELECT 'database ' || datname FROM pg_database
  ORDER BY 1`;

async function schemaOf(db: EmbeddedDatabase): Promise<string[]> {
  return (await db.query<{ item: string }>(SCHEMA_SQL)).rows.map((r) => r.item);
}

/** Row count of every table in public, by name. */
async function rowCounts(db: EmbeddedDatabase): Promise<Record<string, number>> {
  const tables = (
    await db.query<{ name: string }>(`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)
  ).rows.map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const t of tables) counts[t] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n;
  return counts;
}

const APPLIED_SQL = `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY 1`;

let work: string;
let template: PgliteTemplateOptions;
/** Schema of a database made the slow way: initdb, then every migration through the schema engine. */
let referenceSchema: string[];
/** Rows per table of the reference database (what the migrations themselves seed, e.g. the payment gateways). */
let referenceRows: [string, number][];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'pglite-template-spec-'));
  template = { migrationsDir, cacheDir: join(work, 'cache') };
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

function dataDir(name: string): DatabaseOptions {
  return { pgliteDataDir: join(work, name, 'pglite'), pgliteTemplate: template };
}

/** Opens, runs the migrator as the server does at start, and hands the started instance to `fn`. */
async function withDatabase<T>(opts: DatabaseOptions, fn: (db: EmbeddedDatabase, applied: string[]) => Promise<T>): Promise<T> {
  try {
    const { applied } = await migrateDatabase(opts);
    return await fn(await openEmbeddedDatabase(opts), applied);
  } finally {
    await closeEmbedded(opts);
  }
}

describe('without a template', () => {
  it('creates a new data directory with initdb and applies every migration', async () => {
    const opts = dataDir('no-template');
    referenceSchema = await withDatabase(opts, async (db, applied) => {
      expect(embeddedOrigin(opts)).toMatchObject({ created: 'initdb', template: 'missing' });
      expect(applied).toEqual(MIGRATIONS);
      referenceRows = Object.entries(await rowCounts(db)).filter(([table, n]) => table !== '_prisma_migrations' && n > 0);
      return schemaOf(db);
    });
    expect(referenceSchema.some((item) => item.startsWith('column products.'))).toBe(true);
  });
});

describe('buildPgliteTemplate', () => {
  it('builds a template holding only the schema and the migration records, once', async () => {
    const first = await buildPgliteTemplate(template);
    expect(first).toEqual({ dir: templateDir(template), built: true });
    const manifest: TemplateManifest = JSON.parse(readFileSync(join(first.dir, MANIFEST), 'utf8'));
    expect(manifest.migrations).toEqual(MIGRATIONS);
    expect(checkTemplate(template).ok).toBe(true);
    expect(readdirSync(template.cacheDir)).toEqual([`pglite-${manifest.key}`]); // no work directory left

    expect(await buildPgliteTemplate(template)).toEqual({ dir: first.dir, built: false });
  });

  it('keys the template by the migrations: another migration set has a template of its own', () => {
    const other = join(work, 'other-migrations');
    mkdirSync(join(other, '20000101000000_other'), { recursive: true });
    writeFileSync(join(other, '20000101000000_other', 'migration.sql'), 'CREATE TABLE other (id int);\n');
    expect(templateDir({ ...template, migrationsDir: other })).not.toBe(templateDir(template));
    expect(checkTemplate({ ...template, migrationsDir: other })).toMatchObject({ ok: false, reason: 'missing' });
  });
});

describe('a new data directory from the template', () => {
  it('has the same schema as one made with initdb and the migrations, the migration records, and only the rows the migrations seed', async () => {
    const opts = dataDir('from-template');
    await withDatabase(opts, async (db, applied) => {
      expect(embeddedOrigin(opts)).toMatchObject({ created: 'template' });
      expect(applied).toEqual([]); // the migrator's fast path: nothing to apply
      expect(await schemaOf(db)).toEqual(referenceSchema);
      expect((await db.query<{ migration_name: string }>(APPLIED_SQL)).rows.map((r) => r.migration_name)).toEqual(MIGRATIONS);
      const counts = await rowCounts(db);
      expect(counts._prisma_migrations).toBe(MIGRATIONS.length);
      expect(Object.entries(counts).filter(([table, n]) => table !== '_prisma_migrations' && n > 0)).toEqual(referenceRows);
    });
  });

  it('works through Prisma, keeps its data across a restart, and leaves the template unchanged', async () => {
    const opts = dataDir('prisma');
    const filesBefore = JSON.parse(readFileSync(join(templateDir(template), MANIFEST), 'utf8')).files;
    await migrateDatabase(opts);
    const prisma = new PrismaClient({ adapter: createAdapterFactory(opts) });
    try {
      await prisma.apiClient.create({ data: { name: 'spec', clientId: 'spec-client', secretHash: 'x' } });
      expect(await prisma.apiClient.count()).toBe(1);
    } finally {
      await prisma.$disconnect();
      await closeEmbedded(opts);
    }
    await withDatabase(opts, async (db) => {
      expect(embeddedOrigin(opts)).toEqual({ created: 'existing' });
      expect((await db.query(`SELECT client_id FROM api_clients`)).rows).toEqual([{ client_id: 'spec-client' }]);
    });
    expect(checkTemplate(template)).toMatchObject({ ok: true, manifest: { files: filesBefore } });
  });

  it('is used for an existing empty directory, never for one with files', async () => {
    const empty = dataDir('empty');
    mkdirSync(empty.pgliteDataDir, { recursive: true });
    await withDatabase(empty, async () => expect(embeddedOrigin(empty)).toMatchObject({ created: 'template' }));

    const other = join(work, 'not-empty');
    mkdirSync(other);
    writeFileSync(join(other, 'keep.txt'), 'mine');
    expect(seedFromTemplate(other, template)).toMatchObject({ seeded: false, reason: 'not-empty' });
    expect(readdirSync(other)).toEqual(['keep.txt']);
    expect(readdirSync(work).filter((f) => f.includes('.template-'))).toEqual([]);
  });

  it('is created once when two processes start on the same new directory at the same time', async () => {
    const target = join(work, 'race', 'pglite');
    const run = promisify(execFile);
    const script = `
      const { seedFromTemplate } = require(${JSON.stringify(resolve(__dirname, 'pglite-template.ts'))});
      const start = Number(process.argv[1]);
      while (Date.now() < start) {}
      const r = seedFromTemplate(${JSON.stringify(target)}, ${JSON.stringify(template)});
      process.stdout.write(JSON.stringify(r.seeded ? 'seeded' : r.reason));`;
    const start = String(Date.now() + 3000);
    const results = await Promise.all(
      [1, 2].map(() =>
        run(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script, start], {
          cwd: findProjectRoot(),
          env: { ...process.env, TS_NODE_PROJECT: join(findProjectRoot(), 'tsconfig.json') },
        }),
      ),
    );
    const outcomes = results.map((r) => JSON.parse(r.stdout)).sort();
    // Both may copy; one rename wins. (The loser may also see the directory already filled.)
    expect(outcomes).toEqual(['not-empty', 'seeded']);
    expect(readdirSync(join(work, 'race'))).toEqual(['pglite']);
    await withDatabase({ pgliteDataDir: target, pgliteTemplate: false }, async (db, applied) => {
      expect(applied).toEqual([]);
      expect(await schemaOf(db)).toEqual(referenceSchema);
    });
  });
});

describe('a damaged template', () => {
  it('is refused before copying when a file is missing or has the wrong size, and initdb runs instead', async () => {
    const { dir, manifest } = checkTemplate(template) as { dir: string; manifest: TemplateManifest };
    const [file, size] = manifest.files.find(([, bytes]) => bytes > 8192)!;
    const saved = readFileSync(join(dir, TEMPLATE_DATA, file));
    truncateSync(join(dir, TEMPLATE_DATA, file), size - 8192);
    try {
      expect(checkTemplate(template)).toMatchObject({ ok: false, reason: 'unusable' });
      const opts = dataDir('truncated');
      await withDatabase(opts, async (db, applied) => {
        expect(embeddedOrigin(opts)).toMatchObject({ created: 'initdb', template: 'unusable' });
        expect(applied).toEqual(MIGRATIONS);
        expect(await schemaOf(db)).toEqual(referenceSchema);
      });
    } finally {
      writeFileSync(join(dir, TEMPLATE_DATA, file), saved);
    }
    expect(checkTemplate(template).ok).toBe(true);
  });

  it('that PostgreSQL cannot start on is replaced by initdb in the same directory', async () => {
    const control = join(templateDir(template), TEMPLATE_DATA, 'global', 'pg_control');
    const saved = readFileSync(control);
    writeFileSync(control, Buffer.alloc(saved.length, 0x5a)); // same size: passes the manifest check
    try {
      const opts = dataDir('bad-control');
      await withDatabase(opts, async (db, applied) => {
        expect(embeddedOrigin(opts)).toMatchObject({ created: 'initdb', template: 'did-not-start' });
        expect(applied).toEqual(MIGRATIONS);
        expect(await schemaOf(db)).toEqual(referenceSchema);
      });
    } finally {
      writeFileSync(control, saved);
    }
  });

  it('with an unreadable manifest is rebuilt by the next build', async () => {
    const manifestFile = join(templateDir(template), MANIFEST);
    writeFileSync(manifestFile, '{ not json');
    expect(checkTemplate(template)).toMatchObject({ ok: false, reason: 'unusable' });
    expect(seedFromTemplate(join(work, 'bad-manifest'), template)).toMatchObject({ seeded: false, reason: 'unusable' });
    expect(existsSync(join(work, 'bad-manifest'))).toBe(false);
    expect((await buildPgliteTemplate(template)).built).toBe(true);
    expect(checkTemplate(template).ok).toBe(true);
  });
});

describe('moveIntoPlace', () => {
  it('replaces a missing or empty directory, and leaves a non-empty one alone', () => {
    const base = join(work, 'move');
    for (const name of ['a', 'b', 'c']) {
      mkdirSync(join(base, name), { recursive: true });
      writeFileSync(join(base, name, 'f'), name);
    }
    expect(moveIntoPlace(join(base, 'a'), join(base, 'new'))).toBe(true);
    mkdirSync(join(base, 'empty'));
    expect(moveIntoPlace(join(base, 'b'), join(base, 'empty'))).toBe(true);
    expect(readFileSync(join(base, 'empty', 'f'), 'utf8')).toBe('b');
    expect(moveIntoPlace(join(base, 'c'), join(base, 'new'))).toBe(false);
    expect(readFileSync(join(base, 'new', 'f'), 'utf8')).toBe('a');
    expect(readFileSync(join(base, 'c', 'f'), 'utf8')).toBe('c');
  });
});
