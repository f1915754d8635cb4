import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPgliteTemplate } from '../../src/prisma/pglite-template-builder';
import { capturePrintedKey, KeyPair, parsePrintedKey } from '../support/printed-key';
import { runScript } from '../support/run-script';
import { createTestApp, TestApp } from '../support/test-app';
import { createTestDatabase, TestDatabase, testDbKind } from '../support/test-database';

// The API key follows the configuration from one start to the next: each start below is a server
// restarted on the same database (PGlite: a data directory on disk) with a new environment.
const SECRET_ONE = 'first-secret-0123456789';
const SECRET_TWO = 'second-secret-0123456789';
const onPostgres = testDbKind() === 'postgres' ? it : it.skip;
// Every test starts servers several times (and runs scripts, each its own Node process).
jest.setTimeout(300_000);

type Key = KeyPair;

describe('API keys across restarts', () => {
  let root: string;
  let database: TestDatabase;
  const running: TestApp[] = [];

  beforeAll(async () => {
    if (testDbKind() === 'pglite') await buildPgliteTemplate();
    root = mkdtempSync(join(tmpdir(), 'api-keys-e2e-'));
  }, 300_000);

  beforeEach(async () => {
    database =
      testDbKind() === 'pglite'
        ? { env: { PGLITE_DATA_DIR: join(root, `pglite-${Date.now()}`), DATABASE_URL: '' }, drop: async () => {} }
        : await createTestDatabase('postgres');
  });

  afterEach(async () => {
    for (const t of running.splice(0)) await t.close().catch(() => {});
    await database.drop();
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A server started with this key configuration (CLIENT_* variables); the previous one is stopped first. */
  const start = async (env: Record<string, string>) => {
    for (const t of running.splice(0)) await t.close();
    const clientKey = () => ({ clientId: env.CLIENT_ID, clientSecret: env.CLIENT_SECRET });
    const t = await createTestApp({ database, env: { CLIENT_SECRET_PREVIOUS: '', CLIENT_ID_PREVIOUS: '', ...env }, clientKey });
    running.push(t);
    return t;
  };

  /**
   * A server started with no key configured, and the key pair it printed (null when it printed none; the
   * server then gets its tokens with `known`).
   */
  const startUnconfigured = async (known?: Key) => {
    for (const t of running.splice(0)) await t.close();
    const { result: t, printed } = await capturePrintedKey((printed) =>
      createTestApp({ database, env: { CLIENT_ID: '', CLIENT_SECRET: '' }, clientKey: () => printed() ?? known ?? { clientId: 'none', clientSecret: 'none' } }),
    );
    running.push(t);
    return { t, generated: printed };
  };

  const tokenStatus = async (t: TestApp, key: Key) =>
    (await t.http.post('/oauth/access_token').type('form').send({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: key.clientSecret })).status;
  const implicitStatus = async (t: TestApp, clientId: string) =>
    (await t.http.post('/oauth/access_token').type('form').send({ grant_type: 'implicit', client_id: clientId })).status;
  const adminStatus = async (t: TestApp, token: string) => (await t.http.get('/v2/settings').set('Authorization', `Bearer ${token}`)).status;
  const storefrontStatus = async (t: TestApp, token: string) => (await t.http.get('/v2/products').set('Authorization', `Bearer ${token}`)).status;

  const one = { clientId: 'key-one', clientSecret: SECRET_ONE };
  const two = { clientId: 'key-two', clientSecret: SECRET_TWO };
  const configured = (key: Key) => ({ CLIENT_ID: key.clientId, CLIENT_SECRET: key.clientSecret });

  it('refuses a replaced CLIENT_ID/CLIENT_SECRET and its tokens from the next start on', async () => {
    const before = await start(configured(one));
    const { adminToken, implicitToken } = before;

    const after = await start(configured(two));
    expect(await tokenStatus(after, one)).toBe(401);
    expect(await implicitStatus(after, one.clientId)).toBe(401);
    expect(await adminStatus(after, adminToken)).toBe(401);
    expect(await storefrontStatus(after, implicitToken)).toBe(401);
    expect(await tokenStatus(after, two)).toBe(200);
    expect(await adminStatus(after, after.adminToken)).toBe(200);
  });

  it('refuses the pair generated on the first start once a key is configured, and a removed configured key', async () => {
    const first = await startUnconfigured();
    expect(first.generated).not.toBeNull();
    const generatedToken = first.t.adminToken;
    expect(await adminStatus(first.t, generatedToken)).toBe(200);

    const configuredStart = await start(configured(one));
    expect(await tokenStatus(configuredStart, first.generated!)).toBe(401);
    expect(await adminStatus(configuredStart, generatedToken)).toBe(401);
    const configuredToken = configuredStart.adminToken;

    // Configuration removed: the configured key goes too, and a new pair is generated and shown.
    const unconfigured = await startUnconfigured();
    expect(unconfigured.generated).not.toBeNull();
    expect(unconfigured.generated!.clientId).not.toBe(first.generated!.clientId);
    expect(await tokenStatus(unconfigured.t, one)).toBe(401);
    expect(await adminStatus(unconfigured.t, configuredToken)).toBe(401);
    expect(await tokenStatus(unconfigured.t, first.generated!)).toBe(401);

    // An unchanged start keeps the generated pair and shows nothing.
    const again = await startUnconfigured(unconfigured.generated!);
    expect(again.generated).toBeNull();
  });

  it('keeps the old secret valid while CLIENT_SECRET_PREVIOUS names it, and revokes it with its tokens once removed', async () => {
    const rotated = { clientId: one.clientId, clientSecret: SECRET_TWO };
    const oldToken = (await start(configured(one))).adminToken;

    const overlap = await start({ ...configured(rotated), CLIENT_SECRET_PREVIOUS: SECRET_ONE });
    expect(await tokenStatus(overlap, one)).toBe(200);
    expect(await tokenStatus(overlap, rotated)).toBe(200);
    expect(await adminStatus(overlap, oldToken)).toBe(200);
    const newToken = overlap.adminToken;

    const afterOverlap = await start(configured(rotated));
    expect(await tokenStatus(afterOverlap, one)).toBe(401);
    expect(await adminStatus(afterOverlap, oldToken)).toBe(401);
    expect(await adminStatus(afterOverlap, newToken)).toBe(200);
    expect(await tokenStatus(afterOverlap, rotated)).toBe(200);
  });

  it('keeps a whole old key valid while CLIENT_ID_PREVIOUS/CLIENT_SECRET_PREVIOUS name it', async () => {
    const oldToken = (await start(configured(one))).adminToken;

    const overlap = await start({ ...configured(two), CLIENT_ID_PREVIOUS: one.clientId, CLIENT_SECRET_PREVIOUS: one.clientSecret });
    expect(await tokenStatus(overlap, one)).toBe(200);
    expect(await implicitStatus(overlap, one.clientId)).toBe(200);
    expect(await adminStatus(overlap, oldToken)).toBe(200);

    const afterOverlap = await start(configured(two));
    expect(await tokenStatus(afterOverlap, one)).toBe(401);
    expect(await implicitStatus(afterOverlap, one.clientId)).toBe(401);
    expect(await adminStatus(afterOverlap, oldToken)).toBe(401);
    expect(await adminStatus(afterOverlap, overlap.adminToken)).toBe(200);
  });

  it('npm run key:reset replaces a lost generated key: the old one and its tokens are refused, the new one is printed once', async () => {
    const first = await startUnconfigured();
    const lostToken = first.t.adminToken;
    if (testDbKind() === 'pglite') {
      // The running server owns the data directory.
      const refused = await runScript('key-reset.js', database.env);
      expect(refused.code).toBe(75);
      expect(refused.stderr).toContain(database.env.PGLITE_DATA_DIR);
      expect(refused.stderr).toContain(`process ${process.pid}`);
    }
    for (const t of running.splice(0)) await t.close();

    const fromConfiguration = await runScript('key-reset.js', { ...database.env, ...configured(one) });
    expect(fromConfiguration.code).toBe(78);
    expect(fromConfiguration.stderr).toContain('set a new CLIENT_ID/CLIENT_SECRET and restart the server');

    const reset = await runScript('key-reset.js', database.env);
    expect(reset.code).toBe(0);
    const created = parsePrintedKey(reset.stdout);
    expect(created).not.toBeNull();

    const after = await startUnconfigured(created!);
    expect(after.generated).toBeNull(); // the server shows no key of its own: the reset one is in use
    expect(await tokenStatus(after.t, first.generated!)).toBe(401);
    expect(await adminStatus(after.t, lostToken)).toBe(401);
    expect(await tokenStatus(after.t, created!)).toBe(200);
  });

  onPostgres('replicas started together with the same configuration agree on the keys', async () => {
    await start(configured(one));
    for (const t of running.splice(0)) await t.close();
    const env = { ...configured(two), CLIENT_ID_PREVIOUS: one.clientId, CLIENT_SECRET_PREVIOUS: one.clientSecret };
    const replicas = await Promise.all([0, 1, 2].map(() => createTestApp({ database, env, clientKey: () => two })));
    running.push(...replicas);
    expect((await replicas[0].prisma.apiClient.findMany()).map((k) => k.clientId).sort()).toEqual([one.clientId, two.clientId]);
    for (const t of replicas) {
      for (const other of replicas) expect(await adminStatus(t, other.adminToken)).toBe(200);
      expect(await tokenStatus(t, one)).toBe(200);
    }
  });
});
