import express from 'express';
import fc from 'fast-check';
import { indexRoutesByFirstSegment } from './route-index';

type Outcome = { by: string; params?: Record<string, string>; error?: string };
type Req = { url: string; method: string; params?: Record<string, string>; seen: string[]; settle(o: Outcome): void };
type Handler = (req: Req, res: unknown, next: (err?: unknown) => void) => void;
type TestRouter = { stack: { route?: unknown; rawPath?: unknown }[]; handle(req: Req, res: unknown, done: (err?: unknown) => void): void } & Record<'get' | 'post' | 'use', (...args: unknown[]) => void>;

const PATTERNS: (string | string[])[] = [
  '/v2/products',
  '/v2/products/:id',
  '/v2/products/:id/relationships/categories',
  '/catalog',
  '/catalog/products/:productId',
  '/catalog/products/:productId/relationships/children',
  ['/catalog/hierarchies/:hierarchyId/products', '/catalog/hierarchies/:hierarchyId/relationships/products'],
  '/pcm/catalogs/:catalogId/releases/:releaseId',
  '/files/:id.json',
  '/docs/{*rest}',
  '/health/',
  '/:anything/wildcard',
  '/v2{.:format}',
];

/** A router like the application's: middleware, then routes (one passes to the next route), middleware between and after. */
function routerWith(caseSensitive: boolean): TestRouter {
  const router = express.Router({ caseSensitive }) as unknown as TestRouter;
  const seen = (name: string): Handler => (req, _res, next) => {
    req.seen.push(name);
    next();
  };
  router.use(seen('first middleware'));
  PATTERNS.forEach((pattern, i) => {
    const answer: Handler = (req, _res, next) => {
      if (String(req.params?.id) === 'pass') return next('route');
      if (String(req.params?.id) === 'fail') return next(new Error('failed'));
      req.settle({ by: `${req.method} ${JSON.stringify(pattern)}`, params: { ...req.params } });
    };
    router[i % 3 === 2 ? 'post' : 'get'](pattern, answer);
    if (i === 6) router.use('/docs', seen('mounted middleware'));
  });
  router.get('/v2/products/:id', (req: Req) => req.settle({ by: 'the route after a passed one', params: { ...req.params } }));
  router.use(seen('last middleware'));
  return router;
}

function dispatch(router: TestRouter, method: string, url: string): Promise<Outcome & { seen: string[] }> {
  return new Promise((resolve) => {
    const req: Req = { url, method, seen: [], settle: (o) => resolve({ ...o, seen: req.seen }) };
    router.handle(req, {}, (err) => resolve({ by: 'none', error: err ? String((err as Error).message ?? err) : undefined, seen: req.seen }));
  });
}

const segment = fc.constantFrom('v2', 'V2', 'v2.json', 'products', 'PRODUCTS', 'catalog', 'Catalog', 'hierarchies', 'relationships', 'children', 'pcm', 'catalogs', 'releases', 'files', 'x.json', 'docs', 'health', 'wildcard', 'p1', 'pass', 'fail', '%41', '%zz', 'ı', 'K', 'v2#x', 'catalog#x', 'catalog ', ' v2', '');
const requestUrl = fc
  .tuple(fc.array(segment, { maxLength: 7 }), fc.boolean(), fc.constantFrom('', '?include=main_image', '?a=/v2'), fc.constantFrom('', 'http://host'))
  .map(([parts, slash, query, origin]) => `${origin}/${parts.join('/')}${slash ? '/' : ''}${query}`);
const method = fc.constantFrom('GET', 'POST', 'HEAD', 'OPTIONS', 'DELETE');

describe('the router indexed by first path segment', () => {
  it.each([false, true])('sends every request to the same layers, route and parameters as before (case sensitive: %s)', async (caseSensitive) => {
    const plain = routerWith(caseSensitive);
    const indexed = routerWith(caseSensitive);
    indexRoutesByFirstSegment(indexed);
    await fc.assert(
      fc.asyncProperty(method, requestUrl, async (m, url) => {
        expect(await dispatch(indexed, m, url)).toEqual(await dispatch(plain, m, url));
      }),
      { numRuns: 5000 },
    );
    const answer = await dispatch(indexed, 'GET', '/CATALOG/Products/p1?include=x');
    expect(answer).toEqual(await dispatch(plain, 'GET', '/CATALOG/Products/p1?include=x'));
    if (!caseSensitive) expect(answer.params).toEqual({ productId: 'p1' });
  });

  it('sees routes added after the first request', async () => {
    const router = routerWith(false);
    indexRoutesByFirstSegment(router);
    expect((await dispatch(router, 'GET', '/later/1')).by).toBe('none');
    router.get('/later/:id', (req: Req) => req.settle({ by: 'later', params: { ...req.params } }));
    expect(await dispatch(router, 'GET', '/later/1')).toMatchObject({ by: 'later', params: { id: '1' } });
  });
});
