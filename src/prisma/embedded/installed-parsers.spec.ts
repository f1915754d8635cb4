import { PGlite } from '@electric-sql/pglite';
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { InstalledParsers } from './installed-parsers';

const SQL = `SELECT '2026-11-24 05:00:00+00'::timestamptz AS at, 12.50::numeric AS amount, '{"a":1}'::jsonb AS doc`;
const raw = (sql: string) => ({ sql, args: [], argTypes: [] });

describe('InstalledParsers (pglite-prisma-adapter on a real PGlite)', () => {
  let db: PGlite;
  let parsers: InstalledParsers;
  let adapter: SqlDriverAdapter;
  let passedParsers: unknown[];

  beforeEach(async () => {
    db = new PGlite('memory://');
    await db.waitReady;
    parsers = new InstalledParsers(db);
    adapter = await new PrismaPGlite(parsers.adapterClient()).connect();
    passedParsers = [];
    const query = db.query.bind(db);
    jest.spyOn(db, 'query').mockImplementation((sql, params, options) => {
      passedParsers.push(options?.parsers);
      return query(sql, params, options);
    });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await db.close();
  });

  it("reads Prisma's statements with the adapter's parsers, passing none to PGlite once they are installed", async () => {
    const first = await adapter.queryRaw(raw(SQL));
    const second = await adapter.queryRaw(raw(SQL));

    expect(second).toEqual(first);
    expect(second.rows).toEqual([['2026-11-24T05:00:00+00:00', '12.50', '{"a": 1}']]);
    expect(passedParsers).toEqual([undefined, undefined]);
  });

  it("reads the host's own statements with PGlite's parsers, before and after the adapter's are installed", async () => {
    const expected = [{ at: new Date('2026-11-24T05:00:00Z'), amount: '12.50', doc: { a: 1 } }];
    expect((await db.query(SQL, [], parsers.ownOptions())).rows).toEqual(expected);

    await adapter.queryRaw(raw('SELECT 1'));

    expect((await db.query(SQL, [], parsers.ownOptions())).rows).toEqual(expected);
    expect((await db.exec(SQL, parsers.ownOptions()))[0].rows).toEqual(expected);
  });

  it("runs Prisma's transactions through the same client: committed, rolled back, and read with the adapter's parsers", async () => {
    await db.exec('CREATE TABLE t (at timestamptz)');
    const committed = await adapter.startTransaction();
    await committed.executeRaw(raw(`INSERT INTO t VALUES ('2026-01-01T00:00:00Z')`));
    expect((await committed.queryRaw(raw('SELECT at FROM t'))).rows).toEqual([['2026-01-01T00:00:00+00:00']]);
    await committed.commit();

    const rolledBack = await adapter.startTransaction();
    await rolledBack.executeRaw(raw(`INSERT INTO t VALUES ('2027-01-01T00:00:00Z')`));
    await rolledBack.rollback();

    expect((await db.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1 }]);
  });
});
