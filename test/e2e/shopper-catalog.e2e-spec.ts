import {
  createClient,
  getByContextAllHierarchies,
  getByContextAllNodes,
  getByContextAllProducts,
  getByContextChildNodes,
  getByContextChildProducts,
  getByContextComponentProductIds,
  getByContextHierarchy,
  getByContextHierarchyChildNodes,
  getByContextHierarchyNodes,
  getByContextNode,
  getByContextProduct,
  getByContextProductsForHierarchy,
  getByContextProductsForNode,
  getByContextRelease,
} from '@epcc-sdk/sdks-shopper';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { PreparedReads } from '../../src/shopper-catalog/prepared-reads';
import { expectStringStatusError } from '../support/documents';
import { eventually } from '../support/eventually';
import { sdkFor } from '../support/sdk';
import { publishedRelease } from '../support/releases';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The shopper's catalog read from published releases, driven through both official SDKs unchanged
 * (`@epcc-sdk/sdks-shopper`'s getByContext* functions and `@elasticpath/js-sdk`'s ShopperCatalog with a storefront
 * token): a hierarchy of nested nodes, live and draft products, a parent with its children, a bundle, prices in
 * USD and EUR; a second catalog that catalog rules show to a channel and to a context tag; the admin previews of
 * a release. What a shopper sees changes only when a catalog is published again.
 */
describe('shopper catalog: published releases through the official SDKs', () => {
  let t: TestApp;
  const run = randomUUID().slice(0, 8);
  let noCatalogYet: Response;
  const ids = {} as Record<'hierarchy' | 'shirts' | 'formal' | 'silk' | 'hats' | 'oxford' | 'draft' | 'tee' | 'hat' | 'pair' | 'image' | 'catalog' | 'sale' | 'release', string>;
  let children: { id: string; sku: string }[] = [];

  const post = async (path: string, data: Record<string, unknown>, status = 201) => {
    const res = await t.http.post(path).set(t.admin).send({ data });
    expect({ path, status: res.status, body: res.status === status ? undefined : res.body }).toEqual({ path, status, body: undefined });
    return res.body.data;
  };

  const publish = async (catalogId: string): Promise<string> => (await publishedRelease(t, catalogId)).id;

  beforeAll(async () => {
    // The background publisher writes the releases.
    t = await createTestApp({ env: { WORKERS_ENABLED: 'true' } });
    noCatalogYet = await t.http.get('/catalog/products').set(t.storefront);
    await post('/v2/currencies', { type: 'currency', code: 'EUR', exchange_rate: 1, format: '€{price}', decimal_point: ',', thousand_separator: '.', decimal_places: 2, default: false, enabled: true });

    const hierarchy = await post('/pcm/hierarchies', { type: 'hierarchy', attributes: { name: 'Clothing', slug: `clothing-${run}` } });
    ids.hierarchy = hierarchy.id;
    const node = async (name: string, parent?: string) =>
      (await post(`/pcm/hierarchies/${ids.hierarchy}/nodes`, { type: 'node', attributes: { name, slug: `${name.toLowerCase()}-${run}` }, ...(parent ? { relationships: { parent: { data: { type: 'node', id: parent } } } } : {}) })).id;
    ids.shirts = await node('Shirts');
    ids.formal = await node('Formal', ids.shirts);
    ids.silk = await node('Silk', ids.formal);
    ids.hats = await node('Hats');

    const product = async (name: string, sku: string, attributes: Record<string, unknown> = {}) =>
      (await post('/pcm/products', { type: 'product', attributes: { name, sku, slug: sku.toLowerCase(), commodity_type: 'physical', status: 'live', ...attributes } })).id;
    ids.oxford = await product('Oxford shirt', `OXF-${run}`, { tags: ['blue'], upc_ean: `0${run}`, mpn: `MPN-${run}` });
    ids.draft = await product('Draft shirt', `DRF-${run}`, { status: 'draft' });
    ids.hat = await product('Bowler hat', `HAT-${run}`);
    ids.tee = await product('Tee', `TEE-${run}`);
    const ep = sdkFor(t);
    const size = (await ep.PCMVariations.CreateVariation({ attributes: { name: `Size ${run}` } })).data;
    for (const [name, suffix] of [['Small', '-S'], ['Large', '-L']]) {
      const option = (await ep.PCMVariations.CreateVariationsOption(size.id, { attributes: { name, description: name } })).data;
      await ep.PCMVariations.CreateVariationsModifier(size.id, option.id, { attributes: { type: 'sku_append', value: suffix } });
      await ep.PCMVariations.CreateVariationsModifier(size.id, option.id, { attributes: { type: 'slug_append', value: suffix.toLowerCase() } });
    }
    await ep.PCM.VariationsRelationships.Create(ids.tee, [size.id]);
    await ep.PCM.BuildChildProducts(ids.tee);
    children = ((await ep.PCM.GetChildProducts(ids.tee)).data as any[]).map((c) => ({ id: c.id, sku: c.attributes.sku }));
    expect(children).toHaveLength(2);
    ids.pair = await product('Shirt and hat', `PAIR-${run}`, {
      components: { shirt: { name: 'Shirt', options: [{ type: 'product', id: ids.oxford, quantity: 1 }], min: 1, max: 1 }, hat: { name: 'Hat', options: [{ type: 'product', id: ids.hat, quantity: 1 }], min: 1, max: 1 } },
    });
    const attach = async (nodeId: string, products: string[]) =>
      expect((await t.http.post(`/pcm/hierarchies/${ids.hierarchy}/nodes/${nodeId}/relationships/products`).set(t.admin).send({ data: products.map((id) => ({ type: 'product', id })) })).status).toBeLessThan(300);
    await attach(ids.formal, [ids.oxford, ids.draft]);
    await attach(ids.shirts, [ids.tee]);
    await attach(ids.hats, [ids.hat, ids.pair]);

    const image = await t.http.post('/v2/files').set(t.admin).field('file_location', `https://example.com/${run}/oxford.png`);
    expect(image.status).toBe(201);
    ids.image = image.body.data.id;
    expect((await t.http.post(`/pcm/products/${ids.oxford}/relationships/main_image`).set(t.admin).send({ data: { type: 'file', id: ids.image } })).status).toBeLessThan(300);

    const book = await post('/pcm/pricebooks', { type: 'pricebook', attributes: { name: `Retail ${run}` } });
    const skus: [string, number][] = [[`OXF-${run}`, 5000], [`DRF-${run}`, 100], [`HAT-${run}`, 2500], [`TEE-${run}`, 1500], ...children.map((c): [string, number] => [c.sku, 1600]), [`PAIR-${run}`, 7000]];
    for (const [sku, amount] of skus) {
      await post(`/pcm/pricebooks/${book.id}/prices`, { type: 'product-price', attributes: { sku, currencies: { USD: { amount, includes_tax: false }, EUR: { amount: amount - 100, includes_tax: true } } } });
    }
    const saleBook = await post('/pcm/pricebooks', { type: 'pricebook', attributes: { name: `Sale ${run}` } });
    await post(`/pcm/pricebooks/${saleBook.id}/prices`, { type: 'product-price', attributes: { sku: `OXF-${run}`, currencies: { USD: { amount: 3000, includes_tax: false } } } });

    ids.catalog = (await post('/catalogs', { type: 'catalog', attributes: { name: `Retail ${run}`, hierarchy_ids: [ids.hierarchy], pricebook_id: book.id } })).id;
    ids.release = await publish(ids.catalog);
    ids.sale = (await post('/catalogs', { type: 'catalog', attributes: { name: `Sale ${run}`, hierarchy_ids: [ids.hierarchy], pricebook_id: saleBook.id } })).id;
    await publish(ids.sale);
    await post('/catalogs/rules', { type: 'catalog_rule', attributes: { name: `mobile-${run}`, catalog_id: ids.sale, channels: ['mobile'] } });
    await post('/catalogs/rules', { type: 'catalog_rule', attributes: { name: `clearance-${run}`, catalog_id: ids.sale, tags: ['clearance'] } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** `@epcc-sdk/sdks-shopper`'s client with the storefront token and the given headers. */
  const shopper = (headers: Record<string, string> = {}) => createClient({ baseUrl: t.baseUrl, auth: t.implicitToken, headers });
  /** `@elasticpath/js-sdk` with a storefront (implicit) token. */
  const storefront = () => sdkFor(t, 'storefront');

  it('answers 404 while no catalog is published', () => {
    expectStringStatusError(noCatalogYet, 404, { title: 'Catalog not found', detail: /No published catalog/ });
  });

  it('lists hierarchies, nodes and products of the default catalog with @epcc-sdk/sdks-shopper', async () => {
    const client = shopper();
    const release = await getByContextRelease({ client });
    expect(release.data?.data).toMatchObject({ id: ids.release, attributes: { catalog_id: ids.catalog } });

    const hierarchies = await getByContextAllHierarchies({ client });
    expect(hierarchies.data?.data?.map((h) => h.id)).toEqual([ids.hierarchy]);
    expect((await getByContextHierarchy({ client, path: { hierarchy_id: ids.hierarchy } })).data?.data?.attributes?.name).toBe('Clothing');
    const top = await getByContextHierarchyChildNodes({ client, path: { hierarchy_id: ids.hierarchy } });
    expect(top.data?.data?.map((n) => n.id).sort()).toEqual([ids.shirts, ids.hats].sort());
    const all = await getByContextHierarchyNodes({ client, path: { hierarchy_id: ids.hierarchy } });
    expect(all.data?.data?.map((n) => n.id).sort()).toEqual([ids.shirts, ids.formal, ids.silk, ids.hats].sort());
    expect((await getByContextAllNodes({ client, query: { filter: `eq(slug,silk-${run})` } })).data?.data?.map((n) => n.id)).toEqual([ids.silk]);
    expect((await getByContextNode({ client, path: { node_id: ids.formal } })).data?.data?.attributes?.name).toBe('Formal');
    expect((await getByContextChildNodes({ client, path: { node_id: ids.formal } })).data?.data?.map((n) => n.id)).toEqual([ids.silk]);

    const formal = await getByContextProductsForNode({ client, path: { node_id: ids.formal }, query: { include: ['main_image'] } });
    expect(formal.data?.data?.map((p) => p.id)).toEqual([ids.oxford]);
    expect(formal.data?.included?.main_images?.map((f) => f.id)).toEqual([ids.image]);
    const inHierarchy = await getByContextProductsForHierarchy({ client, path: { hierarchy_id: ids.hierarchy } });
    expect(inHierarchy.data?.data?.map((p) => p.id).sort()).toEqual([ids.oxford, ids.hat, ids.tee, ...children.map((c) => c.id), ids.pair].sort());

    const products = await getByContextAllProducts({ client, query: { 'page[limit]': 2 } as any });
    expect(products.data?.data).toHaveLength(2);
    expect(products.data?.meta?.results?.total).toBe(6);
    expect(products.data?.links?.next).toContain(`${t.baseUrl}/catalog/products?page[limit]=2&page[offset]=2`);

    const kids = await getByContextChildProducts({ client, path: { product_id: ids.tee } });
    expect(kids.data?.data?.map((p) => p.id).sort()).toEqual(children.map((c) => c.id).sort());
    const components = await getByContextComponentProductIds({ client, path: { product_id: ids.pair } });
    expect(components.data?.data?.map((r) => r.id).sort()).toEqual([ids.oxford, ids.hat].sort());

    const bundle = await getByContextProduct({ client, path: { product_id: ids.pair }, query: { include: ['component_products', 'main_image'] } });
    expect(bundle.data?.data?.meta?.display_price?.without_tax?.amount).toBe(7000);
    const included = bundle.data?.included?.component_products ?? [];
    expect(included.map((p) => p.id).sort()).toEqual([ids.oxford, ids.hat].sort());
    expect(included.find((p) => p.id === ids.oxford)?.meta?.display_price?.without_tax?.amount).toBe(5000);
    expect(bundle.data?.included?.main_images).toEqual([]);
  });

  it('filters products by the attributes the reference lists, and refuses others', async () => {
    const filtered = async (filter: string) => (await t.http.get('/catalog/products').query({ filter }).set(t.storefront)).body.data.map((p: any) => p.id);
    expect(await filtered(`eq(sku,OXF-${run})`)).toEqual([ids.oxford]);
    expect(await filtered('eq(tags,blue)')).toEqual([ids.oxford]);
    expect(await filtered(`eq(upc_ean,0${run})`)).toEqual([ids.oxford]);
    expect(await filtered(`eq(manufacturer_part_num,MPN-${run})`)).toEqual([ids.oxford]);
    expect((await filtered('in(product_types,child,bundle)')).sort()).toEqual([...children.map((c) => c.id), ids.pair].sort());
    expect(await filtered(`in(id,${ids.hat},${ids.draft})`)).toEqual([ids.hat]);
    expect(await filtered(`eq(slug,hat-${run.toLowerCase()})`)).toEqual([ids.hat]);
    expectStringStatusError(await t.http.get('/catalog/products?filter=eq(status,live)').set(t.storefront), 400, { source: 'filter' });
    expectStringStatusError(await t.http.get('/catalog/products?page[limit]=101').set(t.storefront), 400, { source: 'page[limit]' });
    expectStringStatusError(await t.http.get('/catalog/products?page[offset]=10001').set(t.storefront), 400, { source: 'page[offset]' });
  });

  it('prices in the currency X-Moltin-Currency names, else the default one; none for a currency with no price', async () => {
    const price = async (currency?: string) => {
      const res = await getByContextProduct({ client: shopper(currency ? { 'X-Moltin-Currency': currency } : {}), path: { product_id: ids.oxford } });
      return res.data?.data?.meta?.display_price;
    };
    expect((await price())?.without_tax).toMatchObject({ amount: 5000, currency: 'USD', formatted: '$50.00' });
    expect((await price('eur'))?.with_tax).toMatchObject({ amount: 4900, currency: 'EUR', formatted: '€49,00' });
    expect(await price('GBP')).toBeUndefined();
    const product = (await t.http.get(`/catalog/products/${ids.oxford}`).set(t.storefront)).body.data;
    expect(product.attributes.price).toEqual({ USD: { amount: 5000, includes_tax: false }, EUR: { amount: 4900, includes_tax: true } });
  });

  it('never shows a draft product, nor a product, node or hierarchy of no release', async () => {
    expectStringStatusError(await t.http.get(`/catalog/products/${ids.draft}`).set(t.storefront), 404, { title: 'Product not found' });
    const formal = await t.http.get(`/catalog/nodes/${ids.formal}/relationships/products`).set(t.storefront);
    expect(formal.body.data.map((p: any) => p.id)).toEqual([ids.oxford]);
    expectStringStatusError(await t.http.get(`/catalog/nodes/${randomUUID()}`).set(t.storefront), 404, { title: 'Node not found' });
    expectStringStatusError(await t.http.get(`/catalog/hierarchies/not-an-id`).set(t.storefront), 404, { title: 'Hierarchy not found' });
    expectStringStatusError(await t.http.get(`/catalog/products/${randomUUID()}/relationships/children`).set(t.storefront), 404, { title: 'Product not found' });
  });

  it('shows the catalog a rule names for the EP-Channel or EP-Context-Tag sent', async () => {
    const oxfordFor = async (headers: Record<string, string>) => (await getByContextProduct({ client: shopper(headers), path: { product_id: ids.oxford } })).data?.data?.meta;
    expect(await oxfordFor({})).toMatchObject({ catalog_id: ids.catalog, display_price: { without_tax: { amount: 5000 } } });
    expect(await oxfordFor({ 'EP-Channel': 'mobile' })).toMatchObject({ catalog_id: ids.sale, display_price: { without_tax: { amount: 3000 } } });
    expect(await oxfordFor({ 'EP-Context-Tag': 'clearance' })).toMatchObject({ catalog_id: ids.sale, display_price: { without_tax: { amount: 3000 } } });
    expect(await oxfordFor({ 'EP-Channel': 'web' })).toMatchObject({ catalog_id: ids.catalog });
  });

  it('reads the same catalog with @elasticpath/js-sdk ShopperCatalog and a storefront token', async () => {
    const sdk = storefront();
    expect((await sdk.ShopperCatalog.Get()).data.attributes.catalog_id).toBe(ids.catalog);
    expect((await sdk.ShopperCatalog.Hierarchies.All()).data.map((h: any) => h.id)).toEqual([ids.hierarchy]);
    expect((await sdk.ShopperCatalog.Hierarchies.Get({ hierarchyId: ids.hierarchy })).data.id).toBe(ids.hierarchy);
    expect((await sdk.ShopperCatalog.Hierarchies.Limit(1).GetHierarchyChildren({ hierarchyId: ids.hierarchy })).data).toHaveLength(1);
    expect((await sdk.ShopperCatalog.Hierarchies.GetHierarchyNodes({ hierarchyId: ids.hierarchy })).meta.results.total).toBe(4);
    expect((await sdk.ShopperCatalog.Nodes.Filter({ eq: { name: 'Hats' } }).All()).data.map((n: any) => n.id)).toEqual([ids.hats]);
    sdk.ShopperCatalog.Nodes.Filter(undefined); // the SDK keeps a filter for the calls after it
    expect((await sdk.ShopperCatalog.Nodes.Get({ nodeId: ids.shirts })).data.id).toBe(ids.shirts);
    expect((await sdk.ShopperCatalog.Nodes.GetNodeChildren({ nodeId: ids.shirts })).data.map((n: any) => n.id)).toEqual([ids.formal]);
    const hats = await sdk.ShopperCatalog.Nodes.GetNodeProducts({ nodeId: ids.hats });
    expect(hats.data.map((p: any) => p.id).sort()).toEqual([ids.hat, ids.pair].sort());

    const page = await sdk.ShopperCatalog.Products.With(['main_image', 'files']).Filter({ eq: { sku: `OXF-${run}` } }).All({ additionalHeaders: { 'X-Moltin-Currency': 'EUR' } });
    expect(page.data.map((p: any) => p.id)).toEqual([ids.oxford]);
    expect(page.data[0].meta.display_price.with_tax.currency).toBe('EUR');
    expect(page.included.main_images.map((f: any) => f.id)).toEqual([ids.image]);
    expect(page.included.files).toEqual([]);
    sdk.ShopperCatalog.Products.Filter(undefined);
    expect((await sdk.ShopperCatalog.Products.Get({ productId: ids.hat })).data.attributes.name).toBe('Bowler hat');
    expect((await sdk.ShopperCatalog.Products.GetProductsByNode({ nodeId: ids.shirts })).data.map((p: any) => p.id)).toEqual([ids.tee]);
    expect((await sdk.ShopperCatalog.Products.Limit(3).GetProductsByHierarchy({ hierarchyId: ids.hierarchy })).data).toHaveLength(3);
    expect((await sdk.ShopperCatalog.Products.GetProductChildren({ productId: ids.tee })).data).toHaveLength(2);
  });

  it('shows an edit made after publishing only once the catalog is published again', async () => {
    const name = async () => (await t.http.get(`/catalog/products/${ids.hat}`).set(t.storefront).set('Cache-Control', 'no-cache')).body.data.attributes.name;
    expect((await t.http.put(`/pcm/products/${ids.hat}`).set(t.admin).send({ data: { type: 'product', id: ids.hat, attributes: { name: 'Top hat' } } })).status).toBe(200);
    expect(await name()).toBe('Bowler hat');
    const previous = ids.release;
    ids.release = await publish(ids.catalog);
    expect(ids.release).not.toBe(previous);
    await eventually(async () => (await name()) === 'Top hat', 'the new release shown');
    const old = await t.http.get(`/catalogs/${ids.catalog}/releases/${previous}/products/${ids.hat}`).set(t.admin);
    expect(old.body.data.attributes.name).toBe('Bowler hat');

    // A release's answers are kept until it goes: deleting it drops them, and its previews answer 404.
    const prepared = t.app.get(PreparedReads);
    expect(prepared.answersOf(previous)).toBeGreaterThan(0);
    expect((await t.http.delete(`/catalogs/${ids.catalog}/releases/${previous}`).set(t.admin)).status).toBeLessThan(300);
    await eventually(async () => prepared.answersOf(previous) === 0, "the deleted release's answers dropped");
    expectStringStatusError(await t.http.get(`/catalogs/${ids.catalog}/releases/${previous}/products/${ids.hat}`).set(t.admin), 404);
  });

  it('previews a release for administrators, latestPublished included, at /catalogs and at /pcm/catalogs', async () => {
    const latest = await t.http.get(`/catalogs/${ids.catalog}/releases/latestPublished/hierarchies`).set(t.admin);
    expect(latest.body.data.map((h: any) => h.id)).toEqual([ids.hierarchy]);
    const ep = sdkFor(t);
    expect((await ep.Catalogs.Releases.GetAllHierarchies({ catalogId: ids.catalog, releaseId: 'latestPublished' })).data.map((h: any) => h.id)).toEqual([ids.hierarchy]);
    const products = await ep.Catalogs.Products.GetAllCatalogReleaseProducts({ catalogId: ids.sale, releaseId: 'latestPublished' });
    expect(products.data.find((p: any) => p.id === ids.oxford).meta.display_price.without_tax.amount).toBe(3000);
    expect((await ep.Catalogs.Products.GetCatalogReleaseProduct({ catalogId: ids.catalog, releaseId: ids.release, productId: ids.hat })).data.attributes.name).toBe('Top hat');
    expect((await ep.Catalogs.Nodes.GetNodeInCatalogRelease({ catalogId: ids.catalog, releaseId: ids.release, nodeId: ids.silk })).data.id).toBe(ids.silk);
    const nodeProducts = await t.http.get(`/pcm/catalogs/${ids.catalog}/releases/${ids.release}/nodes/${ids.hats}/relationships/products`).set(t.admin);
    expect(nodeProducts.body.data.map((p: any) => p.id).sort()).toEqual([ids.hat, ids.pair].sort());
    expectStringStatusError(await t.http.get(`/catalogs/${ids.catalog}/releases/latestPublished/products`).set(t.storefront), 403);
    expectStringStatusError(await t.http.get(`/catalogs/${ids.catalog}/releases/${randomUUID()}/products`).set(t.admin), 404, { title: 'Release not found' });
    expectStringStatusError(await t.http.get(`/catalogs/${randomUUID()}/releases/latestPublished/nodes`).set(t.admin), 404);
  });

  it('keeps the links of a kept answer to the origin each request came in on', async () => {
    const path = '/catalog/hierarchies?page[limit]=1';
    const first = await t.http.get(path).set(t.storefront).set('X-Forwarded-Host', 'shop-a.example.com');
    const second = await t.http.get(path).set(t.storefront).set('X-Forwarded-Host', 'shop-b.example.com');
    expect(first.body.links.first).toMatch(/^http:\/\/shop-a\.example\.com\/catalog\/hierarchies\?/);
    expect(second.body.links.first).toMatch(/^http:\/\/shop-b\.example\.com\/catalog\/hierarchies\?/);
    const again = await t.http.get(path).set(t.storefront).set('If-None-Match', second.headers.etag).set('X-Forwarded-Host', 'shop-b.example.com');
    expect(again.status).toBe(304);
  });

  it('passes CORS preflights of the catalog routes with the headers the storefront SDKs send', async () => {
    const headers = 'EP-Channel,EP-Context-Tag,X-Moltin-Currency,Accept-Language,EP-Account-Management-Authentication-Token,EP-Inventories-Multi-Location,X-MOLTIN-SDK-LANGUAGE,X-MOLTIN-SDK-VERSION,Authorization,Content-Type';
    for (const path of [`/catalog/products/${ids.oxford}`, `/pcm/catalogs/${ids.catalog}/releases/latestPublished/products`, `/catalogs/${ids.catalog}/releases/latestPublished/nodes`]) {
      const res = await t.http.options(path).set('Origin', 'https://shop.example.com').set('Access-Control-Request-Method', 'GET').set('Access-Control-Request-Headers', headers);
      expect({ path, status: res.status }).toEqual({ path, status: 204 });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-methods']).toContain('GET');
      expect(res.headers['access-control-allow-headers'].toLowerCase().split(',')).toEqual(expect.arrayContaining(headers.toLowerCase().split(',')));
    }
    const read = await t.http.get(`/catalog/products/${ids.oxford}`).set(t.storefront).set('Origin', 'https://shop.example.com').set('EP-Channel', 'web');
    expect(read.status).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBe('*');
  });
});
