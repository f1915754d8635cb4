import { createHash, randomBytes } from 'node:crypto';
import type { Response } from 'supertest';
import { concretePath, discoverRoutes, RouteInfo, servedRoutes } from '../support/app-routes';
import { createTestApp, TestApp, TEST_CLIENT_ID } from '../support/test-app';
import { signedInAccountMember } from '../support/account-management-fixtures';

/**
 * The authorization matrix (SECURITY.md): every route the running app serves, found through Nest's own
 * metadata (not a hand-written list), called with no token, malformed tokens, an expired token, an
 * implicit token and a client-credentials token. A route added later with no decorator is covered
 * automatically and must behave as a client-credentials-only route.
 */

function call(t: TestApp, route: RouteInfo, authorization?: string) {
  const url = concretePath(route.path);
  let req = (t.http as any)[route.method === 'ALL' ? 'get' : route.method.toLowerCase()](url);
  if (authorization !== undefined) req = req.set('Authorization', authorization);
  if (['POST', 'PUT', 'PATCH'].includes(route.method)) req = req.send({});
  return req as Promise<Response>;
}

function describeRes(route: RouteInfo, label: string, res: Response): string {
  return `${route.method} ${route.path} (${route.handler}) with ${label} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
}

/** Collects every violation so a failure lists all offending routes at once. */
function expectNoViolations(violations: string[]) {
  expect(violations).toEqual([]);
}

function isUnauthorizedDocument(res: Response): boolean {
  const e = res.body?.errors?.[0];
  return res.status === 401 && /application\/json/.test(res.headers['content-type'] ?? '') && Number(e?.status) === 401 && e?.title === 'Unable to validate access token' && typeof e?.detail === 'string';
}

function isForbiddenDocument(res: Response): boolean {
  const e = res.body?.errors?.[0];
  return res.status === 403 && Number(e?.status) === 403 && e?.title === 'Forbidden' && typeof e?.detail === 'string';
}

/** Public routes are reviewed: adding one must be a deliberate change to this list. */
const REVIEWED_PUBLIC_ROUTES = ['GET /health', 'GET /health/live', 'GET /health/ready', 'POST /oauth/access_token'];

/**
 * An implicit (storefront) token may not capture, refund, list orders, read or change integrations or settings,
 * or write the catalog (docs/api.md, "Authentication").
 */
const IMPLICIT_FORBIDDEN: { why: string; test: (r: RouteInfo) => boolean }[] = [
  { why: 'settings are admin-only', test: (r) => /^\/v2\/settings(\/|$)/.test(r.path) },
  { why: 'integrations are admin-only', test: (r) => /^\/v2\/integrations(\/|$)/.test(r.path) },
  { why: 'listing orders is admin-only', test: (r) => r.method === 'GET' && r.path === '/v2/orders' },
  { why: 'capture is admin-only', test: (r) => r.method === 'POST' && /\/transactions\/:[^/]+\/capture$/.test(r.path) },
  { why: 'refund is admin-only', test: (r) => r.method === 'POST' && /\/transactions\/:[^/]+\/refund$/.test(r.path) },
  { why: 'PXM authoring (/pcm) is for client-credentials tokens only, reads included', test: (r) => /^\/pcm\//.test(r.path) },
  { why: 'currencies are written by administrators', test: (r) => r.method !== 'GET' && /^\/v2\/currencies(\/|$)/.test(r.path) },
  {
    why: 'the catalog is read-only for implicit tokens',
    test: (r) => r.method !== 'GET' && /^\/v2\/(products|categories|files|hierarchies|pcm|catalogs?)(\/|$)/.test(r.path),
  },
  { why: 'inventories are written by administrators', test: (r) => /^\/v2\/inventories(\/|$)/.test(r.path) && r.method !== 'GET' && r.path !== '/v2/inventories/multiple' },
  { why: 'catalogs and catalog rules (/catalogs) are authored with client-credentials tokens only, reads included', test: (r) => /^\/catalogs(\/|$)/.test(r.path) },
  { why: 'publishing catalogs and reading their releases is for client-credentials tokens only', test: (r) => /^\/(pcm\/)?catalogs\/:[^/]+\/releases(\/:[^/]+)?$/.test(r.path) },
  { why: "a catalog release's previews are for administrators only", test: (r) => /^\/(pcm\/)?catalogs\/:[^/]+\/releases\/:[^/]+\/(hierarchies|nodes|products)(\/|$)/.test(r.path) },
];

/**
 * Implicit tokens read the live catalog (products, categories, files), use carts and checkout, and can pay for an
 * order (docs/api.md, "Authentication"). Those routes must allow them.
 */
const IMPLICIT_REQUIRED: { why: string; test: (r: RouteInfo) => boolean }[] = [
  { why: 'storefronts read the live catalog', test: (r) => r.method === 'GET' && /^\/v2\/(products|categories|files)(\/:[^/]+)?$/.test(r.path) },
  { why: 'storefronts use carts and checkout', test: (r) => /^\/v2\/carts(\/|$)/.test(r.path) },
  { why: 'storefronts pay for an order', test: (r) => r.method === 'POST' && /^\/v2\/orders\/:[^/]+\/payments$/.test(r.path) },
  { why: 'storefronts sign account members in', test: (r) => r.method === 'POST' && r.path === '/v2/account-members/tokens' },
  {
    why: "storefronts read a product's stock and the inventory locations",
    test: (r) => (r.method === 'GET' && ['/v2/inventories/:id', '/v2/inventories/locations'].includes(r.path)) || (r.method === 'POST' && r.path === '/v2/inventories/multiple'),
  },
  { why: "storefronts read the shopper's catalog (published releases)", test: (r) => r.method === 'GET' && /^\/catalog(\/|$)/.test(r.path) },
];

const MALFORMED = [
  'Bearer',
  'Bearer ',
  'Basic dGVzdDp0ZXN0',
  'bearer-no-space',
  'Bearer not-a-real-token',
  `Bearer ${randomBytes(20).toString('hex')}`,
  `Bearer ${'x'.repeat(600)}`,
  'Bearer a b c',
  `Bearer ${randomBytes(20).toString('hex')}\u0000`.replace('\u0000', '%00'),
];

describe('authorization matrix over every route', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let expiredToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    routes = discoverRoutes(t);
    // An expired token, exactly as the token endpoint would have stored it, but with expires_at in the past.
    expiredToken = randomBytes(20).toString('hex');
    const client = await t.prisma.apiClient.findFirstOrThrow({ where: { clientId: TEST_CLIENT_ID } });
    await t.prisma.accessToken.create({
      data: {
        tokenHash: createHash('sha256').update(expiredToken).digest('hex'),
        clientId: client.id,
        grantType: 'client_credentials',
        expiresAt: new Date(Date.now() - 60_000),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('discovers every served route through Nest metadata (none served without a handler, none duplicated)', () => {
    const served = servedRoutes(t);
    const discovered = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect([...served].filter((k) => !discovered.has(k))).toEqual([]);
    expect([...discovered].filter((k) => !served.has(k))).toEqual([]);
    expect(discovered.size).toBe(routes.length);
    expect(routes.length).toBeGreaterThanOrEqual(5);
    // The routes under test, for the record.
    process.stdout.write(
      `authz matrix: ${routes.length} routes\n` +
        routes.map((r) => `  ${r.isPublic ? 'public  ' : r.allowImplicit ? 'implicit' : 'admin   '} ${r.method} ${r.path}`).join('\n') +
        '\n',
    );
  });

  it('only reviewed routes are public, and the token endpoint and health are', () => {
    const publicRoutes = routes.filter((r) => r.isPublic).map((r) => `${r.method} ${r.path}`);
    expect(publicRoutes.filter((r) => !REVIEWED_PUBLIC_ROUTES.includes(r))).toEqual([]);
    expect(publicRoutes).toEqual(expect.arrayContaining(REVIEWED_PUBLIC_ROUTES));
  });

  it('implicit tokens are not allowed on administrator routes', () => {
    const wrong = routes
      .filter((r) => r.allowImplicit && !r.isPublic)
      .flatMap((r) => IMPLICIT_FORBIDDEN.filter((rule) => rule.test(r)).map((rule) => `${r.method} ${r.path} (${r.handler}): ${rule.why}`));
    expect(wrong).toEqual([]);
  });

  it('implicit tokens are allowed where storefronts go', () => {
    const wrong = routes
      .filter((r) => !r.allowImplicit && !r.isPublic)
      .flatMap((r) => IMPLICIT_REQUIRED.filter((rule) => rule.test(r)).map((rule) => `${r.method} ${r.path} (${r.handler}) refuses implicit tokens, but ${rule.why}`));
    expect(wrong).toEqual([]);
  });

  it('public routes never answer 401 or 403, whatever the token', async () => {
    const violations: string[] = [];
    for (const route of routes.filter((r) => r.isPublic)) {
      const attempts: [string, string | undefined][] = [
        // A route open to requests without a token still refuses a bad one.
        ...(route.allowAnonymous ? [] : [['no token', undefined] as [string, undefined]]),
        ['a malformed token', 'Bearer not-a-real-token'],
        ['an expired token', `Bearer ${expiredToken}`],
        ['an implicit token', `Bearer ${t.implicitToken}`],
        ['a client-credentials token', `Bearer ${t.adminToken}`],
      ];
      for (const [label, auth] of attempts) {
        const res = await call(t, route, auth);
        if (res.status === 401 || res.status === 403 || res.status >= 500) violations.push(describeRes(route, label, res));
      }
    }
    expectNoViolations(violations);
  });

  it('protected routes answer 401 "Unable to validate access token" without a token, with a malformed or an expired one', async () => {
    const violations: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      const attempts: [string, string | undefined][] = [
        // A route open to requests without a token still refuses a bad one.
        ...(route.allowAnonymous ? [] : [['no token', undefined] as [string, undefined]]),
        ...MALFORMED.map((m): [string, string] => [`malformed ${JSON.stringify(m.slice(0, 30))}`, m]),
        ['an expired token', `Bearer ${expiredToken}`],
      ];
      for (const [label, auth] of attempts) {
        const res = await call(t, route, auth);
        if (!isUnauthorizedDocument(res)) violations.push(describeRes(route, label, res));
      }
      // Express answers HEAD with the GET handler: it must be guarded the same way.
      if (route.method === 'GET' && !route.allowAnonymous) {
        const head = await t.http.head(concretePath(route.path));
        if (head.status !== 401) violations.push(`HEAD ${route.path} with no token → ${head.status}`);
      }
    }
    expectNoViolations(violations);
  });

  it('implicit tokens get 403 "Forbidden" on every route without @AllowImplicit, and never 401/403 where allowed', async () => {
    const violations: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      const res = await call(t, route, `Bearer ${t.implicitToken}`);
      if (route.allowImplicit) {
        if (res.status === 401 || res.status === 403 || res.status >= 500) violations.push(describeRes(route, 'an implicit token (allowed)', res));
      } else if (!isForbiddenDocument(res)) {
        violations.push(describeRes(route, 'an implicit token (not allowed)', res));
      }
    }
    expectNoViolations(violations);
  });

  it('an implicit token with an account management token gets 403 only where neither is allowed, never 401 or a 5xx', async () => {
    const account = (await t.http.post('/v2/accounts').set(t.admin).send({ data: { type: 'account', name: 'Matrix', legal_name: 'Matrix Ltd' } })).body.data.id;
    const { tokens } = await signedInAccountMember(t, 'Matrix', [account]);
    const violations: string[] = [];
    for (const route of routes.filter((r) => !r.isPublic)) {
      const url = concretePath(route.path);
      let req = (t.http as any)[route.method.toLowerCase()](url).set('Authorization', `Bearer ${t.implicitToken}`).set('EP-Account-Management-Authentication-Token', tokens[account]);
      if (['POST', 'PUT', 'PATCH'].includes(route.method)) req = req.send({});
      const res: Response = await req;
      if (route.allowImplicit || route.allowAccountMember) {
        if (res.status === 401 || res.status >= 500) violations.push(describeRes(route, 'an account token (allowed)', res));
      } else if (!isForbiddenDocument(res)) {
        violations.push(describeRes(route, 'an account token (not allowed)', res));
      }
    }
    expectNoViolations(violations);
  });

  it('client-credentials tokens never get 401 or 403 (nor a 5xx) on any route', async () => {
    const violations: string[] = [];
    for (const route of routes) {
      const res = await call(t, route, `Bearer ${t.adminToken}`);
      if (res.status === 401 || res.status === 403 || res.status >= 500) violations.push(describeRes(route, 'a client-credentials token', res));
    }
    expectNoViolations(violations);
  });

  it('a token expires after TOKEN_TTL_SECONDS on every protected route (401, which is what makes the SDK re-authenticate)', async () => {
    // A token expires at a whole second (`expires` is in unix seconds), so a TTL of N seconds lasts N-1 to N
    // seconds: 3, so that the first use below comes well within it even on a loaded machine.
    const short = await createTestApp({ env: { TOKEN_TTL_SECONDS: '3' } });
    try {
      const protectedRoutes = discoverRoutes(short).filter((r) => !r.isPublic);
      const token = await short.token('client_credentials');
      // Used once while valid, so the expiry is also checked on the cached path.
      expect((await short.http.get('/v2/settings').set('Authorization', `Bearer ${token}`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 3100));
      const violations: string[] = [];
      for (const route of protectedRoutes) {
        const res = await call(short, route, `Bearer ${token}`);
        if (!isUnauthorizedDocument(res)) violations.push(describeRes(route, 'a token past its TTL', res));
      }
      expectNoViolations(violations);
    } finally {
      await short.close();
    }
  });
});
