import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPgliteTemplate } from '../../src/prisma/pglite-template-builder';
import { createTestApp, TestApp } from '../support/test-app';
import { TestDatabase, testDbKind } from '../support/test-database';

// The embedded database on disk, as `npm start` runs it: a new data directory is a copy of the template
// that `npm run build` makes (built here if missing), not the product of initdb and the migrations.
const onPglite = testDbKind() === 'pglite' ? describe : describe.skip;

onPglite('PGlite data directory created from the template', () => {
  let root: string;
  let database: TestDatabase;
  const apps: TestApp[] = [];

  const start = async () => {
    const logLines: string[] = [];
    const app = await createTestApp({ database, logLines });
    apps.push(app);
    const ready = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'database ready');
    return { app, ready };
  };

  beforeAll(async () => {
    await buildPgliteTemplate();
    root = mkdtempSync(join(tmpdir(), 'pglite-template-e2e-'));
    database = { env: { PGLITE_DATA_DIR: join(root, 'pglite'), DATABASE_URL: '' }, drop: async () => {} };
  });

  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    rmSync(root, { recursive: true, force: true });
  });

  it('starts on a new directory without applying a migration, serves and stores, and keeps it across a restart', async () => {
    const first = await start();
    expect(first.ready).toMatchObject({ created: 'template', applied: [] });

    const t = first.app;
    expect((await t.http.get('/health')).status).toBe(200);
    const created = await t.http
      .post('/v2/products')
      .set(t.admin)
      .send({
        data: {
          type: 'product',
          name: 'From the template',
          slug: 'from-the-template',
          sku: 'TPL-1',
          manage_stock: false,
          price: [{ amount: 1999, currency: 'USD', includes_tax: true }],
          status: 'live',
          commodity_type: 'physical',
        },
      });
    expect(created.status).toBe(201);
    await t.close();

    const second = await start();
    expect(second.ready).toMatchObject({ created: 'existing', applied: [] });
    const list = await second.app.http.get('/v2/products').set(second.app.admin);
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { slug: string }) => p.slug)).toEqual(['from-the-template']);
  });
});
