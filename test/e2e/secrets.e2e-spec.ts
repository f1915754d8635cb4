import { randomBytes } from 'node:crypto';
import type { Response } from 'supertest';
import { createTestApp, TestApp, TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../support/test-app';

/**
 * Secrets (SECURITY.md): the client secret, access tokens and webhook `secret_key`s never appear in a
 * response, a log line (captured at LOG_LEVEL=trace) or an error detail, whatever the request does
 * with them; at rest the client secret and the tokens exist only as hashes.
 */
describe('secrets stay secret', () => {
  let t: TestApp;
  const logLines: string[] = [];
  /** Every response body and header block seen, to grep at the end. */
  const responses: string[] = [];
  const wrongSecret = `wrong-secret-${randomBytes(12).toString('hex')}`;
  const webhookSecret = `wh-secret-${randomBytes(16).toString('hex')}`;
  const rotatedWebhookSecret = `wh-rotated-${randomBytes(16).toString('hex')}`;
  let integrationsExist = false;
  const generatedSigningSecrets: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logLines, env: { LOG_LEVEL: 'trace' } });
    const probe = await t.http.get('/v2/integrations').set(t.admin);
    integrationsExist = probe.status === 200;
  });
  afterAll(async () => {
    await t?.close();
  });

  const record = (res: Response) => {
    responses.push(JSON.stringify({ status: res.status, headers: res.headers, body: res.body, text: res.text }));
    return res;
  };

  const token = (body: Record<string, unknown> | string, type: 'form' | 'json' = 'form') =>
    t.http.post('/oauth/access_token').type(type).send(body as any).then(record);

  it('token requests, good and bad, never echo the secret', async () => {
    expect((await token({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET })).status).toBe(200);
    expect((await token({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET }, 'json')).status).toBe(200);
    expect((await token({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID, client_secret: wrongSecret })).status).toBe(401);
    expect((await token({ grant_type: 'client_credentials', client_id: `nope-${TEST_CLIENT_SECRET}`, client_secret: TEST_CLIENT_SECRET })).status).toBe(401);
    expect((await token({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID, client_secret: [TEST_CLIENT_SECRET, wrongSecret] }, 'json')).status).toBe(400);
    expect((await token({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID, client_secret: { s: TEST_CLIENT_SECRET } }, 'json')).status).toBe(400);
    expect((await token({ grant_type: TEST_CLIENT_SECRET, client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET })).status).toBe(400);
    expect((await token({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET.repeat(40) })).status).toBe(400);
    // Malformed JSON and an oversized body, both carrying the secret.
    const malformed = await t.http
      .post('/oauth/access_token')
      .set('Content-Type', 'application/json')
      .send(`{"grant_type":"client_credentials","client_secret":"${TEST_CLIENT_SECRET}"`)
      .then(record);
    expect(malformed.status).toBe(400);
    const big = await t.http
      .post('/oauth/access_token')
      .type('form')
      .send(`client_secret=${TEST_CLIENT_SECRET}&pad=${'a'.repeat(t.config.bodyLimitBytes + 10)}`)
      .then(record);
    expect(big.status).toBe(413);
    // In the query string (the access log records the path only).
    const query = await t.http.post(`/oauth/access_token?client_secret=${TEST_CLIENT_SECRET}`).type('form').send({ grant_type: 'implicit', client_id: TEST_CLIENT_ID }).then(record);
    expect(query.status).toBe(200);
  });

  it('failing authenticated requests never echo the token or a secret used as a token', async () => {
    for (const header of [`Bearer ${TEST_CLIENT_SECRET}`, `Bearer ${wrongSecret}`, `Basic ${Buffer.from(`${TEST_CLIENT_ID}:${TEST_CLIENT_SECRET}`).toString('base64')}`]) {
      expect((await t.http.get('/v2/settings').set('Authorization', header).then(record)).status).toBe(401);
    }
    expect((await t.http.get('/v2/settings').set(t.storefront).then(record)).status).toBe(403);
    expect((await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: TEST_CLIENT_SECRET } }).then(record)).status).toBe(400);
    // A secret in a header the server does not use.
    expect((await t.http.get('/v2/no-such-route').set(t.admin).set('X-Client-Secret', TEST_CLIENT_SECRET).then(record)).status).toBe(404);
  });

  it('integration secret_key is write-only: absent from create, get, list, update and error responses', async () => {
    if (!integrationsExist) return;
    const url = 'https://example.com/hooks/commerce';
    const created = await t.http
      .post('/v2/integrations')
      .set(t.admin)
      .send({ data: { type: 'integration', name: 'secret test', integration_type: 'webhook', observes: ['order.created'], configuration: { url, secret_key: webhookSecret } } })
      .then(record);
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data.configuration.secret_key).toBeUndefined();
    expect((await t.http.get(`/v2/integrations/${id}`).set(t.admin).then(record)).status).toBe(200);
    expect((await t.http.get('/v2/integrations').set(t.admin).then(record)).status).toBe(200);
    const updated = await t.http.put(`/v2/integrations/${id}`).set(t.admin).send({ data: { type: 'integration', configuration: { secret_key: rotatedWebhookSecret } } }).then(record);
    expect(updated.status).toBe(200);
    expect(updated.body.data.configuration.secret_key).toBeUndefined();
    // Refused requests carrying a secret: validation errors must not quote it.
    for (const bad of [
      { type: 'integration', name: 'x', observes: ['no.such.event'], configuration: { url, secret_key: webhookSecret } },
      { type: 'integration', name: 'x', observes: ['order.created'], configuration: { url: webhookSecret, secret_key: webhookSecret } },
      { type: 'integration', name: 'x', observes: ['order.created'], configuration: { url, secret_key: webhookSecret.repeat(40) } },
      { type: 'integration', name: 'x', observes: ['order.created'], configuration: { url, secret_key: [webhookSecret] } },
      { type: 'integration', name: 'x', observes: ['order.created'], configuration: { url: 'http://127.0.0.1:1/internal', secret_key: webhookSecret } },
    ]) {
      const res = await t.http.post('/v2/integrations').set(t.admin).send({ data: bad }).then(record);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await t.http.put(`/v2/integrations/${id}`).set(t.admin).send({ data: { type: 'integration', configuration: { secret_key: 12345 } } }).then(record)).status).toBe(400);
    // A generated signing secret is returned once, at creation, and never again.
    const generated = await t.http
      .post('/v2/integrations')
      .set(t.admin)
      .send({ data: { type: 'integration', name: 'generated', observes: ['order.created'], configuration: { url } } });
    expect(generated.status).toBe(201);
    const signing = generated.body.data.configuration.signing_secret;
    expect(typeof signing).toBe('string');
    generatedSigningSecrets.push(signing);
    const again = await t.http.get(`/v2/integrations/${generated.body.data.id}`).set(t.admin).then(record);
    expect(again.status).toBe(200);
    expect((await t.http.get('/v2/integrations').set(t.admin).then(record)).status).toBe(200);
    for (const p of ['logs', 'jobs']) expect((await t.http.get(`/v2/integrations/${id}/${p}`).set(t.admin).then(record)).status).toBe(200);
    expect((await t.http.delete(`/v2/integrations/${id}`).set(t.admin).then(record)).status).toBe(200);
  });

  it('none of the secrets appears in any response or log line', () => {
    const secrets: Record<string, string> = {
      client_secret: TEST_CLIENT_SECRET,
      wrong_secret: wrongSecret,
      admin_token: t.adminToken,
      implicit_token: t.implicitToken,
      webhook_secret: webhookSecret,
      rotated_webhook_secret: rotatedWebhookSecret,
      ...Object.fromEntries(generatedSigningSecrets.map((s, i) => [`generated_signing_secret_${i}`, s])),
    };
    expect(logLines.length).toBeGreaterThan(10);
    const leaks: string[] = [];
    for (const [name, value] of Object.entries(secrets)) {
      // Tokens legitimately appear in the token responses; everywhere else they must not.
      const inResponses = responses.filter((r) => r.includes(value) && !(name.endsWith('_token') && r.includes('"access_token"')));
      for (const r of inResponses) leaks.push(`${name} in a response: ${r.slice(0, 300)}`);
      for (const l of logLines.filter((line) => line.includes(value))) leaks.push(`${name} in a log line: ${l.slice(0, 300)}`);
    }
    expect(leaks).toEqual([]);
  });

  it('at rest: the client secret and access tokens are stored only as hashes; the webhook secret only in its integration row', async () => {
    const client = await t.prisma.apiClient.findFirstOrThrow({ where: { clientId: TEST_CLIENT_ID } });
    expect(client.secretHash).toMatch(/^scrypt\$/);
    expect(client.secretHash).not.toContain(TEST_CLIENT_SECRET);
    const tables: { table_name: string }[] = await t.prisma.$queryRawUnsafe(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    );
    const found: string[] = [];
    for (const { table_name } of tables) {
      const rows: { j: string }[] = await t.prisma.$queryRawUnsafe(`SELECT row_to_json(x)::text AS j FROM "${table_name}" x`);
      for (const [name, value] of Object.entries({ client_secret: TEST_CLIENT_SECRET, admin_token: t.adminToken, implicit_token: t.implicitToken, webhook_secret: webhookSecret, rotated: rotatedWebhookSecret })) {
        // The integration row keeps its secret_key (it signs deliveries); nothing else may hold a copy.
        if (table_name === 'integrations' && name !== 'client_secret' && !name.endsWith('_token')) continue;
        if (rows.some((r) => r.j.includes(value))) found.push(`${name} in table ${table_name}`);
      }
    }
    expect(found).toEqual([]);
  });
});
