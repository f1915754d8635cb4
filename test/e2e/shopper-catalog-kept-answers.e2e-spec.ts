import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { KeptAnswers } from '../../src/common/http/kept-answers';
import { expectStringStatusError } from '../support/documents';
import { publishedRelease } from '../support/releases';
import { createTestApp, TestApp } from '../support/test-app';

/** Headers that differ between any two answers: when, which request, and the budget left. */
const PER_REQUEST = new Set(['date', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset']);

function comparable(res: Response) {
  const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_REQUEST.has(name)));
  return { status: res.status, headers, body: res.text };
}

/**
 * A shopper's catalog read answered again from what its release keeps is served before routing (KeptAnswers):
 * the same status, headers and bytes as the routed answer that kept it, in every context a storefront sends
 * (currency, channel, origin, conditional requests). Whatever the routed pipeline would refuse or answer
 * otherwise still reaches it.
 */
describe('shopper catalog: kept answers served before routing', () => {
  let t: TestApp;
  let kept: KeptAnswers;
  const run = randomUUID().slice(0, 8);
  const ids = {} as Record<'hierarchy' | 'node' | 'shirt' | 'hat' | 'catalog' | 'sale', string>;
  const origin = 'https://shop.example.com';

  const post = async (path: string, data: Record<string, unknown>) => {
    const res = await t.http.post(path).set(t.admin).send({ data });
    expect({ path, status: res.status }).toEqual({ path, status: 201 });
    return res.body.data;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: { WORKERS_ENABLED: 'true', CORS_ORIGINS: origin } });
    kept = t.app.get(KeptAnswers);
    await post('/v2/currencies', { type: 'currency', code: 'EUR', exchange_rate: 1, format: '€{price}', decimal_point: ',', thousand_separator: '.', decimal_places: 2, default: false, enabled: true });
    ids.hierarchy = (await post('/pcm/hierarchies', { type: 'hierarchy', attributes: { name: 'Clothing', slug: `clothing-${run}` } })).id;
    ids.node = (await post(`/pcm/hierarchies/${ids.hierarchy}/nodes`, { type: 'node', attributes: { name: 'Shirts', slug: `shirts-${run}` } })).id;
    const product = async (name: string, sku: string) => (await post('/pcm/products', { type: 'product', attributes: { name, sku, slug: sku.toLowerCase(), commodity_type: 'physical', status: 'live' } })).id;
    ids.shirt = await product('Oxford shirt', `OXF-${run}`);
    ids.hat = await product('Bowler hat', `HAT-${run}`);
    expect((await t.http.post(`/pcm/hierarchies/${ids.hierarchy}/nodes/${ids.node}/relationships/products`).set(t.admin).send({ data: [ids.shirt, ids.hat].map((id) => ({ type: 'product', id })) })).status).toBeLessThan(300);
    const book = await post('/pcm/pricebooks', { type: 'pricebook', attributes: { name: `Retail ${run}` } });
    for (const [sku, amount] of [[`OXF-${run}`, 5000], [`HAT-${run}`, 2500]] as const) {
      await post(`/pcm/pricebooks/${book.id}/prices`, { type: 'product-price', attributes: { sku, currencies: { USD: { amount, includes_tax: false }, EUR: { amount: amount - 100, includes_tax: true } } } });
    }
    const saleBook = await post('/pcm/pricebooks', { type: 'pricebook', attributes: { name: `Sale ${run}` } });
    await post(`/pcm/pricebooks/${saleBook.id}/prices`, { type: 'product-price', attributes: { sku: `OXF-${run}`, currencies: { USD: { amount: 3000, includes_tax: false } } } });
    ids.catalog = (await post('/catalogs', { type: 'catalog', attributes: { name: `Retail ${run}`, hierarchy_ids: [ids.hierarchy], pricebook_id: book.id } })).id;
    await publishedRelease(t, ids.catalog);
    ids.sale = (await post('/catalogs', { type: 'catalog', attributes: { name: `Sale ${run}`, hierarchy_ids: [ids.hierarchy], pricebook_id: saleBook.id } })).id;
    await publishedRelease(t, ids.sale);
    await post('/catalogs/rules', { type: 'catalog_rule', attributes: { name: `mobile-${run}`, catalog_id: ids.sale, channels: ['mobile'] } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** The read twice: the first is routed (and keeps its answer), the second is served from what was kept. */
  const twice = async (path: string, headers: Record<string, string> = {}) => {
    const before = kept.served;
    const routed = await t.http.get(path).set(t.storefront).set(headers);
    expect({ path, headers, served: kept.served - before }).toEqual({ path, headers, served: 0 });
    const served = await t.http.get(path).set(t.storefront).set(headers);
    expect({ path, headers, served: kept.served - before }).toEqual({ path, headers, served: 1 });
    return { routed, served };
  };

  it('answers every kind of read with the routed answer: status, headers and bytes', async () => {
    const reads: [string, Record<string, string>][] = [
      ['/catalog', {}],
      ['/catalog/hierarchies', {}],
      [`/catalog/hierarchies/${ids.hierarchy}/children`, {}],
      ['/catalog/nodes', {}],
      [`/catalog/nodes/${ids.node}`, {}],
      [`/catalog/nodes/${ids.node}/relationships/products?include=main_image`, {}],
      ['/catalog/products?page[limit]=1&page[offset]=1', {}],
      [`/catalog/products?filter=eq(sku,HAT-${run})`, {}],
      [`/catalog/products/${ids.shirt}`, {}],
      [`/catalog/products/${ids.shirt}`, { 'X-Moltin-Currency': 'EUR' }],
      [`/catalog/products/${ids.shirt}`, { 'EP-Channel': 'mobile' }],
      [`/catalog/products/${ids.hat}`, { Origin: origin }],
      [`/catalog/products/${ids.hat}/`, {}],
    ];
    for (const [path, headers] of reads) {
      const { routed, served } = await twice(path, headers);
      expect(routed.status).toBe(200);
      expect({ path, sent: headers, ...comparable(served) }).toEqual({ path, sent: headers, ...comparable(routed) });
      expect(Number(served.headers['x-ratelimit-remaining'])).toBe(Number(routed.headers['x-ratelimit-remaining']) - 1);
    }

    const usd = (await t.http.get(`/catalog/products/${ids.shirt}`).set(t.storefront)).body.data.meta.display_price.without_tax.amount;
    const eur = (await t.http.get(`/catalog/products/${ids.shirt}`).set(t.storefront).set('X-Moltin-Currency', 'EUR')).body.data.meta.display_price.with_tax.amount;
    const mobile = (await t.http.get(`/catalog/products/${ids.shirt}`).set(t.storefront).set('EP-Channel', 'mobile')).body.data.meta;
    expect([usd, eur, mobile.catalog_id, mobile.display_price.without_tax.amount]).toEqual([5000, 4900, ids.sale, 3000]);
    expect((await t.http.get(`/catalog/products/${ids.hat}`).set(t.storefront).set('Origin', origin)).headers['access-control-allow-origin']).toBe(origin);
  });

  it('answers 304 to a kept ETag, and times the answers under their route', async () => {
    const path = `/catalog/products/${ids.hat}?include=main_image`;
    const { served } = await twice(path);
    const before = kept.served;
    const notModified = await t.http.get(path).set(t.storefront).set('If-None-Match', served.headers.etag);
    expect([notModified.status, notModified.text, notModified.headers.etag, kept.served - before]).toEqual([304, '', served.headers.etag, 1]);

    const metrics = await t.http.get('/metrics').set(t.admin);
    expect(metrics.text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/catalog\/products\/:productId",status="304"\} [1-9]/);
  });

  it('leaves to the routed pipeline what it would refuse or answer otherwise', async () => {
    const path = `/catalog/products/${ids.shirt}?include=main_image`;
    await twice(path);
    const before = kept.served;
    expectStringStatusError(await t.http.get(path), 401);
    expectStringStatusError(await t.http.get(path).set('Authorization', 'Bearer not-a-token'), 401);
    expectStringStatusError(await t.http.get(path).set('Authorization', `Basic ${t.implicitToken}`), 401);
    expectStringStatusError(await t.http.get(path).set(t.storefront).set('EP-Account-Management-Authentication-Token', 'forged'), 401, { detail: /ep-account-management-authentication-token/i });
    const head = await t.http.head(path).set(t.storefront);
    expect([head.status, head.text ?? '']).toEqual([200, '']);
    expect(kept.served).toBe(before);
  });

  it('spends the same request budget as a routed read', async () => {
    const path = `/catalog/products/${ids.hat}?include=files`;
    await twice(path);
    const remaining = async (served: boolean) => {
      const before = kept.served;
      const res = await t.http.get(served ? path : `${path}&n=${randomUUID()}`).set(t.storefront);
      expect(kept.served - before).toBe(served ? 1 : 0);
      return Number(res.headers['x-ratelimit-remaining']);
    };
    const first = await remaining(true);
    expect([await remaining(false), await remaining(true), await remaining(false)]).toEqual([first - 1, first - 2, first - 3]);
  });
});
