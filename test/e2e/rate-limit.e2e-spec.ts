import type { Response } from 'supertest';
import { expectErrorDocument } from '../support/documents';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Rate limiting (SECURITY.md): RATE_LIMIT requests per RATE_LIMIT_WINDOW_MS per bearer token (per IP
 * without one), 429 in the error format with Retry-After; health and docs exempt.
 */
describe('rate limiting per token', () => {
  const LIMIT = 5;
  const WINDOW_MS = 3000;
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: String(LIMIT), RATE_LIMIT_WINDOW_MS: String(WINDOW_MS) } });
  });
  afterAll(async () => {
    await t?.close();
  });

  function expectTooMany(res: Response) {
    expectErrorDocument(res, 429, { title: 'Too Many Requests', detail: /Rate limit of 5 requests per 3 seconds exceeded/ });
    expect(res.body.errors).toHaveLength(1);
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_MS / 1000);
    return retryAfter;
  }

  it('allows RATE_LIMIT requests per token in the window, then answers 429 with Retry-After; other tokens are unaffected; it recovers', async () => {
    const token = await t.token('client_credentials');
    const other = await t.token('client_credentials');
    const auth = { Authorization: `Bearer ${token}` };
    for (let i = 0; i < LIMIT; i++) {
      const res = await t.http.get('/v2/settings').set(auth);
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(LIMIT));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(LIMIT - i - 1));
    }
    // The budget is per token across routes, not per route.
    const throttled = await t.http.put('/v2/settings').set(auth).send({ data: { type: 'settings', page_length: 30 } });
    const retryAfter = expectTooMany(throttled);
    expect((await t.http.get('/v2/settings').set(auth)).status).toBe(429);
    // A throttled write did not happen.
    expect((await t.http.get('/v2/settings').set({ Authorization: `Bearer ${other}` })).body.data.page_length).toBe(25);
    // Another token has its own budget (one request spent just above).
    for (let i = 1; i < LIMIT; i++) expect((await t.http.get('/v2/settings').set({ Authorization: `Bearer ${other}` })).status).toBe(200);
    expectTooMany(await t.http.get('/v2/settings').set({ Authorization: `Bearer ${other}` }));
    // Waiting Retry-After seconds is enough.
    await new Promise((r) => setTimeout(r, retryAfter * 1000 + 100));
    expect((await t.http.get('/v2/settings').set(auth)).status).toBe(200);
  });

  it('a bad or missing token is still 401 (never 429), so the SDK re-authenticates; the budget of a good token is not spent by them', async () => {
    await new Promise((r) => setTimeout(r, WINDOW_MS + 100));
    const token = await t.token('client_credentials');
    for (let i = 0; i < LIMIT * 3; i++) {
      expectErrorDocument(await t.http.get('/v2/settings').set('Authorization', 'Bearer not-a-real-token'), 401, { title: 'Unable to validate access token' });
      expectErrorDocument(await t.http.get('/v2/settings'), 401);
    }
    for (let i = 0; i < LIMIT; i++) expect((await t.http.get('/v2/settings').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    expectTooMany(await t.http.get('/v2/settings').set('Authorization', `Bearer ${token}`));
  });

  it('implicit tokens have budgets of their own and get 429 the same way', async () => {
    await new Promise((r) => setTimeout(r, WINDOW_MS + 100));
    const implicit = await t.token('implicit');
    const route = '/v2/orders/00000000-0000-4000-8000-000000000000/payments';
    for (let i = 0; i < LIMIT; i++) {
      const res = await t.http.post(route).set('Authorization', `Bearer ${implicit}`).send({ data: { gateway: 'manual', method: 'purchase' } });
      expect(res.status).not.toBe(429);
    }
    expectTooMany(await t.http.post(route).set('Authorization', `Bearer ${implicit}`).send({ data: { gateway: 'manual', method: 'purchase' } }));
  });

  it('the token endpoint is limited per client IP, whatever Authorization header comes with it', async () => {
    await new Promise((r) => setTimeout(r, WINDOW_MS + 100));
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < LIMIT + 1; i++) {
      // A made-up bearer token on each attempt must not buy a fresh budget.
      last = await t.http
        .post('/oauth/access_token')
        .set('Authorization', `Bearer guess-${i}`)
        .type('form')
        .send({ grant_type: 'client_credentials', client_id: 'nope', client_secret: 'wrong-secret-xxxxxxxx' });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(401), 429]);
    expectTooMany(last!);
  });

  it('health and docs are exempt', async () => {
    for (let i = 0; i < LIMIT * 3; i++) {
      expect((await t.http.get('/health')).status).toBe(200);
      expect((await t.http.get('/docs-json')).status).toBe(200);
    }
    const health = await t.http.get('/health');
    expect(health.headers['x-ratelimit-limit']).toBeUndefined();
  });
});
