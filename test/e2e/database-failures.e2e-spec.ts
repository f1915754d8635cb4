import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Response } from 'supertest';
import { getEmbeddedDatabase } from '../../src/prisma/database-adapter';
import { expectErrorDocument } from '../support/documents';
import { ADMIN_DATABASE_URL, renameDatabaseAway, terminateConnections, testDbKind } from '../support/test-database';
import { createTestApp, TestApp, TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../support/test-app';

/**
 * The database going away (SECURITY.md, "Failures"): every request answers 503 "Service Unavailable" in the error
 * format (with Retry-After) instead of a 500 or a hang, the token endpoint and the bearer guard
 * included (a 401 would send the SDK into a re-auth loop), and service resumes when it comes back.
 */

function expectUnavailable(res: Response) {
  expectErrorDocument(res, 503, { title: 'Service Unavailable' });
  expect(res.headers['retry-after']).toBe('1');
  const text = JSON.stringify(res.body);
  // Never a database message.
  expect(text).not.toMatch(/pg_|terminat|ECONN|does not exist|PGlite|prisma|SELECT|relation/i);
}

/** Every answer of `exercise` is the 503 above; a failure names the request and shows its answer. */
function expectEveryUnavailable(answers: Record<string, Response>) {
  for (const [name, res] of Object.entries(answers)) {
    try {
      expectUnavailable(res);
    } catch (err) {
      throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}\n${(err as Error).message}`);
    }
  }
}

const tokenRequest = (t: TestApp) =>
  t.http.post('/oauth/access_token').type('form').send({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET });

/**
 * Requests that each touch the database in a different place: auth lookup, token issue, a read, a write, and the
 * statements that write a page or a document as JSON text.
 */
async function exercise(t: TestApp, freshToken: string) {
  return {
    cachedTokenRead: await t.http.get('/v2/settings').set(t.admin),
    uncachedTokenRead: await t.http.get('/v2/settings').set('Authorization', `Bearer ${freshToken}`),
    productsPage: await t.http.get('/v2/products?include=main_image,categories').set(t.admin).set('Cache-Control', 'no-cache'),
    categoryDocument: await t.http.get(`/v2/categories/${randomUUID()}?include=products`).set(t.admin).set('Cache-Control', 'no-cache'),
    write: await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: 42 } }),
    token: await tokenRequest(t),
    unknownToken: await t.http.get('/v2/settings').set('Authorization', 'Bearer 0123456789abcdef0123456789abcdef01234567'),
  };
}

const describePg = testDbKind() === 'postgres' ? describe : describe.skip;
const describePglite = testDbKind() === 'pglite' ? describe : describe.skip;

describePg('PostgreSQL going away', () => {
  let t: TestApp;
  let dbName: string;
  let admin: Client;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logLines });
    dbName = new URL(t.config.database.databaseUrl!).pathname.slice(1);
    admin = new Client({ connectionString: ADMIN_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    // Make sure the database has its name back before the app and the test database are dropped.
    await admin.query(`ALTER DATABASE ${dbName}_away RENAME TO ${dbName}`).catch(() => undefined);
    await admin.end();
    await t?.close();
  });

  const terminate = () => terminateConnections(admin, dbName);

  it('survives its connections being terminated (the pool reconnects; no crash, no 5xx after the first)', async () => {
    expect((await t.http.get('/v2/settings').set(t.admin)).status).toBe(200);
    await terminate();
    await new Promise((r) => setTimeout(r, 200));
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.http.get('/v2/settings').set(t.admin);
      statuses.push(res.status);
      if (res.status !== 200) expectUnavailable(res);
    }
    // At most the first request may see a dead pooled connection; after that, fresh connections serve.
    expect(statuses.slice(1).every((s) => s === 200)).toBe(true);
    expect((await t.http.get('/health')).status).toBe(200);
  });

  it('answers 503 in the error format while the database is gone, and 200 again when it is back', async () => {
    const freshToken = await t.token('client_credentials');
    expect((await t.http.get('/v2/settings').set(t.admin)).status).toBe(200);
    await renameDatabaseAway(admin, dbName);
    try {
      expectEveryUnavailable(await exercise(t, freshToken));
      const health = await t.http.get('/health');
      expect(health.status).toBe(503);
    } finally {
      await admin.query(`ALTER DATABASE ${dbName}_away RENAME TO ${dbName}`);
    }
    const up = await exercise(t, freshToken);
    expect(up.cachedTokenRead.status).toBe(200);
    expect(up.uncachedTokenRead.status).toBe(200);
    expect(up.productsPage.status).toBe(200);
    expectErrorDocument(up.categoryDocument, 404);
    expect(up.write.status).toBe(200);
    expect(up.token.status).toBe(200);
    expectErrorDocument(up.unknownToken, 401);
    expect((await t.http.get('/health')).status).toBe(200);
    // The write refused while the database was away did not half-happen; the one after it did.
    expect((await t.http.get('/v2/settings').set(t.admin)).body.data.page_length).toBe(42);
    // The server logged the outage (warn, with the request id), never as an unexpected 500.
    const warnings = logLines.map((l) => JSON.parse(l)).filter((l) => l.level === 40 && l.status === 503 && typeof l.request_id === 'string');
    expect(warnings.length).toBeGreaterThan(0);
    expect(logLines.some((l) => /"unexpected error"/.test(l))).toBe(false);
  });
});

describePglite('embedded PGlite closed underneath the app', () => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logLines });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 in the error format once the embedded database is closed (a deliberate close stays closed)', async () => {
    const freshToken = await t.token('client_credentials');
    expect((await t.http.get('/v2/settings').set(t.admin)).status).toBe(200);
    await getEmbeddedDatabase(t.config.database).close();
    expectEveryUnavailable(await exercise(t, freshToken));
    expect((await t.http.get('/health')).status).toBe(503);
    expect(logLines.some((l) => /"unexpected error"/.test(l))).toBe(false);
  });
});

describePglite('the embedded database thread dies underneath the app (data on disk)', () => {
  let t: TestApp;
  let dir: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
    t = await createTestApp({ logLines, env: { PGLITE_DATA_DIR: join(dir, 'data') } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 while PostgreSQL starts again on a new thread, then serves what was committed, without a restart of the server', async () => {
    const freshToken = await t.token('client_credentials');
    const changed = await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: 42 } });
    expect(changed.status).toBe(200);

    const db = getEmbeddedDatabase(t.config.database);
    await (db as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    expectUnavailable(await t.http.get('/v2/settings').set('Authorization', `Bearer ${freshToken}`));

    const deadline = Date.now() + 30_000;
    let health = await t.http.get('/health');
    while (health.status !== 200 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      health = await t.http.get('/health');
    }
    expect(health.status).toBe(200);
    const settings = await t.http.get('/v2/settings').set('Authorization', `Bearer ${freshToken}`);
    expect(settings.status).toBe(200);
    expect(settings.body.data.page_length).toBe(42);
    expect((await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: 25 } })).status).toBe(200);
    expect(logLines.some((l) => /embedded database thread ended/.test(l))).toBe(true);
    expect(logLines.some((l) => /embedded database started again/.test(l))).toBe(true);
    expect(logLines.some((l) => /"unexpected error"/.test(l))).toBe(false);
  });
});
