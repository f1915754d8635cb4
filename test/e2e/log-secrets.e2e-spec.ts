import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Request } from 'express';
import { ApiExceptionFilter } from '../../src/common/errors/api-exception.filter';
import { createTestApp, TestApp, TEST_CLIENT_SECRET } from '../support/test-app';

/**
 * No log line carries a secret, whatever fails: requests that fail in every way we know of are sent with
 * webhook secrets in them, a real Prisma error holding the secrets in its message goes through the error
 * filter, and then the whole log (LOG_LEVEL=trace) is grepped for every secret.
 */
describe('log lines never carry a secret', () => {
  let t: TestApp;
  const logLines: string[] = [];
  const secretKey = `wh-key-${randomBytes(16).toString('hex')}`;
  const rotatedKey = `wh-rotated-${randomBytes(16).toString('hex')}`;
  let integrationId: string;
  let generatedSigningSecret: string;

  beforeAll(async () => {
    t = await createTestApp({ logLines, env: { LOG_LEVEL: 'trace' } });
    const created = await t.http
      .post('/v2/integrations')
      .set(t.admin)
      .send({ data: { type: 'integration', name: 'logged', observes: ['order.created'], configuration: { url: 'https://example.com/hook', secret_key: secretKey } } });
    expect(created.status).toBe(201);
    integrationId = created.body.data.id;
    // Rotating makes the first key the previous signing secret: three secrets on one row.
    expect((await t.http.put(`/v2/integrations/${integrationId}`).set(t.admin).send({ data: { type: 'integration', configuration: { secret_key: rotatedKey } } })).status).toBe(200);
    const generated = await t.http
      .post('/v2/integrations')
      .set(t.admin)
      .send({ data: { type: 'integration', name: 'generated', observes: ['order.created'], configuration: { url: 'https://example.com/hook2' } } });
    generatedSigningSecret = generated.body.data.configuration.signing_secret;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('failing integration writes (null fields, wrong types, NUL bytes, bad encodings) log no secret', async () => {
    const put = (data: Record<string, unknown>) => t.http.put(`/v2/integrations/${integrationId}`).set(t.admin).send({ data: { type: 'integration', ...data } });
    for (const field of ['name', 'description', 'enabled', 'integration_type', 'observes']) {
      expect((await put({ [field]: null, configuration: { secret_key: secretKey } })).status).toBe(400);
    }
    expect((await put({ name: 'a\u0000b', configuration: { secret_key: rotatedKey } })).status).toBe(400);
    expect((await put({ configuration: { secret_key: [secretKey] } })).status).toBe(400);
    const garbage = await fetch(`${t.baseUrl}/v2/integrations/${integrationId}`, {
      method: 'PUT',
      headers: { ...t.admin, 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: new Uint8Array(gzipSync(JSON.stringify({ data: { configuration: { secret_key: secretKey } } })).subarray(0, 30)),
    });
    expect(garbage.status).toBe(400);
  });

  it('a database error whose message holds the secrets is logged without them', async () => {
    let failure: unknown;
    try {
      await t.prisma.integration.update({ where: { id: integrationId }, data: { name: null as unknown as string, secretKey, signingSecret: rotatedKey, previousSigningSecret: generatedSigningSecret } });
    } catch (err) {
      failure = err;
    }
    expect(String((failure as Error)?.message)).toContain(secretKey);
    const filter = t.app.get(ApiExceptionFilter);
    const { status } = filter.describe(failure, { id: 'log-secrets-test' } as unknown as Request);
    expect(status).toBe(500);
    expect(logLines.some((l) => l.includes('log-secrets-test') && l.includes('"level":50'))).toBe(true);
  });

  it('no log line holds a webhook secret, a signing secret or the client secret', () => {
    const secrets = { secretKey, rotatedKey, generatedSigningSecret, clientSecret: TEST_CLIENT_SECRET };
    const leaks = Object.entries(secrets).flatMap(([name, value]) => logLines.filter((l) => l.includes(value)).map((l) => `${name}: ${l.slice(0, 400)}`));
    expect(leaks).toEqual([]);
    expect(logLines.length).toBeGreaterThan(10);
  });
});
