import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BrowserContext, chromium } from 'playwright-core';
import { makeLoopbackCertificate } from '../support/loopback-certificate';
import { ServerProcess, spawnServer } from '../support/spawn-server';
import { TEST_CLIENT_ID } from '../support/test-app';
import { createTestDatabase, TestDatabase, testDbKind } from '../support/test-database';

/**
 * What a developer sees who points a storefront written for Elastic Path at a fresh server: the server started with
 * SEED_DEMO=true over HTTPS (Elastic Path's storefronts call https:// only), and a page of another origin that signs
 * in with an implicit token and shows `GET /catalog/products?include=main_image` in headless Chromium. One database
 * is enough for the browser's part: the seed itself is proven on both (demo-seed.e2e-spec.ts).
 */
const onPostgresProject = testDbKind() === 'postgres' ? describe : describe.skip;

const CHROMIUM = '/usr/bin/chromium';
jest.setTimeout(10 * 60_000);

/** The storefront page: an implicit token, the catalog's first page, each product's name, price and main image. */
const PAGE = (api: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>Demo storefront</title></head>
<body><ul id="products"></ul>
<script type="module">
  const api = ${JSON.stringify(api)};
  try {
    const token = await fetch(api + '/oauth/access_token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'implicit', client_id: ${JSON.stringify(TEST_CLIENT_ID)} }),
    }).then((r) => r.json());
    const res = await fetch(api + '/catalog/products?include=main_image', {
      headers: { Authorization: 'Bearer ' + token.access_token, 'X-Moltin-Currency': 'USD', 'EP-Channel': 'web' },
    });
    const doc = await res.json();
    const images = new Map((doc.included?.main_images ?? []).map((f) => [f.id, f.link.href]));
    for (const product of doc.data) {
      const li = document.createElement('li');
      li.dataset.sku = product.attributes.sku;
      li.textContent = product.attributes.name + ' ' + (product.meta.display_price?.without_tax?.formatted ?? '');
      const imageId = product.relationships?.main_image?.data?.id;
      if (imageId) {
        const img = document.createElement('img');
        img.src = images.get(imageId);
        li.append(img);
      }
      document.getElementById('products').append(li);
    }
    document.body.dataset.total = String(doc.meta.results.total);
    document.body.dataset.state = 'shown';
  } catch (err) {
    document.body.dataset.state = 'failed: ' + err;
  }
</script></body></html>`;

onPostgresProject('a storefront from another origin shows the seeded PXM catalog over HTTPS', () => {
  let dir: string;
  let database: TestDatabase;
  let api: ServerProcess | undefined;
  let site: Server | undefined;
  let browser: BrowserContext | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'commerce-api-storefront-'));
    makeLoopbackCertificate(dir);
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await browser?.close();
    site?.close();
    await api?.kill();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('seeds and publishes at start, then the page renders the live products with prices and images', async () => {
    api = await spawnServer({ ...database.env, SEED_DEMO: 'true', HTTPS_CERT_FILE: join(dir, 'cert.pem'), HTTPS_KEY_FILE: join(dir, 'key.pem') });
    await readyLine(api);
    const out = api.lines.join('\n');
    expect(out).toContain('PXM demo catalog published');
    expect(out).toContain(`NEXT_PUBLIC_EPCC_ENDPOINT_URL=127.0.0.1:${api.port} NEXT_PUBLIC_EPCC_CLIENT_ID=${TEST_CLIENT_ID}`);

    const apiOrigin = `https://127.0.0.1:${api.port}`;
    site = createServer({ cert: readFileSync(join(dir, 'cert.pem')), key: readFileSync(join(dir, 'key.pem')) }, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE(apiOrigin));
    });
    await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve));
    const siteOrigin = `https://127.0.0.1:${(site.address() as { port: number }).port}`;

    browser = await chromium.launchPersistentContext(mkdtempSync(join(dir, 'chromium-')), {
      executablePath: CHROMIUM,
      headless: true,
      // The certificate is the test's own; the browser is told to accept it as a developer's would.
      ignoreHTTPSErrors: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${siteOrigin}/`);
    await page.waitForFunction(() => document.body.dataset.state !== undefined);
    expect(await page.evaluate(() => document.body.dataset.state)).toBe('shown');

    // Every image loaded: the browser decoded the 64-pixel PNGs from the API's origin.
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    const items = await page.locator('#products li').evaluateAll((lis) =>
      lis.map((li) => {
        const img = li.querySelector('img');
        return { sku: (li as HTMLElement).dataset.sku, text: li.textContent, imageWidth: img ? img.naturalWidth : null, src: img?.src };
      }),
    );
    const skus = items.map((i) => i.sku);
    expect(skus).toEqual(expect.arrayContaining(['PXM-DEMO-MUG', 'PXM-DEMO-BREAKFAST-SET', 'PXM-DEMO-TEE']));
    expect(skus.filter((s) => s?.startsWith('PXM-DEMO-TEE-'))).toHaveLength(6);
    expect(skus).not.toContain('PXM-DEMO-LAMP');
    expect(items.find((i) => i.sku === 'PXM-DEMO-MUG')!.text).toContain('Stoneware mug $12.00');
    const ownImages = items.filter((i) => !i.sku?.startsWith('PXM-DEMO-TEE-'));
    expect(ownImages.map((i) => [i.sku, i.imageWidth, i.src])).toEqual(ownImages.map((i) => [i.sku, 64, expect.stringMatching(new RegExp(`^${apiOrigin}/v2/files/`))]));
    expect(Number(await page.evaluate(() => document.body.dataset.total))).toBe(items.length);
  });
});

/** Resolves once the server printed its next steps (after the seed at start). */
function readyLine(server: ServerProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    const seen = () => server.lines.some((l) => l.includes('Commerce API is ready at'));
    if (seen()) return resolve();
    const onData = () => {
      if (!seen()) return;
      server.child.stdout!.off('data', onData);
      resolve();
    };
    server.child.stdout!.on('data', onData);
    server.child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${server.lines.slice(-20).join('\n')}`)));
  });
}
