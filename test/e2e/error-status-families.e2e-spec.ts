import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { RouteFamilies } from '../../src/common/errors/route-families';
import { concretePath, discoverRoutes } from '../support/app-routes';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Elastic Path writes an error's `status` as a number in its v2 families (carts, orders, files, integrations…) and
 * as a string in the newer ones (Account Management, PXM, price books, catalogs, currencies, inventories,
 * promotions). The route's family decides, for every error on its paths: the handler's, validation's, and those
 * raised before a handler runs (no token, a storefront token, an unknown path, a method the path does not serve,
 * a body that does not parse).
 */

type Form = 'number' | 'string';

/** One failing request per family: a module of a new family adds its line. */
const FAMILIES: { family: string; form: Form; status: number; request: (t: TestApp) => Promise<Response> }[] = [
  { family: 'carts', form: 'number', status: 400, request: (t) => t.http.post(`/v2/carts/${randomUUID()}/items`).set(t.storefront).send({ data: {} }) },
  { family: 'orders', form: 'number', status: 404, request: (t) => t.http.get(`/v2/orders/${randomUUID()}`).set(t.admin) },
  { family: 'payments', form: 'number', status: 404, request: (t) => t.http.get(`/v2/orders/${randomUUID()}/transactions`).set(t.admin) },
  { family: 'gateways', form: 'number', status: 404, request: (t) => t.http.get('/v2/gateways/no-such-gateway').set(t.admin) },
  { family: 'files', form: 'number', status: 404, request: (t) => t.http.get(`/v2/files/${randomUUID()}`).set(t.admin) },
  { family: 'integrations', form: 'number', status: 404, request: (t) => t.http.get(`/v2/integrations/${randomUUID()}`).set(t.admin) },
  { family: 'settings', form: 'number', status: 400, request: (t) => t.http.put('/v2/settings').set(t.admin).send({ data: { page_length: 'many' } }) },
  { family: 'customers', form: 'number', status: 404, request: (t) => t.http.get(`/v2/customers/${randomUUID()}`).set(t.admin) },
  { family: 'products (v2 catalog)', form: 'number', status: 404, request: (t) => t.http.get(`/v2/products/${randomUUID()}`).set(t.admin) },
  { family: 'Account Management', form: 'string', status: 404, request: (t) => t.http.get(`/v2/accounts/${randomUUID()}`).set(t.admin) },
  { family: 'Currencies', form: 'string', status: 404, request: (t) => t.http.get(`/v2/currencies/${randomUUID()}`).set(t.admin) },
  { family: 'Currencies', form: 'string', status: 400, request: (t) => t.http.post('/v2/currencies').set(t.admin).send({ data: { code: 'TOOLONG' } }) },
  { family: 'PXM', form: 'string', status: 404, request: (t) => t.http.get(`/pcm/hierarchies/${randomUUID()}`).set(t.admin) },
  { family: 'PXM', form: 'string', status: 403, request: (t) => t.http.get('/pcm/hierarchies').set(t.storefront) },
  { family: 'PXM', form: 'string', status: 404, request: (t) => t.http.get('/pcm/jobs').set(t.admin) },
  { family: 'Account Management', form: 'string', status: 400, request: (t) => t.http.post('/v2/accounts').set(t.admin).send({ data: { legal_name: 'No name' } }) },
  { family: 'Inventories', form: 'string', status: 404, request: (t) => t.http.get(`/v2/inventories/${randomUUID()}`).set(t.admin) },
  { family: 'Inventories', form: 'string', status: 403, request: (t) => t.http.post('/v2/inventories/locations').set(t.storefront).send({ data: {} }) },
  { family: 'Inventories', form: 'string', status: 400, request: (t) => t.http.post('/v2/inventories/locations').set(t.admin).send({ data: { attributes: { name: 'x' } } }) },
  { family: 'Promotions', form: 'string', status: 404, request: (t) => t.http.get(`/v2/promotions/${randomUUID()}`).set(t.admin) },
  { family: 'Promotions', form: 'string', status: 403, request: (t) => t.http.get('/v2/promotions').set(t.storefront) },
  { family: 'carts (discounts)', form: 'number', status: 404, request: (t) => t.http.delete(`/v2/carts/${randomUUID()}/discounts/NO-SUCH-CODE`).set(t.storefront) },
  { family: 'PXM', form: 'string', status: 404, request: (t) => t.http.get(`/pcm/products/${randomUUID()}`).set(t.admin) },
  { family: 'PXM', form: 'string', status: 400, request: (t) => t.http.post('/pcm/products').set(t.admin).send({ data: { type: 'product', attributes: { name: 'x', status: 'published' } } }) },
  { family: 'PXM', form: 'string', status: 404, request: (t) => t.http.post('/pcm/products/import').set(t.admin) },
  { family: 'PXM', form: 'string', status: 404, request: (t) => t.http.get(`/pcm/variations/${randomUUID()}`).set(t.admin) },
  { family: 'PXM', form: 'string', status: 400, request: (t) => t.http.post(`/pcm/variations/${randomUUID()}/options`).set(t.admin).send({ data: { attributes: { name: 'a b', description: '' } } }) },
  { family: 'PXM', form: 'string', status: 404, request: (t) => t.http.get(`/catalogs/${randomUUID()}`).set(t.admin) },
  { family: 'PXM', form: 'string', status: 403, request: (t) => t.http.get('/catalogs').set(t.storefront) },
  { family: 'PXM', form: 'string', status: 422, request: (t) => t.http.post('/catalogs').set(t.admin).send({ data: { type: 'catalog', attributes: { name: 'x', hierarchy_ids: [randomUUID()] } } }) },
  { family: 'PXM', form: 'string', status: 404, request: (t) => t.http.get(`/pcm/catalogs/rules/${randomUUID()}`).set(t.admin) },
  { family: 'PXM', form: 'string', status: 400, request: (t) => t.http.post('/catalogs/rules/validate').set(t.admin).send({ data: { match_type: 'closest' } }) },
  { family: 'PXM (shopper catalog)', form: 'string', status: 404, request: (t) => t.http.get(`/catalog/products/${randomUUID()}`).set(t.storefront) },
  { family: 'PXM (shopper catalog)', form: 'string', status: 400, request: (t) => t.http.get('/catalog/products?filter=eq(status,live)').set(t.storefront) },
  { family: 'PXM (release previews)', form: 'string', status: 404, request: (t) => t.http.get(`/catalogs/${randomUUID()}/releases/latestPublished/products`).set(t.admin) },
  { family: 'PXM (release previews)', form: 'string', status: 403, request: (t) => t.http.get(`/pcm/catalogs/${randomUUID()}/releases/latestPublished/products`).set(t.storefront) },
];

function expectStatusIn(res: Response, status: number, form: Form) {
  expect(res.status).toBe(status);
  expect(res.body.errors.length).toBeGreaterThan(0);
  for (const error of res.body.errors) expect(error.status).toBe(form === 'string' ? String(status) : status);
}

describe('error documents: the type of `status` follows the route’s API family', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(FAMILIES)('$family: `status` is a $form', async ({ form, status, request }) => {
    expectStatusIn(await request(t), status, form);
  });

  describe('errors raised before a handler runs', () => {
    const account = () => `/v2/accounts/${randomUUID()}`;
    const order = () => `/v2/orders/${randomUUID()}`;

    it('no token (401) and a storefront token (403)', async () => {
      expectStatusIn(await t.http.get(account()), 401, 'string');
      expectStatusIn(await t.http.get(account()).set(t.storefront), 403, 'string');
      expectStatusIn(await t.http.get(order()), 401, 'number');
    });

    it('an unknown path under a family’s routes (404) and a method the path does not serve (405)', async () => {
      expectStatusIn(await t.http.get(`${account()}/no-such-thing`).set(t.admin), 404, 'string');
      expectStatusIn(await t.http.patch(account()).set(t.admin).send({ data: {} }), 405, 'string');
      expectStatusIn(await t.http.get(`${order()}/no-such-thing/at-all`).set(t.admin), 404, 'number');
      expectStatusIn(await t.http.patch(order()).set(t.admin).send({ data: {} }), 405, 'number');
    });

    it('a body that is not JSON (400) and one that is too large (413)', async () => {
      const notJson = (path: string) => t.http.post(path).set(t.admin).set('Content-Type', 'application/json').send('{"data":');
      expectStatusIn(await notJson('/v2/accounts'), 400, 'string');
      expectStatusIn(await notJson('/v2/customers'), 400, 'number');
      const huge = JSON.stringify({ data: { name: 'x'.repeat(t.config.bodyLimitBytes), legal_name: 'y' } });
      expectStatusIn(await t.http.post('/v2/accounts').set(t.admin).set('Content-Type', 'application/json').send(huge), 413, 'string');
    });

    it('a path of no family stays in the v2 form', async () => {
      expectStatusIn(await t.http.get('/v2/no-such-family').set(t.admin), 404, 'number');
    });
  });

  it('every route answers a request without a token in the form of its declared family', async () => {
    const families = t.app.get(RouteFamilies);
    const wrong: string[] = [];
    // A route open to requests without a token is asked with a malformed one, which it refuses like the others.
    for (const route of discoverRoutes(t).filter((r) => !r.isPublic)) {
      const path = concretePath(route.path);
      const call = (t.http as any)[route.method === 'ALL' ? 'get' : route.method.toLowerCase()](path);
      const res = await (route.allowAnonymous ? call.set('Authorization', 'Bearer not-a-token') : call);
      const expected = families.familyOf(path).errorStatus === 'string' ? 'string' : 'number';
      if (res.status !== 401 || typeof res.body.errors?.[0]?.status !== expected) wrong.push(`${route.method} ${route.path} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(wrong).toEqual([]);
    expect(families.familyOf('/v2/accounts/x').name).toBe('Account Management');
  });
});
