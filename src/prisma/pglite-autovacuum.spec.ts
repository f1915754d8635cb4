import { EmbeddedDatabase } from './embedded/embedded-database';
import { vacuumDueTables } from './pglite-autovacuum';

jest.setTimeout(60_000);

describe('vacuumDueTables', () => {
  const db = new EmbeddedDatabase({ dataDir: 'memory://', startParams: [] });
  afterAll(() => db.close());

  const stats = async (table: string) =>
    (
      await db.query<{ n_dead_tup: number; last_vacuum: Date | null; last_analyze: Date | null }>(
        'SELECT n_dead_tup, last_vacuum, last_analyze FROM pg_stat_user_tables WHERE relname = $1',
        [table],
      )
    ).rows[0];

  it('vacuums and analyzes a table whose rows were rewritten, and leaves a quiet one alone', async () => {
    await db.exec(`
      CREATE TABLE "busy jobs" (id serial PRIMARY KEY, state text);
      CREATE TABLE quiet (id int);
      INSERT INTO "busy jobs" (state) SELECT 'pending' FROM generate_series(1, 1000);
      INSERT INTO quiet VALUES (1);
      UPDATE "busy jobs" SET state = 'delivered';`);

    expect(await vacuumDueTables(db)).toEqual(['busy jobs']);

    const busy = await stats('busy jobs');
    expect(Number(busy.n_dead_tup)).toBe(0);
    expect(busy.last_vacuum).not.toBeNull();
    expect(busy.last_analyze).not.toBeNull();
    expect((await stats('quiet')).last_vacuum).toBeNull();
    expect(await vacuumDueTables(db)).toEqual([]);
  });
});
