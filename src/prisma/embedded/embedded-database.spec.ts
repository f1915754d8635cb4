import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlQuery } from '@prisma/driver-adapter-utils';
import { toApiError } from '../../common/errors/to-api-error';
import { PrismaClient } from '../../generated/prisma/client';
import { closeEmbedded, prismaClientOptions } from '../database-adapter';
import { EmbeddedDatabase, type ThreadEvent } from './embedded-database';

jest.setTimeout(60_000);

const inMemory = () => new EmbeddedDatabase({ dataDir: 'memory://', startParams: [] });
const sql = (text: string): SqlQuery => ({ sql: text, args: [], argTypes: [] });
const killThread = (db: EmbeddedDatabase) => (db as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
/** A statement that keeps PostgreSQL busy for a few hundred milliseconds. */
const SLOW = 'SELECT count(*) AS n FROM generate_series(1, 3000000)';

describe('EmbeddedDatabase', () => {
  let db: EmbeddedDatabase;
  beforeAll(async () => {
    db = inMemory();
    await db.waitReady;
  });
  afterAll(() => db.close());

  it('runs PostgreSQL on its own thread: this thread keeps running while a statement executes', async () => {
    let answered = false;
    let ticksWhileWaiting = 0;
    const timer = setInterval(() => answered || ticksWhileWaiting++, 5);
    const started = performance.now();
    const { rows } = await db.query<{ n: string }>(SLOW);
    answered = true;
    const took = performance.now() - started;
    clearInterval(timer);
    expect(rows).toEqual([{ n: 3000000 }]);
    expect(took).toBeGreaterThan(100);
    // On one thread the statement would block this one's timers until it answered.
    expect(ticksWhileWaiting).toBeGreaterThanOrEqual(3);
  });

  it('rejects with PostgreSQL\'s error fields', async () => {
    await expect(db.query('SELECT * FROM no_such_table')).rejects.toMatchObject({
      code: '42P01',
      message: 'relation "no_such_table" does not exist',
    });
  });

  it('calls a listener before the answer of the statement that notified', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('spec_channel', (payload) => heard.push(payload));
    await db.query(`NOTIFY spec_channel, 'first'`);
    expect(heard).toEqual(['first']);
    await unlisten();
    await db.query(`NOTIFY spec_channel, 'second'`);
    expect(heard).toEqual(['first']);
  });

  it('keeps a transaction apart until it commits, and drops it on rollback', async () => {
    await db.exec('CREATE TABLE spec_items (name text)');
    const { id } = (await db.startTransaction()) as { id: number };
    await db.executeRaw(sql(`INSERT INTO spec_items VALUES ('kept')`), id);
    const outside = db.query('SELECT name FROM spec_items'); // waits for the transaction, as on one connection
    await db.endTransaction('commit', id);
    expect((await outside).rows).toEqual([{ name: 'kept' }]);

    const second = (await db.startTransaction()) as { id: number };
    await db.executeRaw(sql(`INSERT INTO spec_items VALUES ('dropped')`), second.id);
    await db.endTransaction('rollback', second.id);
    expect((await db.query('SELECT name FROM spec_items')).rows).toEqual([{ name: 'kept' }]);
  });

  it('gives Prisma a unique violation as the driver error Prisma maps to P2002', async () => {
    await db.exec('CREATE TABLE spec_unique (slug text PRIMARY KEY); INSERT INTO spec_unique VALUES (\'a\')');
    await expect(db.executeRaw(sql(`INSERT INTO spec_unique VALUES ('a')`))).rejects.toMatchObject({
      name: 'DriverAdapterError',
      cause: { kind: 'UniqueConstraintViolation' },
    });
  });
});

it('answers 503 when a transaction waits longer than Prisma allows behind another', async () => {
  const opts = { pgliteDataDir: 'memory://embedded-spec-busy' };
  const prisma = new PrismaClient(prismaClientOptions(opts));
  try {
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Held until the second one has given up, however long that takes.
    const long = prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        holding();
        await released;
      },
      { timeout: 120_000 },
    );
    await held;
    const error = await prisma.$transaction(async (tx) => tx.$queryRaw`SELECT 2`, { maxWait: 200 }).then(
      () => ({ code: 'none' }),
      (e: { code?: string }) => e,
    );
    release();
    expect(error.code).toBe('P2028');
    expect(toApiError(error)?.status).toBe(503);
    await long;
  } finally {
    await prisma.$disconnect();
    await closeEmbedded(opts);
  }
});

describe('EmbeddedDatabase that stops', () => {
  it('fails later calls with PGlite\'s own message once closed', async () => {
    const db = inMemory();
    await db.close();
    expect(db.closed).toBe(true);
    await expect(db.query('SELECT 1')).rejects.toThrow('PGlite is closed');
  });

  it('fails a waiting call as "database unavailable" when its thread ends; in memory, it stays closed (its data is gone)', async () => {
    const db = inMemory();
    await db.waitReady;
    const events: unknown[] = [];
    db.onThreadEvent((e) => events.push(e));
    const waiting = db.query(SLOW);
    await killThread(db);
    const error = await waiting.catch((e) => e);
    expect(error.message).toMatch(/^PGlite is closed/);
    expect(toApiError(error)?.status).toBe(503);
    await expect(db.query('SELECT 1')).rejects.toThrow(/^PGlite is closed/);
    await new Promise((r) => setTimeout(r, 500));
    expect(db.closed).toBe(true);
    expect(events).toEqual([{ event: 'lost', reason: expect.stringMatching(/^PGlite is closed/), restarting: false }]);
  });

  it('starts a new thread on the same data directory when its thread ends: committed rows are there, its transactions are not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'embedded-spec-'));
    const db = new EmbeddedDatabase({ dataDir: join(dir, 'data'), startParams: [] });
    try {
      await db.waitReady;
      const events: string[] = [];
      db.onThreadEvent((e) => events.push(e.event));
      const heard: string[] = [];
      await db.listen('changes', (payload) => heard.push(payload));
      await db.exec('CREATE TABLE t (n int); INSERT INTO t VALUES (1)');
      const { id: tx } = (await db.startTransaction()) as { id: number };
      await db.executeRaw(sql('INSERT INTO t VALUES (2)'), tx);
      const waiting = db.query(SLOW);

      await killThread(db);

      expect((await waiting.catch((e) => e)).message).toMatch(/^PGlite is closed/);
      const meanwhile = await db.query('SELECT 1').catch((e) => e);
      expect(toApiError(meanwhile)?.status).toBe(503);
      const deadline = Date.now() + 30_000;
      while (!db.ready && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(events).toEqual(['lost', 'restarted']);

      expect((await db.query('SELECT n FROM t ORDER BY n')).rows).toEqual([{ n: 1 }]);
      const stale = (await db.endTransaction('commit', tx).catch((e: Error) => e)) as Error;
      expect(stale.message).toMatch(/^PGlite is closed: transaction \d+ ended with the thread/);
      expect(toApiError(stale)?.status).toBe(503);
      const listened = Date.now() + 30_000;
      while (!heard.length && Date.now() < listened) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual(['']); // "something may have been missed", once
      await db.exec("NOTIFY changes, 'after'");
      expect(heard).toEqual(['', 'after']);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not start a new thread on a data directory that has gone: retries, backing off, until it is back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'embedded-spec-'));
    const data = join(dir, 'data');
    const db = new EmbeddedDatabase({ dataDir: data, startParams: [] });
    try {
      await db.waitReady;
      const events: ThreadEvent[] = [];
      db.onThreadEvent((e) => {
        events.push(e);
        // Gone as the thread ends, before the first restart can be tried.
        if (e.event === 'lost') renameSync(data, join(dir, 'moved'));
      });
      await db.exec('CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)');
      await killThread(db);

      const failed = () => events.filter((e) => e.event === 'restart-failed');
      const deadline = Date.now() + 30_000;
      while (failed().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(failed().slice(0, 2)).toEqual([
        { event: 'restart-failed', error: expect.stringMatching(/^PGlite is closed: its data directory .* holds no database any more/), retryInMs: 400 },
        { event: 'restart-failed', error: expect.stringMatching(/holds no database any more/), retryInMs: 800 },
      ]);
      expect(existsSync(data)).toBe(false); // no empty database created in its place
      expect(toApiError(await db.query('SELECT 1').catch((e) => e))?.status).toBe(503);

      renameSync(join(dir, 'moved'), data);
      const back = Date.now() + 30_000;
      while (!db.ready && Date.now() < back) await new Promise((r) => setTimeout(r, 50));
      expect(events[0]).toMatchObject({ event: 'lost', restarting: true });
      expect(events.at(-1)).toMatchObject({ event: 'restarted' });
      expect((await db.query('SELECT n FROM kept')).rows).toEqual([{ n: 7 }]);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects every call with the start-up error when PostgreSQL cannot start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'embedded-spec-'));
    try {
      writeFileSync(join(dir, 'file'), '');
      const db = new EmbeddedDatabase({ dataDir: join(dir, 'file', 'data'), startParams: [] });
      await expect(db.waitReady).rejects.toThrow();
      await expect(db.query('SELECT 1')).rejects.toThrow();
      await db.close().catch(() => undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a process using an EmbeddedDatabase', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    if (child?.exitCode === null && child.signalCode === null) child.kill();
  });

  it('is kept alive while an answer is awaited, and not after', async () => {
    // A script that never closes the database: it must print the answer, then exit on its own (if it did not,
    // Jest's timeout would fail the test).
    const script = `
      const { EmbeddedDatabase } = require(${JSON.stringify(join(__dirname, 'embedded-database'))});
      const db = new EmbeddedDatabase({ dataDir: 'memory://', startParams: [] });
      db.query(${JSON.stringify(SLOW)}).then((r) => console.log(JSON.stringify(r.rows)));
    `;
    child = spawn(process.execPath, ['--require', 'ts-node/register/transpile-only', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const code = await new Promise((resolve) => child!.once('exit', resolve));
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('[{"n":3000000}]');
  }, 120_000);
});
