import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeLoopbackCertificate } from '../support/loopback-certificate';
import { ServerProcess, spawnServer } from '../support/spawn-server';
import { TEST_CLIENT_ID } from '../support/test-app';
import { createTestDatabase, TestDatabase } from '../support/test-database';

/**
 * The server speaks HTTPS itself when given a certificate and its key (Elastic Path's storefronts call their API
 * over https:// only), with a certificate this test makes for 127.0.0.1 and trusts.
 */
describe('HTTPS from HTTPS_CERT_FILE and HTTPS_KEY_FILE', () => {
  let dir: string;
  let ca: Buffer;
  let database: TestDatabase;
  let server: ServerProcess | undefined;

  const call = (path: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: server!.port, path, method: init.method ?? 'GET', ca, headers: init.headers },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined }));
        },
      );
      req.on('error', reject);
      req.end(init.body);
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'commerce-api-https-'));
    makeLoopbackCertificate(dir);
    ca = readFileSync(join(dir, 'cert.pem'));
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await server?.kill();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the API over TLS: health, an implicit token, and links that say https', async () => {
    server = await spawnServer({ ...database.env, HTTPS_CERT_FILE: join(dir, 'cert.pem'), HTTPS_KEY_FILE: join(dir, 'key.pem') });
    expect(server.lines.some((l) => l.includes(`listening on https://127.0.0.1:${server!.port}`))).toBe(true);

    expect((await call('/health')).status).toBe(200);
    const token = await call('/oauth/access_token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'implicit', client_id: TEST_CLIENT_ID }).toString(),
    });
    expect(token.status).toBe(200);
    const products = await call('/v2/products', { headers: { Authorization: `Bearer ${token.body.access_token}` } });
    expect(products.status).toBe(200);
    expect(products.body.links.current).toMatch(new RegExp(`^https://127\\.0\\.0\\.1:${server.port}/v2/products`));
  }, 300_000);

  it('refuses to start with a key that is not the certificate\'s, naming both files and never their content', async () => {
    writeFileSync(join(dir, 'other-key.pem'), execFileSync('openssl', ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048']));
    const key = readFileSync(join(dir, 'other-key.pem'), 'utf8');
    const failed = await spawnServer({ ...database.env, HTTPS_CERT_FILE: join(dir, 'cert.pem'), HTTPS_KEY_FILE: join(dir, 'other-key.pem') }).then(
      (s) => (s.kill(), 'started'),
      (e: Error) => e.message,
    );
    expect(failed).toMatch(/server exited \(78\) before listening/);
    expect(failed).toContain("the key is not the certificate's");
    expect(failed).toContain(join(dir, 'other-key.pem'));
    expect(failed).not.toContain(key.split('\n')[1]);
  }, 300_000);
});
