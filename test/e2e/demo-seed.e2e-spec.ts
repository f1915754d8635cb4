import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DemoSeeder } from '../../src/seed/demo-seeder';
import { seedThroughApi } from '../../src/seed/seed-through-api';
import { createTestDatabase, testDbKind } from '../support/test-database';
import { createTestApp, TestApp, TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../support/test-app';

// 300 products through the API is about 900 requests: minutes on a loaded 2-core machine.
jest.setTimeout(15 * 60_000);

const ROOT = resolve(__dirname, '..', '..');
const NOTHING = { categories: 0, products: 0, images: 0 };
const FULL = { categories: 12, products: 300, images: 12 };

/** `npm run seed` as a newcomer runs it (the TypeScript source, so no build is needed). */
function runSeedCommand(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/seed-command.ts', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  return new Promise((res) => child.once('exit', (code) => res({ code, out })));
}

/** A port nothing listens on (taken, then freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

async function catalogShape(t: TestApp) {
  const products = await t.http.get('/v2/products?page[limit]=100').set(t.admin);
  const categories = await t.http.get('/v2/categories?page[limit]=100').set(t.admin);
  const product = products.body.data.find((p: { sku: string }) => p.sku === 'SKU-00001');
  return { products: products.body.meta.results.total, categories: categories.body.meta.results.total, product };
}

/** What a storefront sees of the PXM demo: eight live products (the draft lamp is not one), six T-shirt children. */
const PXM_SHOWN = { total: 14, children: 6, lamp: false, mugPrice: '$12.00' };

async function shopperCatalog(t: TestApp) {
  const res = await t.http.get('/catalog/products?page[limit]=100&include=main_image').set(t.storefront).expect(200);
  const skus: string[] = res.body.data.map((p: { attributes: { sku: string } }) => p.attributes.sku);
  const mug = res.body.data.find((p: { attributes: { sku: string } }) => p.attributes.sku === 'PXM-DEMO-MUG');
  return {
    total: res.body.meta.results.total,
    children: skus.filter((s) => s.startsWith('PXM-DEMO-TEE-')).length,
    lamp: skus.includes('PXM-DEMO-LAMP'),
    mugPrice: mug?.meta.display_price.without_tax.formatted,
  };
}

describe('demo catalog: npm run seed into a running server through its API', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Workers on: the PXM demo's release is published by the server's publisher.
    t = await createTestApp({ env: { WORKERS_ENABLED: 'true' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds 12 categories and 300 products with main images and categories, publishes the PXM demo, then nothing on a second run', async () => {
    const target = { baseUrl: t.baseUrl, clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET };
    const first = await seedThroughApi(target);
    expect(first).toMatchObject(FULL);
    expect(first.pxm).toMatchObject({ releaseId: expect.any(String), catalogId: expect.any(String) });
    const shape = await catalogShape(t);
    expect(shape).toMatchObject({ products: 300, categories: 12 });
    expect(shape.product.relationships.main_image.data.id).toEqual(expect.any(String));
    expect(shape.product.relationships.categories.data).toHaveLength(2);
    expect(await shopperCatalog(t)).toEqual(PXM_SHOWN);

    const second = await seedThroughApi(target);
    expect(second).toMatchObject(NOTHING);
    expect(second.pxm).toEqual({ added: 0, releaseId: null, catalogId: first.pxm!.catalogId });
    const releases = await t.http.get(`/catalogs/${first.pxm!.catalogId}/releases`).set(t.admin);
    expect(releases.body.data).toHaveLength(1);
    expect(await shopperCatalog(t)).toEqual(PXM_SHOWN);
    // The server writing the catalogue itself recognises the same items.
    expect(await t.app.get(DemoSeeder).seed()).toMatchObject(NOTHING);
    expect(await catalogShape(t)).toMatchObject({ products: 300, categories: 12 });
  });

  it('gives back a main image and a category a demo product lost (as after an interrupted run)', async () => {
    const { product } = await catalogShape(t);
    const [category] = product.relationships.categories.data;
    expect((await t.http.delete(`/v2/products/${product.id}/relationships/main-image`).set(t.admin)).status).toBe(204);
    expect((await t.http.delete(`/v2/products/${product.id}/relationships/categories`).set(t.admin).send({ data: [category] })).status).toBe(204);

    expect(await seedThroughApi({ baseUrl: t.baseUrl, clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET })).toMatchObject(NOTHING);
    const repaired = (await catalogShape(t)).product;
    expect(repaired.relationships.main_image.data.id).toBe(product.relationships.main_image.data.id);
    expect(repaired.relationships.categories.data).toHaveLength(2);
  });

  it('says how to give the key when the server runs and none is known, and when the key is wrong', async () => {
    const noKey = await runSeedCommand(['--url', t.baseUrl], {});
    expect(noKey.code).toBe(2);
    expect(noKey.out).toContain(`A server is running at ${t.baseUrl}`);
    expect(noKey.out).toContain('CLIENT_ID and CLIENT_SECRET');

    const wrong = await runSeedCommand(['--url', t.baseUrl, '--client-id', TEST_CLIENT_ID, '--client-secret', 'not-the-secret-000000'], {});
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('does not accept this client_id and client_secret');
    expect(wrong.out).not.toMatch(/\n\s+at /);
  });

  it('refuses to guess when the --url it was given does not answer', async () => {
    const res = await runSeedCommand(['--url', `http://127.0.0.1:${await closedPort()}`], { CLIENT_ID: TEST_CLIENT_ID, CLIENT_SECRET: TEST_CLIENT_SECRET });
    expect(res.code).toBe(1);
    expect(res.out).toContain('No server answers');
  });
});

describe('demo catalog: SEED_DEMO=true seeds at start', () => {
  it('starts with the catalogue in place; seeding through the API then adds nothing', async () => {
    const t = await createTestApp({ env: { SEED_DEMO: 'true', WORKERS_ENABLED: 'true' } });
    try {
      expect(await catalogShape(t)).toMatchObject({ products: 300, categories: 12 });
      expect(await seedThroughApi({ baseUrl: t.baseUrl, clientId: TEST_CLIENT_ID, clientSecret: TEST_CLIENT_SECRET })).toMatchObject(NOTHING);
      expect(await t.app.get(DemoSeeder).seed()).toMatchObject(NOTHING);
    } finally {
      await t.close();
    }
  });
});

describe('demo catalog: npm run seed with no server running', () => {
  it('writes straight into the database, and adds nothing the second time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'commerce-api-seed-'));
    const database = testDbKind() === 'postgres' ? await createTestDatabase('postgres') : undefined;
    const env = { PORT: String(await closedPort()), HOST: '127.0.0.1', FILES_DIR: join(dir, 'files'), ...(database?.env ?? { PGLITE_DATA_DIR: join(dir, 'pglite') }) };
    try {
      const first = await runSeedCommand([], env);
      expect(first).toMatchObject({ code: 0 });
      expect(first.out).toContain('writing the demo catalog straight into the database');
      expect(first.out).toContain('added 12 categories, 300 products and 12 images');
      expect(first.out).toMatch(/the PXM demo catalog: \d+ things added, release \S+ published/);
      const second = await runSeedCommand([], env);
      expect(second).toMatchObject({ code: 0 });
      expect(second.out).toContain('already there; nothing added');
      expect(second.out).toContain('the PXM demo catalog is already published; nothing added');
    } finally {
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
