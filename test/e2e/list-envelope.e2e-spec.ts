import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { createOrder, createProduct } from '../support/factories';
import { discoverRoutes, RouteInfo } from '../support/app-routes';
import { accountManagementListFixture } from '../support/account-management-fixtures';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Every GET route of the running app (found through Nest's metadata, as the authorization matrix finds
 * them) is called with real path parameters. Whatever answers a collection (`data` is an array) must carry
 * the pagination envelope — `meta.page`, `meta.results` and the five `links` — with records and with zero
 * results, so a list that answers a bare array cannot be added unnoticed.
 */

/** Collections that keep a shape of their own, reviewed: adding one must be a deliberate change here. */
const OWN_SHAPE: Record<string, 'integration-logs' | 'nested'> = {
  // Elastic Path's integration logs: `meta {limit, offset, current, total}` and a top-level `results`.
  'GET /v2/integrations/logs': 'integration-logs',
  'GET /v2/integrations/:id/logs': 'integration-logs',
  'GET /v2/integrations/:id/jobs/:jobId/logs': 'integration-logs',
  // The category tree nests children inside their parents; it is not a page of records.
  'GET /v2/categories/tree': 'nested',
  // A PXM product's main image and files: the references themselves, as Elastic Path answers them, not a page.
  'GET /pcm/products/:id/relationships/main_image': 'nested',
  'GET /pcm/products/:id/relationships/files': 'nested',
  // A PXM product's variations: the references, as Elastic Path answers them.
  'GET /pcm/products/:id/relationships/variations': 'nested',
  'GET /pcm/products/:id/relationships/component_products': 'nested',
};

/** Lists of a fixed set that is never empty (the payment gateways): no zero-results case. */
const NEVER_EMPTY = ['GET /v2/gateways'];

/** Lists of a parent's own records, not filtered: for zero results, the fixture key of a parent that has none. */
const EMPTY_PARENT: Record<string, (empty: Fixture) => Fixture> = {
  'GET /catalogs/:catalogId/releases': (empty) => ({ catalogs: empty.unpublishedCatalog }),
  'GET /pcm/catalogs/:catalogId/releases': (empty) => ({ 'pcm/catalogs': empty.unpublishedCatalog }),
};

/** GET routes that answer something other than a JSON document with the fixtures (the stored bytes of a file). */
const NOT_JSON = ['GET /v2/files/:id/content'];

/** GET routes of an API this store does not serve, which answer 422 `Not supported` (rule promotions). */
const NOT_SERVED = ['GET /v2/rule-promotions', 'GET /v2/rule-promotions/:id'];

/** Matches nothing: every top-level list filters on `id`; sub-collections (of one order or cart) are empty parents. */
const MATCHES_NOTHING = 'eq(id,00000000-0000-4000-8000-000000000000)';

type Fixture = Record<string, string>;

/**
 * `:param` segments from the fixture, keyed by the segment before them (`orders/:orderId` → fixture.orders), or,
 * where two resources share a name, by the path's segments up to it without the parameters (`pcm/products` beside
 * v2's products, `v2/inventories/transactions` beside an order's).
 */
function concretePath(path: string, fixture: Fixture): string {
  return path.replace(/([^/]+)\/:[A-Za-z0-9_]+/g, (whole, parent: string, at: number) => {
    const qualified = path.slice(1, at + parent.length).split('/').filter((segment) => !segment.startsWith(':')).join('/');
    const value = fixture[qualified] ?? fixture[parent];
    if (value === undefined) throw new Error(`${path}: the envelope test has no fixture for ':${whole.split(':')[1]}' after '${parent}'; add one`);
    return `${parent}/${encodeURIComponent(value)}`;
  });
}

const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;

/** What is wrong with a standard list answer (empty when it is right). */
function envelopeProblems(res: Response, baseUrl: string, zero: boolean): string[] {
  const problems: string[] = [];
  const { data, meta, links } = res.body ?? {};
  if (res.status !== 200 || !Array.isArray(data)) return [`answered ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`];
  const page = meta?.page;
  const results = meta?.results;
  if (!page || ![page.limit, page.offset, page.current, page.total].every(isCount) || page.limit < 1) problems.push(`meta.page ${JSON.stringify(page)}`);
  if (!results || !isCount(results.total) || !isCount(results.all)) problems.push(`meta.results ${JSON.stringify(results)}`);
  if (problems.length) return problems;
  if (page.current !== Math.floor(page.offset / page.limit) + 1) problems.push(`meta.page.current ${page.current} for offset ${page.offset}`);
  if (page.total !== Math.ceil(results.total / page.limit)) problems.push(`meta.page.total ${page.total} for ${results.total} results`);
  if (data.length > page.limit || (page.offset === 0 && data.length !== Math.min(page.limit, results.total))) {
    problems.push(`${data.length} records on a page of ${page.limit} of ${results.total}`);
  }
  if (!links || Object.keys(links).sort().join() !== 'current,first,last,next,prev') problems.push(`links ${JSON.stringify(links)}`);
  else {
    for (const key of ['current', 'first', 'last']) {
      if (typeof links[key] !== 'string' || !links[key].startsWith(baseUrl) || !/page\[limit\]=\d+&page\[offset\]=\d+/.test(links[key])) problems.push(`links.${key} ${links[key]}`);
    }
    for (const key of ['prev', 'next']) if (links[key] !== null && typeof links[key] !== 'string') problems.push(`links.${key} ${links[key]}`);
  }
  if (zero) {
    if (data.length !== 0 || results.total !== 0 || page.total !== 0) problems.push(`expected zero results, got ${results.total}`);
    if (links?.prev !== null || links?.next !== null || links?.last !== links?.first) problems.push(`links of an empty list ${JSON.stringify(links)}`);
  } else if (results.total === 0) problems.push('expected records, got none (the fixture should fill this list)');
  return problems;
}

/** Elastic Path's own shape of integration logs. */
function integrationLogsProblems(res: Response, zero: boolean): string[] {
  const { data, meta, results, links } = res.body ?? {};
  if (res.status !== 200 || !Array.isArray(data)) return [`answered ${res.status}`];
  const problems: string[] = [];
  if (!meta || ![meta.limit, meta.offset, meta.current, meta.total].every(isCount)) problems.push(`meta ${JSON.stringify(meta)}`);
  if (!results || !isCount(results.total)) problems.push(`results ${JSON.stringify(results)}`);
  if (!links || typeof links.first !== 'string') problems.push(`links ${JSON.stringify(links)}`);
  if (zero ? results?.total !== 0 || data.length !== 0 : results?.total < 1) problems.push(`results.total ${results?.total} (zero: ${zero})`);
  return problems;
}

describe('lists: every collection carries the pagination envelope', () => {
  let t: TestApp;
  let routes: RouteInfo[];
  let full: Fixture;
  let empty: Fixture;

  /** Parents with children (an order with items and a transaction, a cart with an item, an integration with a job and a log). */
  async function fullFixture(): Promise<Fixture> {
    const product = await createProduct(t);
    const category = await t.prisma.category.create({ data: { name: 'Envelope', slug: `envelope-${randomUUID()}`, status: 'live' } });
    const file = await t.prisma.file.create({ data: { fileName: 'envelope.png', mimeType: 'image/png', location: 'https://example.com/envelope.png' } });
    const account = await t.prisma.account.create({ data: { name: 'Envelope Co', legalName: 'Envelope Co Ltd' } });
    const customer = await t.http.post('/v2/customers').set(t.admin).send({ data: { type: 'customer', name: 'Envelope', email: `envelope-${randomUUID()}@example.com` } });
    expect(customer.status).toBe(201);
    const order = await createOrder(t);
    const pay = await t.http.post(`/v2/orders/${order.id}/payments`).set(t.admin).send({ data: { gateway: 'manual', method: 'authorize' } });
    expect(pay.status).toBe(200);
    const cart = `envelope-${randomUUID()}`;
    const added = await t.http.post(`/v2/carts/${cart}/items`).set(t.admin).send({ data: { type: 'cart_item', id: product.id, quantity: 1 } });
    expect(added.status).toBe(201);
    const { integration, job } = await integrationWithJob();
    await t.prisma.integrationLog.create({ data: { jobId: job.id, integrationId: integration.id, attempt: 1, succeeded: true, statusCode: 200, processingTime: 0.01 } });
    return {
      products: product.id,
      categories: category.id,
      files: file.id,
      accounts: account.id,
      addresses: (await t.prisma.accountAddress.create({ data: { accountId: account.id, firstName: 'Env', lastName: 'Elope', line1: '1 Envelope Street', postcode: 'E1 1AA', country: 'GB' } })).id,
      currencies: (await t.prisma.currency.findFirstOrThrow()).id,
      ...(await pcmTree()),
      ...(await pcmVariation(await t.prisma.pxmProduct.findFirstOrThrow({ where: { name: 'Envelope product' }, orderBy: { createdAt: 'desc' } }))),
      ...(await accountManagementListFixture(t, account.id)),
      customers: customer.body.data.id,
      gateways: 'manual',
      orders: order.id,
      transactions: pay.body.data.id,
      carts: cart,
      items: added.body.data[0].id,
      integrations: integration.id,
      jobs: job.id,
      promotions: await promotionWithCode(),
      ...(await stockWithTransaction()),
      ...(await priceBookWithPrice()),
      ...(await catalogWithRule()),
      ...(await publishedRelease()),
    };
  }

  /** A product's stock at a location, with one transaction: the inventories' lists all have a member. */
  async function stockWithTransaction() {
    const made = async (path: string, data: Record<string, unknown>) => {
      const res = await t.http.post(path).set(t.admin).send({ data });
      expect(res.status).toBe(201);
      return res.body.data;
    };
    const slug = `envelope-${randomUUID().slice(0, 8)}`;
    const location = await made('/v2/inventories/locations', { type: 'inventory_location', attributes: { name: 'Envelope warehouse', slug } });
    const stock = await made('/v2/inventories', { type: 'stock', id: randomUUID(), attributes: { locations: { [slug]: { available: 5 } } } });
    const transaction = await made(`/v2/inventories/${stock.id}/transactions`, { type: 'stock-transaction', attributes: { action: 'allocate', quantity: 1, location: slug } });
    return { locations: location.id as string, inventories: stock.id as string, 'v2/inventories/transactions': transaction.id as string };
  }

  /** A promotion with a code: `/v2/promotions/:id/codes` has a member. */
  async function promotionWithCode() {
    const promotion = await t.prisma.promotion.create({
      data: { id: randomUUID(), name: 'Envelope promotion', promotionType: 'fixed_discount', start: new Date('2026-01-01'), end: new Date('2099-01-01'), schema: { currencies: [{ currency: 'USD', amount: 100 }] } },
    });
    await t.prisma.promotionCode.create({ data: { promotionId: promotion.id, code: `ENVELOPE-${randomUUID()}` } });
    return promotion.id;
  }

  /** A price book with one price: `/pcm/pricebooks`, its prices and every book's prices have a member. */
  async function priceBookWithPrice() {
    const book = await t.prisma.priceBook.create({ data: { name: 'Envelope prices' } });
    const price = await t.prisma.priceBookPrice.create({ data: { priceBookId: book.id, sku: `envelope-${randomUUID()}`, currencies: { USD: { amount: 100, includes_tax: false } } } });
    return { pricebooks: book.id, prices: price.id };
  }

  /** A catalog with a rule: `/catalogs` and `/catalogs/rules` have a member. */
  async function catalogWithRule() {
    const hierarchy = await t.prisma.pxmHierarchy.create({ data: { name: 'Envelope catalog tree' } });
    const catalog = await t.prisma.catalog.create({ data: { name: 'Envelope catalog', hierarchyIds: [hierarchy.id] } });
    const rule = await t.prisma.catalogRule.create({ data: { name: 'envelope-rule', catalogId: catalog.id, channels: ['web'] } });
    return { catalogs: catalog.id, rules: rule.id };
  }

  /** A hierarchy whose node has a child and a live PXM product: the `/pcm` lists all have a member. */
  async function pcmTree() {
    const hierarchy = await t.prisma.pxmHierarchy.create({ data: { name: 'Envelope tree' } });
    const node = await t.prisma.pxmNode.create({ data: { hierarchyId: hierarchy.id, name: 'Top' } });
    await t.prisma.pxmNode.create({ data: { hierarchyId: hierarchy.id, parentId: node.id, name: 'Child' } });
    const product = await t.prisma.pxmProduct.create({ data: { name: 'Envelope product', slug: `envelope-${randomUUID()}`, status: 'live' } });
    await t.prisma.pxmNodeProduct.create({ data: { nodeId: node.id, productId: product.id } });
    return { hierarchies: hierarchy.id, nodes: node.id, 'pcm/products': product.id };
  }

  /** A variation with an option that has a modifier, and a child of the PXM product: the variations' lists and the children all have a member. */
  async function pcmVariation(parent: { id: string; slug: string }) {
    const variation = await t.prisma.pxmVariation.create({ data: { name: 'Envelope colour' } });
    const option = await t.prisma.pxmVariationOption.create({ data: { variationId: variation.id, name: 'Red' } });
    const modifier = await t.prisma.pxmVariationModifier.create({ data: { optionId: option.id, type: 'sku_append', value: '-RED' } });
    await t.prisma.pxmProduct.create({ data: { name: 'Envelope child', slug: `${parent.slug}-Red`, parentId: parent.id, optionKey: option.id } });
    return { variations: variation.id, options: option.id, modifiers: modifier.id };
  }

  /**
   * A published catalog release, its rows as the publisher writes them: a hierarchy whose node has a child node
   * and a product that is a parent (with a child) and a bundle (with a component). The shopper's `/catalog` lists
   * and the admin previews of the release all have a member; `lonely` is a product with neither, for zero results.
   */
  async function publishedRelease() {
    const [catalog, release, hierarchy, node, childNode, product, child, lonely] = Array.from({ length: 8 }, () => randomUUID());
    const at = new Date();
    await t.prisma.catalog.create({ data: { id: catalog, name: 'Envelope catalog', hierarchyIds: [hierarchy], firstPublishedAt: at } });
    await t.prisma.catalogRelease.create({ data: { id: release, catalogId: catalog, name: 'Envelope catalog', status: 'PUBLISHED', percentCompleted: 100, publishedAt: at } });
    await t.prisma.releaseHierarchy.create({ data: { releaseId: release, hierarchyId: hierarchy, position: 0, name: 'Envelope', slug: 'envelope', body: { id: hierarchy, type: 'hierarchy', attributes: { name: 'Envelope', slug: 'envelope' } } } });
    for (const [position, id, parentId] of [[0, node, null], [1, childNode, node]] as const) {
      await t.prisma.releaseNode.create({ data: { releaseId: release, nodeId: id, hierarchyId: hierarchy, parentId, position, name: `Node ${position}`, slug: `node-${position}`, body: { id, type: 'node', attributes: { name: `Node ${position}` } } } });
    }
    const products: [number, string, { componentIds?: string[]; parentId?: string }][] = [[0, product, { componentIds: [child] }], [1, child, { parentId: product }], [2, lonely, {}]];
    for (const [position, id, extra] of products) {
      const body = { id, type: 'product', attributes: { name: `Product ${position}`, slug: `envelope-${id}` }, meta: { catalog_source: 'pim' } };
      await t.prisma.releaseProduct.create({ data: { releaseId: release, productId: id, position, name: `Product ${position}`, slug: `envelope-${id}`, productTypes: ['standard'], hierarchyIds: [hierarchy], body, ...extra } });
    }
    await t.prisma.releaseNodeProduct.create({ data: { releaseId: release, nodeId: node, productId: product, hierarchyId: hierarchy, position: 0 } });
    const ids = { hierarchies: hierarchy, nodes: node, products: product };
    const keyed = (prefix: string) => Object.fromEntries(Object.entries(ids).map(([name, id]) => [`${prefix}/${name}`, id]));
    return { ...keyed('catalog'), ...keyed('catalogs/releases'), ...keyed('pcm/catalogs/releases'), catalogs: catalog, 'catalogs/releases': release, 'pcm/catalogs': catalog, 'pcm/catalogs/releases': release, lonely };
  }

  /** Parents with no children: an order with no items or transactions, a fresh cart, an integration whose job has no logs. */
  async function emptyFixture(): Promise<Fixture> {
    const order = await t.prisma.order.create({
      data: { status: 'incomplete', payment: 'unpaid', shipping: 'unfulfilled', currency: 'USD', customer: {}, billingAddress: {}, shippingAddress: {}, withTax: 0, withoutTax: 0, tax: 0 },
    });
    const { integration, job } = await integrationWithJob();
    const lonely = { 'catalog/products': full.lonely, 'catalogs/releases/products': full.lonely, 'pcm/catalogs/releases/products': full.lonely };
    const unpublishedCatalog = (await t.prisma.catalog.create({ data: { name: 'Unpublished catalog', hierarchyIds: [] } })).id;
    return { ...full, orders: order.id, carts: `empty-${randomUUID()}`, integrations: integration.id, jobs: job.id, ...lonely, unpublishedCatalog };
  }

  async function integrationWithJob() {
    const integration = await t.prisma.integration.create({
      data: { name: 'Envelope hook', url: 'https://example.com/hook', observes: ['order.created'], signingSecret: 'envelope-signing-secret' },
    });
    const event = await t.prisma.outboxEvent.create({ data: { name: 'order.created', payload: {} } });
    const job = await t.prisma.integrationJob.create({ data: { eventId: event.id, integrationId: integration.id, status: 'succeeded' } });
    return { integration, job };
  }

  const key = (r: RouteInfo) => `${r.method} ${r.path}`;
  const get = (r: RouteInfo, fixture: Fixture, query: Record<string, string> = {}) => t.http.get(concretePath(r.path, fixture)).query(query).set(t.admin);

  beforeAll(async () => {
    t = await createTestApp();
    routes = discoverRoutes(t).filter((r) => r.method === 'GET' && !r.isPublic);
    full = await fullFixture();
    empty = await emptyFixture();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every GET route answers 200 with the fixtures, and the collections among them carry the envelope', async () => {
    const problems: string[] = [];
    const collections: string[] = [];
    for (const route of routes) {
      if (NOT_JSON.includes(key(route)) || NOT_SERVED.includes(key(route))) continue;
      const res = await get(route, full);
      if (res.status !== 200) {
        problems.push(`${key(route)} answered ${res.status} ${res.text.slice(0, 200)}`);
        continue;
      }
      if (!Array.isArray(res.body.data)) continue;
      collections.push(key(route));
      const shape = OWN_SHAPE[key(route)];
      const found = shape === 'nested' ? [] : shape === 'integration-logs' ? integrationLogsProblems(res, false) : envelopeProblems(res, t.baseUrl, false);
      problems.push(...found.map((p) => `${key(route)}: ${p}`));
    }
    expect(problems).toEqual([]);
    // The collections the spec and Elastic Path's reference name are among those found.
    expect(collections).toEqual(
      expect.arrayContaining([
        'GET /v2/products',
        'GET /v2/categories',
        'GET /v2/files',
        'GET /v2/orders',
        'GET /v2/accounts',
        'GET /v2/integrations',
        'GET /v2/customers',
        'GET /v2/gateways',
        'GET /v2/orders/:orderId/transactions',
        'GET /v2/orders/:id/items',
        'GET /v2/carts/:ref/items',
        ...Object.keys(OWN_SHAPE),
      ]),
    );
  });

  it('with zero results: the same members, totals 0, no prev or next', async () => {
    const problems: string[] = [];
    for (const route of routes) {
      if (NOT_JSON.includes(key(route)) || NOT_SERVED.includes(key(route)) || NEVER_EMPTY.includes(key(route)) || OWN_SHAPE[key(route)] === 'nested') continue;
      const probe = await get(route, full);
      if (!Array.isArray(probe.body?.data)) continue;
      const res = await get(route, { ...empty, ...(EMPTY_PARENT[key(route)]?.(empty) ?? {}) }, { filter: MATCHES_NOTHING });
      const found = OWN_SHAPE[key(route)] === 'integration-logs' ? integrationLogsProblems(res, true) : envelopeProblems(res, t.baseUrl, true);
      problems.push(...found.map((p) => `${key(route)} (zero results): ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it("an order's transactions and items and a cart's items: whole by default, paged on request; the cart's display_price covers every item", async () => {
    const products = await Promise.all([1, 2, 3].map((n) => createProduct(t, { amount: 100 * n })));
    const cart = `paged-${randomUUID()}`;
    for (const p of products) {
      expect((await t.http.post(`/v2/carts/${cart}/items`).set(t.storefront).send({ data: { type: 'cart_item', id: p.id, quantity: 1 } })).status).toBe(201);
    }
    const whole = await t.http.get(`/v2/carts/${cart}/items`).set(t.storefront);
    expect(whole.body.data).toHaveLength(3);
    expect(whole.body.meta).toMatchObject({ page: { limit: 100, offset: 0, current: 1, total: 1 }, results: { total: 3 } });
    const second = await t.http.get(`/v2/carts/${cart}/items?page[limit]=2&page[offset]=2`).set(t.storefront);
    expect(second.body.data.map((i: any) => i.id)).toEqual([whole.body.data[2].id]);
    expect(second.body.meta).toMatchObject({ page: { limit: 2, offset: 2, current: 2, total: 2 }, results: { total: 3 }, display_price: { with_tax: { amount: 600 } } });
    expect(second.body.links.prev).toBe(`${t.baseUrl}/v2/carts/${cart}/items?page[limit]=2&page[offset]=0`);
    expect(second.body.links.next).toBeNull();

    const order = await createOrder(t, { items: [{ unitAmount: 100 }, { unitAmount: 200 }, { unitAmount: 300 }] });
    for (let i = 0; i < 3; i++) {
      const paid = await t.http.post(`/v2/orders/${order.id}/payments`).set(t.admin).send({ data: { gateway: 'manual', method: 'authorize', amount: 100 } });
      expect(paid.status).toBe(200);
    }
    for (const path of [`/v2/orders/${order.id}/transactions`, `/v2/orders/${order.id}/items`]) {
      const all = await t.http.get(path).set(t.admin);
      expect(all.body.data).toHaveLength(3);
      expect(all.body.meta.page).toEqual({ limit: 100, offset: 0, current: 1, total: 1 });
      const first = await t.http.get(`${path}?page[limit]=2`).set(t.admin);
      expect(first.body.data.map((x: any) => x.id)).toEqual(all.body.data.slice(0, 2).map((x: any) => x.id));
      expect(first.body.links.next).toBe(`${t.baseUrl}${path}?page[limit]=2&page[offset]=2`);
      const bad = await t.http.get(`${path}?page[limit]=101`).set(t.admin);
      expect(bad.status).toBe(400);
    }
  });
});
