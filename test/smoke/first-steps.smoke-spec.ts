import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * The server as `npm start` runs it (scripts/start.js: built with SWC when out of date, then dist/main.js),
 * on the embedded database with its background workers on, driven over HTTP: health, a token, a write, a
 * list, and the webhook the write causes, delivered by the server's own delivery worker. CI runs this and
 * the unit tests on every supported Node.js line besides the image's (which runs the whole suite).
 */
const ROOT = resolve(__dirname, '..', '..');
const CLIENT_ID = 'smoke-client';
const CLIENT_SECRET = 'smoke-client-secret-0123456789';

// A build (when dist/ is out of date) and a cold start: a minute or more on a loaded 2-core machine.
jest.setTimeout(5 * 60_000);

describe(`Node.js ${process.version}: start, token, a write, a list, a webhook delivered`, () => {
  let data: string;
  let server: ChildProcess;
  let output = '';
  let baseUrl: string;
  let receiver: WebhookReceiver;
  let token: string;

  beforeAll(async () => {
    data = mkdtempSync(join(tmpdir(), 'commerce-api-smoke-'));
    receiver = await WebhookReceiver.start();
    server = spawn(process.execPath, ['--max-old-space-size=192', 'scripts/start.js'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmpdir(),
        PORT: '0',
        HOST: '127.0.0.1',
        CLIENT_ID,
        CLIENT_SECRET,
        PGLITE_DATA_DIR: join(data, 'pglite'),
        FILES_DIR: join(data, 'files'),
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((res) => server.once('exit', res));
    baseUrl = await new Promise<string>((res, rej) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const m = /Commerce API listening on (http:\/\/[\w.]+:\d+)/.exec(output);
        if (m) res(m[1]);
      };
      server.stdout!.on('data', onData);
      server.stderr!.on('data', onData);
      void exited.then((code) => rej(new Error(`the server ended (${code}) before listening:\n${output.slice(-3000)}`)));
    });
  });

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((res) => server.once('exit', res));
      server.kill('SIGTERM');
      await exited;
    }
    await receiver?.close();
    if (data) rmSync(data, { recursive: true, force: true });
  });

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('answers /health with the database up', async () => {
    const res = await fetch(`${baseUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', info: { database: { engine: 'pglite', status: 'up' } } });
  });

  it('issues a client_credentials token', async () => {
    const res = await fetch(`${baseUrl}/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: CLIENT_ID, client_secret: CLIENT_SECRET }).toString(),
    });
    expect(res.status).toBe(200);
    token = ((await res.json()) as any).access_token;
    expect(typeof token).toBe('string');
  });

  it('writes a product, lists it, and delivers its product.created webhook to a receiver', async () => {
    const integration = await api('POST', '/v2/integrations', {
      data: { type: 'integration', name: 'smoke', enabled: true, observes: ['product.created'], configuration: { url: receiver.url } },
    });
    expect(integration.status).toBe(201);

    const sku = `smoke-${process.versions.node}`;
    const created = await api('POST', '/v2/products', {
      data: { type: 'product', name: 'Smoke', slug: sku, sku, commodity_type: 'physical', status: 'live', price: [{ amount: 1999, currency: 'USD', includes_tax: true }] },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;

    const list = await api('GET', `/v2/products?filter=eq(sku,${sku})`);
    expect(list.status).toBe(200);
    expect(list.body.data.map((p: { id: string }) => p.id)).toEqual([id]);
    expect(list.body.meta.results.total).toBe(1);

    await receiver.waitFor(1, 60_000);
    const hook = receiver.requests[0];
    expect(hook.body.triggered_by).toBe('product.created');
    expect(hook.body.payload.data).toMatchObject({ type: 'product', id, sku });
  });
});
