import { Client } from 'pg';
import { getEmbeddedDatabase } from '../../src/prisma/database-adapter';
import { ADMIN_DATABASE_URL, renameDatabaseAway, testDbKind } from '../support/test-database';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Liveness says the process answers; readiness says it can serve: the database answers, its schema is
 * there and every migration is applied. `/health` answers as readiness.
 */
describe('health probes', () => {
  const probe = async (t: TestApp, path: string) => {
    const res = await t.http.get(path);
    return { status: res.status, body: res.body };
  };

  describe('on a ready database', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers 200 on every probe, without a token, with the database and the rate limiter in the details', async () => {
      const live = await probe(t, '/health/live');
      expect(live).toEqual({ status: 200, body: expect.objectContaining({ status: 'ok' }) });
      for (const path of ['/health/ready', '/health']) {
        const ready = await probe(t, path);
        expect(ready.status).toBe(200);
        expect(ready.body.status).toBe('ok');
        expect(ready.body.details.database).toMatchObject({ status: 'up', engine: testDbKind() === 'postgres' ? 'postgresql' : 'pglite' });
        expect(ready.body.details.rate_limit).toEqual({ status: 'up', store: 'memory', shared: false });
      }
    });

    it('is not ready while a migration is missing from the database, and ready again once it is recorded', async () => {
      const [last] = await t.prisma.$queryRawUnsafe<{ id: string; migration_name: string }[]>(
        'SELECT id, migration_name FROM _prisma_migrations ORDER BY migration_name DESC LIMIT 1',
      );
      await t.prisma.$executeRawUnsafe(`UPDATE _prisma_migrations SET rolled_back_at = now() WHERE id = $1`, last.id);
      try {
        const ready = await probe(t, '/health/ready');
        expect(ready.status).toBe(503);
        expect(ready.body.details.database).toMatchObject({ status: 'down', message: 'migrations pending', pending: [last.migration_name] });
        expect((await probe(t, '/health')).status).toBe(503);
        expect((await probe(t, '/health/live')).status).toBe(200);
      } finally {
        await t.prisma.$executeRawUnsafe(`UPDATE _prisma_migrations SET rolled_back_at = NULL WHERE id = $1`, last.id);
      }
      expect((await probe(t, '/health/ready')).status).toBe(200);
    });
  });

  it('is not ready when the schema is missing (the process is still live)', async () => {
    const t = await createTestApp();
    try {
      await t.prisma.$executeRawUnsafe('DROP SCHEMA public CASCADE');
      await t.prisma.$executeRawUnsafe('CREATE SCHEMA public');
      for (const path of ['/health/ready', '/health']) {
        const ready = await probe(t, path);
        expect(ready.status).toBe(503);
        expect(ready.body.status).toBe('error');
        expect(ready.body.errors).toEqual([{ status: 503, title: 'Service Unavailable', detail: expect.stringMatching(/^Not ready \(database: schema missing/) }]);
        expect(ready.body.details.database).toMatchObject({ status: 'down', message: expect.stringMatching(/^schema missing/) });
      }
      expect((await probe(t, '/health/live')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is not ready while the database is down, and ready again when it is back (the process stays live)', async () => {
    const t = await createTestApp();
    const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
    const dbName = t.config.database.databaseUrl ? new URL(t.config.database.databaseUrl).pathname.slice(1) : undefined;
    try {
      if (dbName) {
        await admin.connect();
        await renameDatabaseAway(admin, dbName);
      } else {
        await getEmbeddedDatabase(t.config.database).close();
      }
      try {
        for (const path of ['/health/ready', '/health']) {
          const ready = await probe(t, path);
          expect(ready.status).toBe(503);
          expect(ready.body.details.database).toMatchObject({ status: 'down', message: 'database unreachable' });
        }
        expect((await probe(t, '/health/live')).status).toBe(200);
      } finally {
        if (dbName) await admin.query(`ALTER DATABASE ${dbName}_away RENAME TO ${dbName}`);
      }
      // An in-memory PGlite closed on purpose stays closed; PostgreSQL comes back.
      if (dbName) expect((await probe(t, '/health/ready')).status).toBe(200);
    } finally {
      if (dbName) await admin.end();
      await t.close();
    }
  });
});
