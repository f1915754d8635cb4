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
import { ReleaseReader } from '../../src/shopper-catalog/release-reader';
import { expectStringStatusError } from '../support/documents';
import { eventually } from '../support/eventually';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The shopper catalog's reads over release rows exactly as the catalog release contract has the publisher write
 * them (`release_hierarchies`, `release_nodes`, `release_products` with `by_currency`, `release_node_products`):
 * what a reader must make of them, whatever publishes them. Both official SDKs drive every `/catalog` read;
 * a release being written (IN_PROGRESS) is never read; deleting a release drops its kept answers.
 */
describe('shopper catalog over release rows', () => {
  let t: TestApp;
  let noCatalogYet: Response;
  const id = () => randomUUID();
  const ids = {
    catalog: id(), release: id(), pending: id(), hierarchy: id(), shirts: id(), formal: id(), hats: id(),
    oxford: id(), hat: id(), tee: id(), teeS: id(), pair: id(), image: id(), file: id(),
  };
  const at = '2026-11-01T10:00:00.000Z';

  const price = (amount: number, currency: string, formatted: string) => ({ amount, currency, formatted, float_price: amount / 100 });
  const prices = (usd: number, eur: number) => ({
    USD: { display_price: { with_tax: price(usd, 'USD', `$${(usd / 100).toFixed(2)}`), without_tax: price(usd, 'USD', `$${(usd / 100).toFixed(2)}`) } },
    EUR: { display_price: { with_tax: price(eur, 'EUR', `€${(eur / 100).toFixed(2).replace('.', ',')}`), without_tax: price(eur, 'EUR', `€${(eur / 100).toFixed(2).replace('.', ',')}`) } },
  });
  const file = (fileId: string, name: string) => ({ id: fileId, type: 'file', file_name: name, mime_type: 'image/png', file_size: 100, public: true, link: { href: `https://example.com/${name}` } });

  async function writeRelease(releaseId: string, status: string) {
    await t.prisma.catalogRelease.create({ data: { id: releaseId, catalogId: ids.catalog, name: 'Retail', status, percentCompleted: status === 'PUBLISHED' ? 100 : 10, publishedAt: status === 'PUBLISHED' ? at : null, hierarchies: [{ id: ids.hierarchy, name: 'Clothing' }] } });
    const related = (path: string) => ({ links: { related: path } });
    await t.prisma.releaseHierarchy.create({
      data: { releaseId, hierarchyId: ids.hierarchy, position: 0, name: 'Clothing', slug: 'clothing', body: { id: ids.hierarchy, type: 'hierarchy', attributes: { name: 'Clothing', slug: 'clothing', published_at: at }, relationships: { children: related(`/catalog/hierarchies/${ids.hierarchy}/children`), nodes: related(`/catalog/hierarchies/${ids.hierarchy}/nodes`), products: related(`/catalog/hierarchies/${ids.hierarchy}/products`) }, meta: { has_children: true } } },
    });
    const nodes: [string, string, string | null][] = [[ids.shirts, 'Shirts', null], [ids.formal, 'Formal', ids.shirts], [ids.hats, 'Hats', null]];
    for (const [position, [nodeId, name, parentId]] of nodes.entries()) {
      const body = { id: nodeId, type: 'node', attributes: { name, slug: name.toLowerCase(), published_at: at }, relationships: { children: related(`/catalog/nodes/${nodeId}/relationships/children`), products: related(`/catalog/nodes/${nodeId}/relationships/products`), ...(parentId ? { parent: { data: { type: 'node', id: parentId } } } : {}) } };
      await t.prisma.releaseNode.create({ data: { releaseId, nodeId, hierarchyId: ids.hierarchy, parentId, position, name, slug: name.toLowerCase(), body } });
    }
    const products: { productId: string; name: string; sku: string; types: string[]; tags?: string[]; parentId?: string; componentIds?: string[]; usd: number; eur: number; mainImage?: Record<string, unknown>; files?: Record<string, unknown>[] }[] = [
      { productId: ids.oxford, name: 'Oxford shirt', sku: 'OXF', types: ['standard'], tags: ['blue'], usd: 5000, eur: 4900, mainImage: file(ids.image, 'oxford.png'), files: [file(ids.file, 'care.png')] },
      { productId: ids.hat, name: 'Bowler hat', sku: 'HAT', types: ['standard'], usd: 2500, eur: 2400, mainImage: file(ids.image, 'oxford.png') },
      { productId: ids.tee, name: 'Tee', sku: 'TEE', types: ['parent'], usd: 1500, eur: 1400 },
      { productId: ids.teeS, name: 'Tee S', sku: 'TEE-S', types: ['child'], parentId: ids.tee, usd: 1600, eur: 1500 },
      { productId: ids.pair, name: 'Shirt and hat', sku: 'PAIR', types: ['bundle'], componentIds: [ids.oxford, ids.hat], usd: 7000, eur: 6900 },
    ];
    for (const [position, p] of products.entries()) {
      const body = {
        id: p.productId,
        type: 'product',
        attributes: { name: p.name, sku: p.sku, slug: p.sku.toLowerCase(), status: 'live', tags: p.tags, published_at: at, price: { USD: { amount: p.usd, includes_tax: false }, EUR: { amount: p.eur, includes_tax: true } } },
        relationships: { ...(p.mainImage ? { main_image: { data: { type: 'main_image', id: ids.image } } } : {}), ...(p.parentId ? { parent: { data: { type: 'product', id: p.parentId } } } : {}) },
        meta: { catalog_id: ids.catalog, pricebook_id: null, catalog_source: 'pim', product_types: p.types },
      };
      const byCurrency = prices(p.usd, p.eur);
      await t.prisma.releaseProduct.create({
        data: { releaseId, productId: p.productId, position, name: p.name, slug: p.sku.toLowerCase(), sku: p.sku, productTypes: p.types, tags: p.tags ?? [], parentId: p.parentId, hierarchyIds: [ids.hierarchy], componentIds: p.componentIds ?? [], body, byCurrency, mainImage: p.mainImage as object | undefined, files: (p.files ?? []) as object[] },
      });
    }
    const inNodes: [string, string][] = [[ids.formal, ids.oxford], [ids.shirts, ids.tee], [ids.hats, ids.pair], [ids.hats, ids.hat]];
    for (const [position, [nodeId, productId]] of inNodes.entries()) {
      await t.prisma.releaseNodeProduct.create({ data: { releaseId, nodeId, productId, hierarchyId: ids.hierarchy, position } });
    }
  }

  beforeAll(async () => {
    t = await createTestApp();
    noCatalogYet = await t.http.get('/catalog/products').set(t.storefront);
    expect((await t.http.post('/v2/currencies').set(t.admin).send({ data: { type: 'currency', code: 'EUR', exchange_rate: 1, format: '€{price}', decimal_point: ',', thousand_separator: '.', decimal_places: 2, default: false, enabled: true } })).status).toBe(201);
    await t.prisma.catalog.create({ data: { id: ids.catalog, name: 'Retail', hierarchyIds: [ids.hierarchy], firstPublishedAt: at } });
    await writeRelease(ids.release, 'PUBLISHED');
  });
  afterAll(async () => {
    await t?.close();
  });

  const shopper = (headers: Record<string, string> = {}) => createClient({ baseUrl: t.baseUrl, auth: t.implicitToken, headers });

  it('answers 404 while no catalog is published', () => {
    expectStringStatusError(noCatalogYet, 404, { title: 'Catalog not found', detail: /No published catalog/ });
  });

  it('reads every /catalog route with @epcc-sdk/sdks-shopper', async () => {
    const client = shopper();
    expect((await getByContextRelease({ client })).data?.data).toMatchObject({ id: ids.release, type: 'catalog-release', attributes: { catalog_id: ids.catalog }, meta: { release_status: 'PUBLISHED' } });
    expect((await getByContextAllHierarchies({ client })).data?.data?.map((h) => h.id)).toEqual([ids.hierarchy]);
    expect((await getByContextHierarchy({ client, path: { hierarchy_id: ids.hierarchy } })).data?.data?.attributes?.name).toBe('Clothing');
    expect((await getByContextHierarchyChildNodes({ client, path: { hierarchy_id: ids.hierarchy } })).data?.data?.map((n) => n.id)).toEqual([ids.shirts, ids.hats]);
    expect((await getByContextHierarchyNodes({ client, path: { hierarchy_id: ids.hierarchy } })).data?.data?.map((n) => n.id)).toEqual([ids.shirts, ids.formal, ids.hats]);
    expect((await getByContextAllNodes({ client, query: { filter: 'eq(name,Hats)' } })).data?.data?.map((n) => n.id)).toEqual([ids.hats]);
    expect((await getByContextNode({ client, path: { node_id: ids.formal } })).data?.data?.relationships?.parent?.data?.id).toBe(ids.shirts);
    expect((await getByContextChildNodes({ client, path: { node_id: ids.shirts } })).data?.data?.map((n) => n.id)).toEqual([ids.formal]);

    const hats = await getByContextProductsForNode({ client, path: { node_id: ids.hats }, query: { include: ['main_image'] } });
    expect(hats.data?.data?.map((p) => p.id)).toEqual([ids.pair, ids.hat]);
    expect(hats.data?.included?.main_images?.map((f) => f.id)).toEqual([ids.image]);
    const inHierarchy = await getByContextProductsForHierarchy({ client, path: { hierarchy_id: ids.hierarchy }, query: { 'page[limit]': 2, 'page[offset]': 2 } as any });
    expect(inHierarchy.data?.data?.map((p) => p.id)).toEqual([ids.tee, ids.teeS]);
    expect(inHierarchy.data?.meta).toMatchObject({ page: { limit: 2, offset: 2, current: 2, total: 3 }, results: { total: 5 } });
    expect(inHierarchy.data?.links?.prev).toBe(`${t.baseUrl}/catalog/hierarchies/${ids.hierarchy}/products?page[limit]=2&page[offset]=0`);

    const all = await getByContextAllProducts({ client, query: { include: ['main_image', 'files'] } });
    expect(all.data?.data?.map((p) => p.id)).toEqual([ids.oxford, ids.hat, ids.tee, ids.teeS, ids.pair]);
    expect(all.data?.included?.main_images?.map((f) => f.id)).toEqual([ids.image]);
    expect(all.data?.included?.files?.map((f) => f.id)).toEqual([ids.file]);
    expect((await getByContextChildProducts({ client, path: { product_id: ids.tee } })).data?.data?.map((p) => p.id)).toEqual([ids.teeS]);
    expect((await getByContextComponentProductIds({ client, path: { product_id: ids.pair } })).data?.data).toEqual([{ type: 'product', id: ids.oxford }, { type: 'product', id: ids.hat }]);

    const bundle = await getByContextProduct({ client, path: { product_id: ids.pair }, query: { include: ['component_products'] } });
    expect(bundle.data?.data?.meta?.display_price?.without_tax?.amount).toBe(7000);
    expect(bundle.data?.included?.component_products?.map((p) => [p.id, p.meta?.display_price?.without_tax?.amount])).toEqual([[ids.oxford, 5000], [ids.hat, 2500]]);
  });

  it('filters on the attributes the reference lists, and refuses any other', async () => {
    const filtered = async (filter: string) => (await t.http.get('/catalog/products').query({ filter }).set(t.storefront)).body.data.map((p: any) => p.id);
    expect(await filtered('eq(sku,OXF)')).toEqual([ids.oxford]);
    expect(await filtered('eq(tags,blue)')).toEqual([ids.oxford]);
    expect(await filtered('in(product_types,child,bundle)')).toEqual([ids.teeS, ids.pair]);
    expect(await filtered(`in(id,${ids.hat},${randomUUID()})`)).toEqual([ids.hat]);
    expect(await filtered('eq(name,Tee):eq(slug,tee)')).toEqual([ids.tee]);
    expectStringStatusError(await t.http.get('/catalog/products?filter=eq(status,live)').set(t.storefront), 400, { source: 'filter' });
    expectStringStatusError(await t.http.get('/catalog/products?filter=eq(product_types,gadget)').set(t.storefront), 400, { source: 'filter' });
    expectStringStatusError(await t.http.get('/catalog/nodes?filter=eq(sku,OXF)').set(t.storefront), 400, { source: 'filter' });
    expectStringStatusError(await t.http.get('/catalog/products?page[limit]=101').set(t.storefront), 400, { source: 'page[limit]' });
    expectStringStatusError(await t.http.get('/catalog/products?page[offset]=10001').set(t.storefront), 400, { source: 'page[offset]' });
    expectStringStatusError(await t.http.get('/catalog/products?sort=name').set(t.storefront), 400, { source: 'sort' });
  });

  it('prices in the X-Moltin-Currency currency, else the default; none for a currency with no price', async () => {
    const meta = async (headers: Record<string, string>) => (await getByContextProduct({ client: shopper(headers), path: { product_id: ids.oxford } })).data?.data?.meta;
    expect((await meta({}))?.display_price?.without_tax).toMatchObject({ amount: 5000, currency: 'USD' });
    expect((await meta({ 'X-Moltin-Currency': 'eur' }))?.display_price?.with_tax).toMatchObject({ amount: 4900, currency: 'EUR', formatted: '€49,00' });
    expect((await meta({ 'X-Moltin-Currency': 'GBP' }))?.display_price).toBeUndefined();
    expect((await meta({ 'X-Moltin-Currency': 'GBP' }))?.catalog_source).toBe('pim');
  });

  it('reads the same with @elasticpath/js-sdk ShopperCatalog and a storefront token', async () => {
    const sdk = sdkFor(t, 'storefront');
    expect((await sdk.ShopperCatalog.Get()).data.id).toBe(ids.release);
    expect((await sdk.ShopperCatalog.Hierarchies.All()).data.map((h: any) => h.id)).toEqual([ids.hierarchy]);
    expect((await sdk.ShopperCatalog.Hierarchies.Limit(1).GetHierarchyChildren({ hierarchyId: ids.hierarchy })).data.map((n: any) => n.id)).toEqual([ids.shirts]);
    expect((await sdk.ShopperCatalog.Hierarchies.GetHierarchyNodes({ hierarchyId: ids.hierarchy })).meta.results.total).toBe(3);
    expect((await sdk.ShopperCatalog.Nodes.Filter({ eq: { slug: 'formal' } }).All()).data.map((n: any) => n.id)).toEqual([ids.formal]);
    sdk.ShopperCatalog.Nodes.Filter(undefined); // the SDK keeps a filter for the calls after it
    expect((await sdk.ShopperCatalog.Nodes.GetNodeChildren({ nodeId: ids.shirts })).data.map((n: any) => n.id)).toEqual([ids.formal]);
    expect((await sdk.ShopperCatalog.Nodes.GetNodeProducts({ nodeId: ids.formal })).data.map((p: any) => p.id)).toEqual([ids.oxford]);
    const page = await sdk.ShopperCatalog.Products.With(['main_image']).Filter({ eq: { sku: 'HAT' } }).All({ additionalHeaders: { 'X-Moltin-Currency': 'EUR' } });
    expect(page.data.map((p: any) => p.meta.display_price.with_tax.currency)).toEqual(['EUR']);
    expect(page.included.main_images.map((f: any) => f.id)).toEqual([ids.image]);
    sdk.ShopperCatalog.Products.Filter(undefined);
    expect((await sdk.ShopperCatalog.Products.Get({ productId: ids.tee })).data.meta.product_types).toEqual(['parent']);
    expect((await sdk.ShopperCatalog.Products.GetProductsByNode({ nodeId: ids.shirts })).data.map((p: any) => p.id)).toEqual([ids.tee]);
    expect((await sdk.ShopperCatalog.Products.GetProductsByHierarchy({ hierarchyId: ids.hierarchy })).data).toHaveLength(5);
    expect((await sdk.ShopperCatalog.Products.GetProductChildren({ productId: ids.tee })).data.map((p: any) => p.id)).toEqual([ids.teeS]);
  });

  it('answers 404 for what the release does not hold, and never reads a release still being written', async () => {
    expectStringStatusError(await t.http.get(`/catalog/products/${randomUUID()}`).set(t.storefront), 404, { title: 'Product not found' });
    expectStringStatusError(await t.http.get(`/catalog/nodes/${randomUUID()}/relationships/products`).set(t.storefront), 404, { title: 'Node not found' });
    expectStringStatusError(await t.http.get('/catalog/hierarchies/not-an-id/children').set(t.storefront), 404, { title: 'Hierarchy not found' });
    await writeRelease(ids.pending, 'IN_PROGRESS');
    expectStringStatusError(await t.http.get(`/catalogs/${ids.catalog}/releases/${ids.pending}/products`).set(t.admin), 404, { title: 'Release not found' });
    expect((await t.app.get(ReleaseReader).productInRelease(ids.pending, { sku: 'OXF' }))).toBeNull();
    expect((await t.app.get(ReleaseReader).productInRelease(ids.release, { sku: 'OXF' }))?.id).toBe(ids.oxford);
    expect((await t.app.get(ReleaseReader).productsInRelease(ids.release, [ids.hat, randomUUID(), ids.oxford])).map((p) => p.id)).toEqual([ids.hat, ids.oxford]);
  });

  it('previews a release for administrators at /catalogs and /pcm/catalogs, latestPublished included', async () => {
    const ep = sdkFor(t);
    expect((await ep.Catalogs.Releases.GetAllHierarchies({ catalogId: ids.catalog, releaseId: 'latestPublished' })).data.map((h: any) => h.id)).toEqual([ids.hierarchy]);
    expect((await ep.Catalogs.Products.GetCatalogReleaseProduct({ catalogId: ids.catalog, releaseId: ids.release, productId: ids.hat })).data.attributes.name).toBe('Bowler hat');
    expect((await ep.Catalogs.Nodes.GetNodeInCatalogRelease({ catalogId: ids.catalog, releaseId: ids.release, nodeId: ids.formal })).data.id).toBe(ids.formal);
    const hierarchyProducts = await ep.Catalogs.Products.GetCatalogReleaseHierarchyProducts({ catalogId: ids.catalog, releaseId: 'latestPublished', hierarchyId: ids.hierarchy });
    expect(hierarchyProducts.data).toHaveLength(5);
    const nodes = await t.http.get(`/catalogs/${ids.catalog}/releases/latestPublished/nodes`).set(t.admin);
    expect(nodes.body.data.map((n: any) => n.id)).toEqual([ids.shirts, ids.formal, ids.hats]);
    expectStringStatusError(await t.http.get(`/catalogs/${ids.catalog}/releases/latestPublished/products`).set(t.storefront), 403);
    expectStringStatusError(await t.http.get(`/catalogs/${randomUUID()}/releases/latestPublished/nodes`).set(t.admin), 404, { title: 'Release not found' });
  });

  it("keeps each origin's links, answers 304 to a matching ETag, and passes CORS preflights of the catalog routes", async () => {
    const path = '/catalog/nodes?page[limit]=1';
    const a = await t.http.get(path).set(t.storefront).set('X-Forwarded-Host', 'shop-a.example.com');
    const b = await t.http.get(path).set(t.storefront).set('X-Forwarded-Host', 'shop-b.example.com');
    expect(a.body.links.next).toBe('http://shop-a.example.com/catalog/nodes?page[limit]=1&page[offset]=1');
    expect(b.body.links.next).toBe('http://shop-b.example.com/catalog/nodes?page[limit]=1&page[offset]=1');
    expect((await t.http.get(path).set(t.storefront).set('X-Forwarded-Host', 'shop-b.example.com').set('If-None-Match', b.headers.etag)).status).toBe(304);

    const headers = 'EP-Channel,EP-Context-Tag,X-Moltin-Currency,Accept-Language,EP-Account-Management-Authentication-Token,EP-Inventories-Multi-Location,X-MOLTIN-SDK-LANGUAGE,X-MOLTIN-SDK-VERSION,Authorization,Content-Type';
    for (const preflight of [`/catalog/products/${ids.oxford}`, `/pcm/catalogs/${ids.catalog}/releases/latestPublished/products`, `/catalogs/${ids.catalog}/releases/latestPublished/nodes`]) {
      const res = await t.http.options(preflight).set('Origin', 'https://shop.example.com').set('Access-Control-Request-Method', 'GET').set('Access-Control-Request-Headers', headers);
      expect({ preflight, status: res.status }).toEqual({ preflight, status: 204 });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-headers'].toLowerCase().split(',')).toEqual(expect.arrayContaining(headers.toLowerCase().split(',')));
    }
  });

  it("drops a release's kept answers when it is deleted", async () => {
    const prepared = t.app.get(PreparedReads);
    expect((await t.http.get(`/catalogs/${ids.catalog}/releases/${ids.release}/products/${ids.hat}`).set(t.admin)).status).toBe(200);
    expect(prepared.answersOf(ids.release)).toBeGreaterThan(0);
    await t.prisma.catalogRelease.delete({ where: { id: ids.release } });
    await eventually(async () => prepared.answersOf(ids.release) === 0, "the deleted release's answers dropped");
    expectStringStatusError(await t.http.get(`/catalogs/${ids.catalog}/releases/${ids.release}/products/${ids.hat}`).set(t.admin), 404);
  });
});
