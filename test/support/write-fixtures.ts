import { randomUUID } from 'node:crypto';
import { createOrder, createProduct, TEST_ADDRESS } from './factories';
import { accountManagementFixtures } from './account-management-fixtures';
import type { TestApp } from './test-app';

/** A write request that succeeds as it stands: the starting point of the bad-input properties. */
export interface WriteFixture {
  path: string;
  body: { data: Record<string, unknown> };
  auth: 'admin' | 'storefront';
}

/**
 * A valid request for every route that takes a `data` body, keyed `METHOD /served/path/:param`, on real
 * resources (so a value the validation lets through reaches the database). A `@DataBody()` route with no
 * entry here fails the fuzz: a new write route must get a fixture before it can ship.
 */
export function writeFixtures(t: TestApp): Record<string, () => Promise<WriteFixture>> {
  const unique = () => randomUUID().slice(0, 8);
  const product = () => ({ type: 'product', name: 'Fuzz product', slug: `fuzz-${unique()}`, sku: `FUZZ-${unique()}`, description: 'd', manage_stock: false, status: 'live', commodity_type: 'physical', price: [{ amount: 1000, currency: 'USD', includes_tax: true }], 'tax-code': 'tx', stock: 5 });
  const category = () => ({ type: 'category', name: 'Fuzz category', slug: `fuzz-${unique()}`, description: 'd', status: 'live', background_colour: '#ff0000', background_image: 'https://example.com/a.png', parent_id: null });
  const integration = () => ({ type: 'integration', name: 'Fuzz hook', description: 'd', integration_type: 'webhook', enabled: false, observes: ['order.created'], configuration: { url: 'https://example.com/hook', secret_key: 'fuzz-secret-key', max_concurrency: 2, rate_limit_per_second: 5 } });
  const account = () => ({ type: 'account', name: 'Fuzz Co', legal_name: 'Fuzz Co Ltd', registration_id: '12345' });
  const customer = () => ({ type: 'customer', name: 'Fuzz shopper', email: `fuzz-${unique()}@example.com`, password: `fuzz-password-${unique()}` });
  const letters = () => Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
  const currency = () => ({ type: 'currency', code: letters(), exchange_rate: 1.1, format: '{price} X', decimal_point: ',', thousand_separator: '.', decimal_places: 2, default: false, enabled: true });
  const defaultCurrencyId = async () => ((await t.http.get('/v2/currencies').set(t.admin)).body.data as { id: string; default: boolean }[]).find((c) => c.default)!.id;
  const customAttributes = { admin_attributes: { cost: '4.20' }, shopper_attributes: { colour: 'red' }, locales: { 'fr-FR': { name: 'Nom', description: 'Desc' } } };
  const hierarchy = () => ({ type: 'hierarchy', attributes: { name: `Fuzz tree ${unique()}`, description: 'd', slug: `fuzz-${unique()}`, ...customAttributes } });
  const pcmNode = () => ({ type: 'node', attributes: { name: `Fuzz node ${unique()}`, description: 'd', slug: `fuzz-${unique()}`, ...customAttributes }, meta: { sort_order: 1 } });
  const address = { ...TEST_ADDRESS, company_name: 'Co', region: 'IN', phone_number: '555', instructions: 'door' };
  const created = async (path: string, data: Record<string, unknown>, auth = t.admin) => {
    const res = await t.http.post(path).set(auth).send({ data });
    if (res.status >= 300) throw new Error(`fixture ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return res.body.data;
  };
  const cartWithItem = async () => {
    const ref = `fuzz-${unique()}`;
    const item = await createProduct(t);
    await created(`/v2/carts/${ref}/items`, { type: 'cart_item', id: item.id, quantity: 1 }, t.storefront);
    const items = await t.http.get(`/v2/carts/${ref}/items`).set(t.storefront);
    return { ref, productId: item.id, itemId: items.body.data[0].id as string };
  };
  const authorized = async () => {
    const order = await createOrder(t);
    const transaction = await created(`/v2/orders/${order.id}/payments`, { gateway: 'manual', method: 'authorize' });
    return { orderId: order.id, transactionId: transaction.id as string };
  };
  const transactionAction = (action: string, data: Record<string, unknown>) => async (): Promise<WriteFixture> => {
    const { orderId, transactionId } = await authorized();
    return { path: `/v2/orders/${orderId}/transactions/${transactionId}/${action}`, auth: 'admin', body: { data } };
  };
  return {
    'PUT /v2/settings': async () => ({ path: '/v2/settings', auth: 'admin', body: { data: { type: 'settings', page_length: 25, list_child_products: false, additional_languages: ['fr'], calculation_method: 'line' } } }),
    'PUT /v2/settings/logs-ttl': async () => ({ path: '/v2/settings/logs-ttl', auth: 'admin', body: { data: { type: 'time_to_live', days: 7 } } }),
    'POST /v2/products': async () => ({ path: '/v2/products', auth: 'admin', body: { data: product() } }),
    'PUT /v2/products/:id': async () => ({ path: `/v2/products/${(await created('/v2/products', product())).id}`, auth: 'admin', body: { data: product() } }),
    'POST /v2/categories': async () => ({ path: '/v2/categories', auth: 'admin', body: { data: category() } }),
    'PUT /v2/categories/:id': async () => ({ path: `/v2/categories/${(await created('/v2/categories', category())).id}`, auth: 'admin', body: { data: category() } }),
    'POST /v2/integrations': async () => ({ path: '/v2/integrations', auth: 'admin', body: { data: integration() } }),
    'PUT /v2/integrations/:id': async () => ({ path: `/v2/integrations/${(await created('/v2/integrations', integration())).id}`, auth: 'admin', body: { data: integration() } }),
    'POST /v2/integrations/:id/recover': async () => ({
      path: `/v2/integrations/${(await created('/v2/integrations', integration())).id}/recover`,
      auth: 'admin',
      body: { data: { since: '2026-01-01T00:00:00Z', until: '2026-02-01T00:00:00Z' } },
    }),
    'POST /v2/currencies': async () => ({ path: '/v2/currencies', auth: 'admin', body: { data: currency() } }),
    'PUT /v2/currencies/:id': async () => ({ path: `/v2/currencies/${await defaultCurrencyId()}`, auth: 'admin', body: { data: { type: 'currency', exchange_rate: 1, format: '${price}', enabled: true, default: true } } }),
    'POST /pcm/hierarchies': async () => ({ path: '/pcm/hierarchies', auth: 'admin', body: { data: hierarchy() } }),
    'PUT /pcm/hierarchies/:id': async () => ({ path: `/pcm/hierarchies/${(await created('/pcm/hierarchies', hierarchy())).id}`, auth: 'admin', body: { data: hierarchy() } }),
    'POST /pcm/hierarchies/:id/nodes': async () => {
      const h = await created('/pcm/hierarchies', hierarchy());
      const parent = await created(`/pcm/hierarchies/${h.id}/nodes`, pcmNode());
      return { path: `/pcm/hierarchies/${h.id}/nodes`, auth: 'admin', body: { data: { ...pcmNode(), relationships: { parent: { data: { type: 'node', id: parent.id } } } } } };
    },
    'PUT /pcm/hierarchies/:id/nodes/:nodeId': async () => {
      const h = await created('/pcm/hierarchies', hierarchy());
      const n = await created(`/pcm/hierarchies/${h.id}/nodes`, pcmNode());
      return { path: `/pcm/hierarchies/${h.id}/nodes/${n.id}`, auth: 'admin', body: { data: { type: 'node', id: n.id, attributes: pcmNode().attributes, meta: { sort_order: 3 } } } };
    },
    'PUT /pcm/hierarchies/:id/nodes/:nodeId/relationships/parent': async () => {
      const h = await created('/pcm/hierarchies', hierarchy());
      const [a, b] = [await created(`/pcm/hierarchies/${h.id}/nodes`, pcmNode()), await created(`/pcm/hierarchies/${h.id}/nodes`, pcmNode())];
      return { path: `/pcm/hierarchies/${h.id}/nodes/${a.id}/relationships/parent`, auth: 'admin', body: { data: { type: 'node', id: b.id } } };
    },
    ...accountManagementFixtures(t, created),
    'POST /v2/accounts': async () => ({ path: '/v2/accounts', auth: 'admin', body: { data: account() } }),
    'PUT /v2/accounts/:id': async () => ({ path: `/v2/accounts/${(await created('/v2/accounts', account())).id}`, auth: 'admin', body: { data: account() } }),
    // Not the manual gateway: a generated body may disable it, and the other fixtures pay through it.
    'PUT /v2/gateways/:slug': async () => ({ path: '/v2/gateways/elastic_path_payments_stripe', auth: 'admin', body: { data: { type: 'gateway', enabled: true, test: false, stripe_account: 'acct_fuzz' } } }),
    'POST /v2/customers': async () => ({ path: '/v2/customers', auth: 'admin', body: { data: customer() } }),
    'PUT /v2/customers/:id': async () => ({ path: `/v2/customers/${(await created('/v2/customers', customer())).id}`, auth: 'admin', body: { data: customer() } }),
    'POST /v2/customers/tokens': async () => {
      const { email, password } = customer();
      await created('/v2/customers', { type: 'customer', name: 'Fuzz shopper', email, password });
      return { path: '/v2/customers/tokens', auth: 'storefront', body: { data: { type: 'token', authentication_mechanism: 'password', email, password } } };
    },
    'POST /v2/carts': async () => ({ path: '/v2/carts', auth: 'storefront', body: { data: { name: 'Fuzz cart', description: 'd' } } }),
    'PUT /v2/carts/:ref': async () => ({ path: `/v2/carts/fuzz-${unique()}`, auth: 'storefront', body: { data: { name: 'Fuzz cart', description: 'd' } } }),
    'POST /v2/carts/:ref/items': async () => ({ path: `/v2/carts/fuzz-${unique()}/items`, auth: 'storefront', body: { data: { type: 'cart_item', id: (await createProduct(t)).id, quantity: 1 } } }),
    'PUT /v2/carts/:ref/items/:itemId': async () => {
      const { ref, itemId } = await cartWithItem();
      return { path: `/v2/carts/${ref}/items/${itemId}`, auth: 'storefront', body: { data: { type: 'cart_item', quantity: 2 } } };
    },
    'POST /v2/carts/:ref/checkout': async () => ({
      path: `/v2/carts/${(await cartWithItem()).ref}/checkout`,
      auth: 'storefront',
      body: { data: { customer: { name: 'Ada Lovelace', email: 'ada@example.com' }, billing_address: address, shipping_address: address } },
    }),
    'PUT /v2/orders/:id': async () => ({ path: `/v2/orders/${(await createOrder(t)).id}`, auth: 'admin', body: { data: { type: 'order', shipping_address: address } } }),
    'POST /v2/orders/:orderId/payments': async () => ({
      path: `/v2/orders/${(await createOrder(t)).id}/payments`,
      auth: 'storefront',
      body: { data: { gateway: 'manual', method: 'authorize', amount: 1000, payment: 'pm_x', options: {}, paymentmethod_meta: { name: 'card', custom_reference: 'ref' } } },
    }),
    'POST /v2/orders/:orderId/transactions/:transactionId/capture': transactionAction('capture', { custom_reference: 'ref' }),
    'POST /v2/orders/:orderId/transactions/:transactionId/refund': transactionAction('refund', { amount: 100 }),
    'POST /v2/orders/:orderId/transactions/:transactionId/confirm': transactionAction('confirm', { payment: 'pm_x', gateway: 'manual', method: 'authorize' }),
    'POST /v2/orders/:orderId/transactions/:transactionId/cancel': transactionAction('cancel', { reason: 'changed my mind' }),
    // Price books: a new book per run, so a SKU is never taken already.
    'POST /pcm/pricebooks': async () => ({ path: '/pcm/pricebooks', auth: 'admin', body: { data: { type: 'pricebook', attributes: { name: `Fuzz book ${unique()}`, description: 'd', external_ref: `fuzz-${unique()}` } } } }),
    'PUT /pcm/pricebooks/:id': async () => {
      const book = await created('/pcm/pricebooks', { type: 'pricebook', attributes: { name: 'Fuzz book' } });
      return { path: `/pcm/pricebooks/${book.id}`, auth: 'admin', body: { data: { type: 'pricebook', id: book.id, attributes: { name: `Fuzz book ${unique()}`, description: 'd' } } } };
    },
    'POST /pcm/pricebooks/:id/prices': async () => {
      const book = await created('/pcm/pricebooks', { type: 'pricebook', attributes: { name: 'Fuzz book' } });
      return {
        path: `/pcm/pricebooks/${book.id}/prices`,
        auth: 'admin',
        body: { data: { type: 'product-price', attributes: { sku: `fuzz-${unique()}`, currencies: { USD: { amount: 100, includes_tax: false, tiers: { min_5: { minimum_quantity: 5, amount: 90 } } } } } } },
      };
    },
    'PUT /pcm/pricebooks/:id/prices/:priceId': async () => {
      const book = await created('/pcm/pricebooks', { type: 'pricebook', attributes: { name: 'Fuzz book' } });
      const price = await created(`/pcm/pricebooks/${book.id}/prices`, { type: 'product-price', attributes: { sku: `fuzz-${unique()}`, currencies: { USD: { amount: 100, includes_tax: false } } } });
      return { path: `/pcm/pricebooks/${book.id}/prices/${price.id}`, auth: 'admin', body: { data: { type: 'product-price', id: price.id, attributes: { currencies: { USD: { amount: 120, includes_tax: true } } } } } };
    },
    ...inventoryFixtures(created, unique),
    ...promotionFixtures(created, unique),
    ...pcmProductFixtures(unique, created),
    ...pcmVariationFixtures(unique, created),
    ...catalogFixtures(created, unique),
    ...catalogReleaseFixtures(unique, created),
  };
}

/** Publishing a catalog, at both spellings: a new catalog of a new hierarchy each time. */
function catalogReleaseFixtures(unique: () => string, created: (path: string, data: Record<string, unknown>) => Promise<{ id: string }>): Record<string, () => Promise<WriteFixture>> {
  const catalog = async () => {
    const h = await created('/pcm/hierarchies', { type: 'hierarchy', attributes: { name: `Fuzz release tree ${unique()}` } });
    return created('/catalogs', { type: 'catalog', attributes: { name: `Fuzz catalog ${unique()}`, hierarchy_ids: [h.id] } });
  };
  const body = { data: { export_full_delta: true, include_organization_resources: false } };
  return {
    'POST /catalogs/:catalogId/releases': async () => ({ path: `/catalogs/${(await catalog()).id}/releases`, auth: 'admin', body }),
    'POST /pcm/catalogs/:catalogId/releases': async () => ({ path: `/pcm/catalogs/${(await catalog()).id}/releases`, auth: 'admin', body }),
  };
}

/** The inventories' write routes: stock of a new product id each time, at a location of its own. */
function inventoryFixtures(created: (path: string, data: Record<string, unknown>) => Promise<any>, unique: () => string): Record<string, () => Promise<WriteFixture>> {
  const location = () => created('/v2/inventories/locations', { type: 'inventory_location', attributes: { name: `Fuzz warehouse ${unique()}`, slug: `fuzz-${unique()}`, external_ref: 'fuzz-ref', description: 'Fuzz location', address: ['1 Fuzz Road'], geolocation: { lat: 51.5, lon: -0.1 } } });
  const stock = async () => {
    const at = await location();
    const data = await created('/v2/inventories', { type: 'stock', id: randomUUID(), attributes: { available: 10, locations: { [at.attributes.slug]: { available: 5 } } } });
    return { productId: data.id as string, slug: at.attributes.slug as string };
  };
  return {
    'POST /v2/inventories': async () => {
      const at = await location();
      return { path: '/v2/inventories', auth: 'admin', body: { data: { type: 'stock', id: randomUUID(), attributes: { available: 3, locations: { [at.attributes.slug]: { available: 2 } } } } } };
    },
    'POST /v2/inventories/:id': async () => ({ path: `/v2/inventories/${randomUUID()}`, auth: 'admin', body: { data: { type: 'stock', quantity: 4 } } }),
    'PUT /v2/inventories/:id': async () => {
      const { productId, slug } = await stock();
      return { path: `/v2/inventories/${productId}`, auth: 'admin', body: { data: { type: 'stock', id: productId, attributes: { locations: { [slug]: { available: 7 } } } } } };
    },
    'POST /v2/inventories/:id/transactions': async () => {
      const { productId, slug } = await stock();
      return { path: `/v2/inventories/${productId}/transactions`, auth: 'admin', body: { data: { type: 'stock-transaction', attributes: { action: 'allocate', quantity: 1, product_id: productId, location: slug } } } };
    },
    'POST /v2/inventories/locations': async () => ({
      path: '/v2/inventories/locations',
      auth: 'admin',
      body: { data: { type: 'inventory_location', attributes: { name: 'Fuzz warehouse', slug: `fuzz-${unique()}`, external_ref: 'fuzz-ref', description: 'Fuzz location', address: ['1 Fuzz Road'], geolocation: { lat: 1, lon: 2 } } } },
    }),
    'PUT /v2/inventories/locations/:id': async () => {
      const at = await location();
      return { path: `/v2/inventories/locations/${at.id}`, auth: 'admin', body: { data: { type: 'inventory_location', id: at.id, attributes: { name: 'Fuzz warehouse renamed', slug: `fuzz-${unique()}`, external_ref: 'fuzz-ref', description: 'Fuzz location', address: ['2 Fuzz Road'], geolocation: { lat: 3, lon: 4 } } } } };
    },
  };
}

/** Promotions Standard: a promotion (its members at the top level of `data`) and its codes. */
function promotionFixtures(created: (path: string, data: Record<string, unknown>) => Promise<{ id: string }>, unique: () => string): Record<string, () => Promise<WriteFixture>> {
  const promotion = () => ({
    type: 'promotion',
    name: `Fuzz promotion ${unique()}`,
    description: 'd',
    enabled: false,
    automatic: false,
    promotion_type: 'percent_discount',
    schema: { currencies: [{ currency: 'USD', percentage: 10 }], targets: ['all'], percent: 10 },
    min_cart_value: [{ currency: 'USD', amount: 100 }],
    start: '2026-01-01',
    end: '2099-01-01T00:00:00Z',
  });
  const codes = () => ({ type: 'promotion_codes', codes: [{ code: `FUZZ-${unique()}`, uses: 5, consume_unit: 'per_cart' }] });
  return {
    'POST /v2/promotions': async () => ({ path: '/v2/promotions', auth: 'admin', body: { data: promotion() } }),
    'PUT /v2/promotions/:id': async () => ({ path: `/v2/promotions/${(await created('/v2/promotions', promotion())).id}`, auth: 'admin', body: { data: promotion() } }),
    'POST /v2/promotions/:id/codes': async () => ({ path: `/v2/promotions/${(await created('/v2/promotions', promotion())).id}/codes`, auth: 'admin', body: { data: codes() } }),
    'DELETE /v2/promotions/:id/codes': async () => {
      const { id } = await created('/v2/promotions', promotion());
      const data = codes();
      await created(`/v2/promotions/${id}/codes`, data);
      return { path: `/v2/promotions/${id}/codes`, auth: 'admin', body: { data } };
    },
  };
}

/** PXM products: their attributes, main image, and the products a filter puts into nodes or takes out. */
function pcmProductFixtures(unique: () => string, created: (path: string, data: Record<string, unknown>) => Promise<{ id: string }>): Record<string, () => Promise<WriteFixture>> {
  const pcmProduct = () => ({
    type: 'product',
    attributes: {
      name: `Fuzz PXM product ${unique()}`,
      description: 'd',
      slug: `fuzz-pxm-${unique()}`,
      sku: `FUZZ-PXM-${unique()}`,
      status: 'live',
      commodity_type: 'physical',
      upc_ean: '0123456789',
      mpn: 'MPN-1',
      external_ref: `ext-${unique()}`,
      tags: ['fuzz'],
      extensions: { book: { isbn: '978', pages: 120, paperback: true } },
      admin_attributes: { cost: '4.20' },
      shopper_attributes: { colour: 'red' },
      locales: { 'fr-FR': { name: 'Nom', description: 'Desc' } },
    },
  });
  const file = async () => created('/v2/files', { type: 'file', file_location: `https://example.com/${unique()}.png` });
  const nodesOf = async () => {
    const h = await created('/pcm/hierarchies', { type: 'hierarchy', attributes: { name: `Fuzz tree ${unique()}` } });
    return [(await created(`/pcm/hierarchies/${h.id}/nodes`, { type: 'node', attributes: { name: 'Fuzz node' } })).id];
  };
  const byFilter = (action: string) => async (): Promise<WriteFixture> => {
    const p = await created('/pcm/products', pcmProduct());
    return { path: `/pcm/products/${action}`, auth: 'admin', body: { data: { filter: `eq(id,${p.id})`, node_ids: await nodesOf() } } };
  };
  const mainImage = async (): Promise<WriteFixture> => ({
    path: `/pcm/products/${(await created('/pcm/products', pcmProduct())).id}/relationships/main_image`,
    auth: 'admin',
    body: { data: { type: 'file', id: (await file()).id } },
  });
  return {
    'POST /pcm/products': async () => ({ path: '/pcm/products', auth: 'admin', body: { data: pcmProduct() } }),
    'PUT /pcm/products/:id': async () => {
      const p = await created('/pcm/products', pcmProduct());
      return { path: `/pcm/products/${p.id}`, auth: 'admin', body: { data: { ...pcmProduct(), id: p.id } } };
    },
    'POST /pcm/products/:id/relationships/main_image': mainImage,
    'PUT /pcm/products/:id/relationships/main_image': mainImage,
    'POST /pcm/products/attach_nodes': byFilter('attach_nodes'),
    'POST /pcm/products/detach_nodes': byFilter('detach_nodes'),
  };
}

/** PXM variations, their options and modifiers. */
function pcmVariationFixtures(unique: () => string, created: (path: string, data: Record<string, unknown>) => Promise<{ id: string }>): Record<string, () => Promise<WriteFixture>> {
  const variation = () => ({ type: 'product-variation', attributes: { name: `Fuzz colour ${unique()}`, sort_order: 1 } });
  const option = () => ({ type: 'product-variation-option', attributes: { name: `Fuzz-${unique()}`, description: 'An option', sort_order: 2 } });
  const modifier = () => ({ type: 'product-variation-modifier', attributes: { type: 'sku_append', value: '-X', reference_name: 'fuzz' } });
  const optionOf = async () => {
    const v = await created('/pcm/variations', variation());
    return { variationId: v.id, optionId: (await created(`/pcm/variations/${v.id}/options`, option())).id };
  };
  return {
    'POST /pcm/variations': async () => ({ path: '/pcm/variations', auth: 'admin', body: { data: variation() } }),
    'PUT /pcm/variations/:id': async () => {
      const v = await created('/pcm/variations', variation());
      return { path: `/pcm/variations/${v.id}`, auth: 'admin', body: { data: { ...variation(), id: v.id } } };
    },
    'POST /pcm/variations/:id/options': async () => ({ path: `/pcm/variations/${(await created('/pcm/variations', variation())).id}/options`, auth: 'admin', body: { data: option() } }),
    'PUT /pcm/variations/:id/options/:optionId': async () => {
      const { variationId, optionId } = await optionOf();
      return { path: `/pcm/variations/${variationId}/options/${optionId}`, auth: 'admin', body: { data: { ...option(), id: optionId } } };
    },
    'POST /pcm/variations/:id/options/:optionId/modifiers': async () => {
      const { variationId, optionId } = await optionOf();
      return { path: `/pcm/variations/${variationId}/options/${optionId}/modifiers`, auth: 'admin', body: { data: modifier() } };
    },
    'PUT /pcm/variations/:id/options/:optionId/modifiers/:modifierId': async () => {
      const { variationId, optionId } = await optionOf();
      const m = await created(`/pcm/variations/${variationId}/options/${optionId}/modifiers`, modifier());
      return { path: `/pcm/variations/${variationId}/options/${optionId}/modifiers/${m.id}`, auth: 'admin', body: { data: { ...modifier(), id: m.id } } };
    },
  };
}

/** Catalogs and catalog rules, at both spellings (`/catalogs` and `/pcm/catalogs`): a new hierarchy, price book and catalog each time. */
function catalogFixtures(created: (path: string, data: Record<string, unknown>) => Promise<any>, unique: () => string): Record<string, () => Promise<WriteFixture>> {
  const catalogBody = async () => {
    const hierarchy = await created('/pcm/hierarchies', { type: 'hierarchy', attributes: { name: `Fuzz catalog tree ${unique()}` } });
    const book = await created('/pcm/pricebooks', { type: 'pricebook', attributes: { name: `Fuzz catalog book ${unique()}` } });
    return { type: 'catalog', attributes: { name: `Fuzz catalog ${unique()}`, description: 'd', hierarchy_ids: [hierarchy.id], pricebook_ids: [{ id: book.id, priority: 1 }], locales: { 'fr-FR': { name: 'Nom' } }, enable_price_segmentation: false } };
  };
  const ruleBody = async () => {
    const catalog = await created('/catalogs', await catalogBody());
    const book = await created('/pcm/pricebooks', { type: 'pricebook', attributes: { name: `Fuzz rule book ${unique()}` } });
    return {
      type: 'catalog_rule',
      attributes: { name: `fuzz-rule-${unique()}`, catalog_id: catalog.id, pricebook_ids: [{ id: book.id, priority: 2 }], channels: ['web'], tags: ['vip'], account_ids: ['a'], account_tag_ids: ['t'], customer_ids: ['c'], schedules: [{ valid_from: '2026-01-01T00:00:00Z', valid_to: '2027-01-01T00:00:00Z' }] },
    };
  };
  const fixtures: Record<string, () => Promise<WriteFixture>> = {};
  for (const base of ['/catalogs', '/pcm/catalogs']) {
    fixtures[`POST ${base}`] = async () => ({ path: base, auth: 'admin', body: { data: await catalogBody() } });
    fixtures[`PUT ${base}/:id`] = async () => {
      const catalog = await created('/catalogs', await catalogBody());
      return { path: `${base}/${catalog.id}`, auth: 'admin', body: { data: { ...(await catalogBody()), id: catalog.id } } };
    };
    fixtures[`POST ${base}/rules`] = async () => ({ path: `${base}/rules`, auth: 'admin', body: { data: await ruleBody() } });
    fixtures[`PUT ${base}/rules/:id`] = async () => {
      const rule = await created('/catalogs/rules', await ruleBody());
      return { path: `${base}/rules/${rule.id}`, auth: 'admin', body: { data: { ...(await ruleBody()), id: rule.id } } };
    };
    fixtures[`POST ${base}/rules/validate`] = async () => ({
      path: `${base}/rules/validate`,
      auth: 'admin',
      body: { data: { match_type: 'filter', channels: ['web'], tags: ['vip'], account_ids: ['a'], account_tag_ids: ['t'], customer_ids: ['c'], pricebook_ids: [], schedules: [{ valid_from: '2026-01-01T00:00:00Z', valid_to: '2027-01-01T00:00:00Z' }], name: 'x', catalog_id: null, match_date: '2026-06-01T00:00:00Z' } },
    });
  }
  return fixtures;
}
