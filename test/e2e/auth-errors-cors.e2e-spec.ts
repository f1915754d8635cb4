import { createTestApp, TestApp, TEST_CLIENT_ID, TEST_CLIENT_SECRET } from '../support/test-app';
import { expectErrorDocument } from '../support/documents';

describe('auth, error documents, health, settings, CORS and OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /health', () => {
    it('answers 200 without a token and reports the database', async () => {
      const res = await t.http.get('/health');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('ok');
      expect(res.body.info.database.status).toBe('up');
    });
  });

  describe('POST /oauth/access_token', () => {
    it('issues a client_credentials token from a form body with expires in unix seconds', async () => {
      const before = Math.floor(Date.now() / 1000);
      const res = await t.http
        .post('/oauth/access_token')
        .type('form')
        .send({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID, client_secret: TEST_CLIENT_SECRET });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ identifier: 'client_credentials', token_type: 'Bearer', expires_in: 3600 });
      expect(typeof res.body.access_token).toBe('string');
      expect(res.body.expires).toBeGreaterThanOrEqual(before + 3599);
      expect(res.body.expires).toBeLessThan(before + 3700);
    });

    it('answers every one of many concurrent first requests made with a brand-new token', async () => {
      // Passport shares one strategy object: concurrent requests must not overwrite each other's callbacks
      // (all but one would hang). The SDK sends parallel calls right after authenticating.
      for (const grant of ['client_credentials', 'implicit'] as const) {
        const token = await t.token(grant);
        const answers = await Promise.all(
          Array.from({ length: 12 }, () => t.http.get('/v2/products').set('Authorization', `Bearer ${token}`).timeout(5000)),
        );
        expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
      }
      const bad = await Promise.all(Array.from({ length: 6 }, () => t.http.get('/v2/products').set('Authorization', 'Bearer nope').timeout(5000)));
      expect(bad.map((r) => r.status)).toEqual(Array(6).fill(401));
    });

    it('issues an implicit token from a JSON body', async () => {
      const res = await t.http.post('/oauth/access_token').send({ grant_type: 'implicit', client_id: TEST_CLIENT_ID });
      expect(res.status).toBe(200);
      expect(res.body.identifier).toBe('implicit');
    });

    it('refuses a wrong secret with 401', async () => {
      const res = await t.http
        .post('/oauth/access_token')
        .type('form')
        .send({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID, client_secret: 'wrong-secret-xxxxxxxx' });
      expectErrorDocument(res, 401);
    });

    it('refuses an unknown client_id with 401 and an unknown grant type with 400', async () => {
      expectErrorDocument(await t.http.post('/oauth/access_token').type('form').send({ grant_type: 'implicit', client_id: 'nope' }), 401);
      expectErrorDocument(await t.http.post('/oauth/access_token').type('form').send({ grant_type: 'password', client_id: TEST_CLIENT_ID }), 400, {
        source: 'grant_type',
      });
    });

    it('requires client_secret for client_credentials', async () => {
      const res = await t.http.post('/oauth/access_token').type('form').send({ grant_type: 'client_credentials', client_id: TEST_CLIENT_ID });
      expectErrorDocument(res, 400, { source: 'client_secret' });
    });
  });

  describe('bearer authentication', () => {
    it('answers 401 "Unable to validate access token" without a token, with a malformed or an unknown one', async () => {
      for (const header of [undefined, 'Bearer', 'Basic abc', 'Bearer not-a-real-token']) {
        const req = t.http.get('/v2/settings');
        if (header) req.set('Authorization', header);
        const res = await req;
        expectErrorDocument(res, 401, { title: 'Unable to validate access token' });
      }
    });

    it('answers 403 to an implicit token on an admin route', async () => {
      expectErrorDocument(await t.http.get('/v2/settings').set(t.storefront), 403, { title: 'Forbidden' });
    });

    it('expires tokens after TOKEN_TTL_SECONDS', async () => {
      // Expiry is at a whole second (`expires` is unix seconds): a TTL of 3 lasts 2 to 3 s, time enough for the first use.
      const short = await createTestApp({ env: { TOKEN_TTL_SECONDS: '3' } });
      try {
        const token = await short.token('client_credentials');
        expect((await short.http.get('/v2/settings').set('Authorization', `Bearer ${token}`)).status).toBe(200);
        await new Promise((r) => setTimeout(r, 3100));
        expectErrorDocument(await short.http.get('/v2/settings').set('Authorization', `Bearer ${token}`), 401);
      } finally {
        await short.close();
      }
    });
  });

  describe('error documents', () => {
    it('unknown route → 404 in the error format', async () => {
      expectErrorDocument(await t.http.get('/v2/no-such-thing').set(t.admin), 404);
    });

    it('malformed JSON → 400', async () => {
      const res = await t.http.put('/v2/settings').set(t.admin).set('Content-Type', 'application/json').send('{"data": {');
      expectErrorDocument(res, 400, { detail: /not valid JSON/ });
    });

    it('body over the limit → 413', async () => {
      const big = JSON.stringify({ data: { type: 'settings', x: 'a'.repeat(1024 * 1024 + 10) } });
      const res = await t.http.put('/v2/settings').set(t.admin).set('Content-Type', 'application/json').send(big);
      expectErrorDocument(res, 413);
    });

    it('a body without data → 400 naming data; a field of the wrong type → 400 naming data.field', async () => {
      expectErrorDocument(await t.http.put('/v2/settings').set(t.admin).send({ page_length: 5 }), 400, { source: 'data' });
      expectErrorDocument(await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: 'ten' } }), 400, {
        source: 'data.page_length',
      });
      expectErrorDocument(await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: 101 } }), 400, {
        source: 'data.page_length',
      });
    });

    it('keeps a sane X-Request-Id and makes one up otherwise', async () => {
      const kept = await t.http.get('/health').set('X-Request-Id', 'abc-123');
      expect(kept.headers['x-request-id']).toBe('abc-123');
      const made = await t.http.get('/health').set('X-Request-Id', 'bad id with spaces');
      expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('settings', () => {
    it('GET, PUT and DELETE /v2/settings', async () => {
      const initial = await t.http.get('/v2/settings').set(t.admin);
      expect(initial.status).toBe(200);
      expect(initial.body.data).toMatchObject({ type: 'settings', page_length: 25, page_offset_limit: 10000 });
      const updated = await t.http.put('/v2/settings').set(t.admin).send({ data: { type: 'settings', page_length: 50 } });
      expect(updated.status).toBe(200);
      expect(updated.body.data.page_length).toBe(50);
      expect((await t.http.delete('/v2/settings').set(t.admin)).status).toBe(204);
      expect((await t.http.get('/v2/settings').set(t.admin)).body.data.page_length).toBe(25);
    });
  });

  describe('CORS (a storefront in a browser)', () => {
    it('answers a preflight with 204 before authentication, reflecting the headers the SDK sends', async () => {
      const res = await t.http
        .options('/v2/products')
        .set('Origin', 'https://shop.example.com')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type,x-moltin-sdk-language,x-moltin-sdk-version');
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-methods']).toContain('POST');
      expect(res.headers['access-control-allow-headers']).toBe('authorization,content-type,x-moltin-sdk-language,x-moltin-sdk-version');
    });

    it('lets the page read the answer and X-Request-Id', async () => {
      const res = await t.http.get('/v2/products').set(t.storefront).set('Origin', 'https://shop.example.com');
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-expose-headers']).toContain('X-Request-Id');
    });

    it('allows only the listed origins when CORS_ORIGINS is set', async () => {
      const listed = await createTestApp({ env: { CORS_ORIGINS: 'https://shop.example.com' } });
      try {
        const ok = await listed.http.get('/v2/products').set(listed.storefront).set('Origin', 'https://shop.example.com');
        expect(ok.headers['access-control-allow-origin']).toBe('https://shop.example.com');
        const other = await listed.http.get('/v2/products').set(listed.storefront).set('Origin', 'https://evil.example.net');
        expect(other.headers['access-control-allow-origin']).toBeUndefined();
      } finally {
        await listed.close();
      }
    });
  });

  describe('OpenAPI', () => {
    it('serves the document at /docs-json', async () => {
      const res = await t.http.get('/docs-json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toMatch(/^3\./);
    });
  });
});
