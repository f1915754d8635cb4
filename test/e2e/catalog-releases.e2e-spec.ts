import { randomUUID } from 'node:crypto';
import FormData from 'form-data';
import { expectStringStatusError } from '../support/documents';
import { sdkFor, type AdminSdk } from '../support/sdk';
import { settledRelease } from '../support/releases';
import { createTestApp, type TestApp } from '../support/test-app';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const shopper = require('@epcc-sdk/sdks-shopper');

/** Enough polls for a loaded machine; each one is a request whose answer decides whether to ask again. */

describe('catalog releases (/catalogs/:id/releases and /pcm/catalogs/:id/releases)', () => {
  let t: TestApp;
  let ep: AdminSdk;
  beforeAll(async () => {
    t = await createTestApp({ env: { WORKERS_ENABLED: 'true' } });
    ep = sdkFor(t);
    await ep.Currencies.Create({ type: 'currency', code: 'EUR', exchange_rate: 1, format: '€{price}', decimal_point: ',', thousand_separator: '.', decimal_places: 2, default: false, enabled: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const settled = (catalogId: string, releaseId: string) => settledRelease(t, catalogId, releaseId);

  async function published(catalogId: string): Promise<any> {
    const created = await ep.Catalogs.Releases.Create({ catalogId, body: {} });
    const release = await settled(catalogId, created.data.id);
    expect(release.meta.release_status).toBe('PUBLISHED');
    return release;
  }

  const node = (hierarchyId: string, name: string, parent?: string) =>
    ep.Hierarchies.Nodes.Create({
      hierarchyId,
      body: { attributes: { name, slug: `${name.toLowerCase()}-${randomUUID().slice(0, 8)}` }, ...(parent ? { relationships: { parent: { data: { type: 'node', id: parent } } } } : {}) },
    }).then((r: any) => r.data);

  const product = (name: string, sku: string, status: 'live' | 'draft', extra: Record<string, unknown> = {}) =>
    ep.PCM.Create({ type: 'product', attributes: { name, sku, slug: sku.toLowerCase(), commodity_type: 'physical', status, ...extra } }).then((r: any) => r.data);

  const fileAt = async (url: string) => {
    const form = new FormData();
    form.append('file_location', url);
    return (await ep.Files.Create(form.getBuffer(), form.getHeaders()['content-type'])).data;
  };

  /** A hierarchy Top > Mid > Leaf (and Side), live and draft products, a parent built into children, a bundle, a price book in USD and EUR. */
  async function authoredCatalog() {
    const tag = randomUUID().slice(0, 8).toUpperCase();
    const h = (await ep.Hierarchies.Create({ attributes: { name: `Kitchen ${tag}`, slug: `kitchen-${tag.toLowerCase()}` } })).data;
    const top = await node(h.id, 'Top');
    const mid = await node(h.id, 'Mid', top.id);
    const leaf = await node(h.id, 'Leaf', mid.id);
    const side = await node(h.id, 'Side');

    const kettle = await product('Kettle', `KETTLE-${tag}`, 'live');
    const image = await fileAt(`https://cdn.example.com/${tag}/kettle.png`);
    const manual = await fileAt(`https://cdn.example.com/${tag}/manual.pdf`);
    await ep.PCM.MainImageRelationships.Create(kettle.id, image.id);
    await ep.PCM.FileRelationships.Create(kettle.id, [manual.id]);
    const draft = await product('Prototype', `PROTO-${tag}`, 'draft');
    const lid = await product('Lid', `LID-${tag}`, 'live');

    const size = (await ep.PCMVariations.CreateVariation({ attributes: { name: `Size ${tag}` } })).data;
    for (const [name, suffix] of [['Small', '-S'], ['Large', '-L']]) {
      const option = (await ep.PCMVariations.CreateVariationsOption(size.id, { attributes: { name, description: name } })).data;
      await ep.PCMVariations.CreateVariationsModifier(size.id, option.id, { attributes: { type: 'sku_append', value: suffix } });
      await ep.PCMVariations.CreateVariationsModifier(size.id, option.id, { attributes: { type: 'slug_append', value: suffix.toLowerCase() } });
    }
    const mug = await product('Mug', `MUG-${tag}`, 'live');
    await ep.PCM.VariationsRelationships.Create(mug.id, [size.id]);
    await ep.PCM.BuildChildProducts(mug.id);
    const children = (await ep.PCM.GetChildProducts(mug.id)).data as any[];
    const bundle = await product('Tea set', `TEASET-${tag}`, 'live', {
      components: { kettle: { name: 'Kettle', options: [{ type: 'product', id: kettle.id, quantity: 1 }] }, lid: { name: 'Lid', options: [{ type: 'product', id: lid.id, quantity: 2 }] } },
    });

    const link = (nodeId: string, productIds: string[]) =>
      t.http.post(`/pcm/hierarchies/${h.id}/nodes/${nodeId}/relationships/products`).set(t.admin).send({ data: productIds.map((id) => ({ type: 'product', id })) }).expect(201);
    await link(leaf.id, [kettle.id, draft.id]);
    await link(mid.id, [mug.id]);
    await link(top.id, [bundle.id]);

    const book = (await ep.PriceBooks.Create({ type: 'pricebook', attributes: { name: `Retail ${tag}` } })).data;
    const skus = [kettle, lid, bundle, ...children].map((p: any) => p.attributes.sku);
    for (const [i, sku] of skus.entries()) {
      await ep.PriceBooks.Prices.Create({ pricebookId: book.id, body: { attributes: { sku, currencies: { USD: { amount: 1000 + i, includes_tax: false }, EUR: { amount: 123456 + i, includes_tax: true } } } } });
    }
    const catalog = (await ep.Catalogs.Create({ attributes: { name: `Kitchen ${tag}`, hierarchy_ids: [h.id], pricebook_id: book.id } })).data;
    return { tag, h, top, mid, leaf, side, kettle, image, manual, draft, lid, mug, children, bundle, book, catalog };
  }

  it('publishes live products, their nodes and prices into rows of the release (official JS SDK at /pcm/catalogs)', async () => {
    const a = await authoredCatalog();
    const created = await ep.Catalogs.Releases.Create({ catalogId: a.catalog.id, body: {} });
    expect(created.data).toMatchObject({
      type: 'catalog-release',
      attributes: { catalog_id: a.catalog.id, name: a.catalog.attributes.name, hierarchies: [{ id: a.h.id, name: a.h.attributes.name }] },
      meta: { release_status: 'PENDING', is_full_publish: true, created_at: expect.any(String) },
    });
    const release = await settled(a.catalog.id, created.data.id);
    expect(release.meta).toMatchObject({ release_status: 'PUBLISHED', percent_completed: 100, total_products: 6, total_nodes: 4 });
    const publishedAt = release.attributes.published_at;
    expect(publishedAt).toEqual(expect.any(String));
    expect((await t.prisma.catalog.findUniqueOrThrow({ where: { id: a.catalog.id } })).firstPublishedAt?.toISOString()).toBe(publishedAt);

    const rows = await t.prisma.releaseProduct.findMany({ where: { releaseId: release.id }, orderBy: { position: 'asc' } });
    const byId = new Map(rows.map((r) => [r.productId, r]));
    expect(rows.map((r) => r.productId).sort()).toEqual([a.kettle.id, a.lid.id, a.mug.id, a.bundle.id, ...a.children.map((c: any) => c.id)].sort());
    expect(byId.has(a.draft.id)).toBe(false);

    const kettle = byId.get(a.kettle.id)! as any;
    expect(kettle.body).toMatchObject({
      id: a.kettle.id,
      type: 'product',
      attributes: { name: 'Kettle', sku: a.kettle.attributes.sku, price: { USD: { amount: 1000, includes_tax: false }, EUR: { amount: 123456, includes_tax: true } }, published_at: publishedAt },
      relationships: { main_image: { data: { type: 'main_image', id: a.image.id } }, files: { data: [{ type: 'file', id: a.manual.id }] } },
      meta: {
        catalog_id: a.catalog.id,
        pricebook_id: a.book.id,
        catalog_source: 'pim',
        product_types: ['standard'],
        bread_crumbs: { [a.leaf.id]: [a.h.id, a.top.id, a.mid.id, a.leaf.id] },
        bread_crumb_nodes: [a.leaf.id],
      },
    });
    expect(kettle.body.meta.display_price).toBeUndefined();
    expect(kettle.byCurrency.USD.display_price.with_tax).toEqual({ amount: 1000, currency: 'USD', formatted: '$10.00', float_price: 10 });
    expect(kettle.byCurrency.EUR.display_price.without_tax).toEqual({ amount: 123456, currency: 'EUR', formatted: '€1.234,56', float_price: 1234.56 });
    expect(kettle.mainImage).toMatchObject({ id: a.image.id, type: 'file', link: { href: `https://cdn.example.com/${a.tag}/kettle.png` }, links: { self: `/v2/files/${a.image.id}` } });
    expect(kettle.files).toEqual([expect.objectContaining({ id: a.manual.id, links: { self: `/v2/files/${a.manual.id}` } })]);

    const mug = byId.get(a.mug.id)! as any;
    expect(mug.productTypes).toEqual(['parent']);
    expect(mug.body.attributes.base_product).toBe(true);
    expect(mug.body.relationships.children.data.map((c: any) => c.id).sort()).toEqual(a.children.map((c: any) => c.id).sort());
    expect(mug.body.meta.variations).toEqual([expect.objectContaining({ options: [expect.objectContaining({ name: 'Small' }), expect.objectContaining({ name: 'Large' })] })]);
    const matrix = mug.body.meta.variation_matrix;
    expect(Object.values(matrix).sort()).toEqual(a.children.map((c: any) => c.id).sort());

    for (const c of a.children) {
      const child = byId.get(c.id)! as any;
      expect(child).toMatchObject({ productTypes: ['child'], parentId: a.mug.id, hierarchyIds: [a.h.id] });
      expect(child.body.relationships.parent).toEqual({ data: { type: 'product', id: a.mug.id } });
      expect(child.body.meta.child_variations).toEqual([expect.objectContaining({ option: expect.objectContaining({ id: expect.any(String) }) })]);
      expect(matrix[child.body.meta.child_option_ids[0]]).toBe(c.id);
      expect(child.body.meta.bread_crumb_nodes).toEqual([a.mid.id]);
      expect(child.body.attributes.price.USD.amount).toBe(child.byCurrency.USD.display_price.with_tax.amount);
    }

    const bundle = byId.get(a.bundle.id)! as any;
    expect(bundle.productTypes).toEqual(['bundle']);
    expect(bundle.componentIds.sort()).toEqual([a.kettle.id, a.lid.id].sort());
    expect(bundle.body.meta.component_products[a.lid.id]).toEqual({ price: { USD: { amount: 1001, includes_tax: false }, EUR: { amount: 123457, includes_tax: true } }, pricebook_id: a.book.id });
    expect(bundle.byCurrency.USD.component_products[a.lid.id].display_price.with_tax.formatted).toBe('$10.01');
    // The lid is in no node but is released so the bundle reads whole.
    expect(byId.get(a.lid.id)!.hierarchyIds).toEqual([]);

    const nodes = await t.prisma.releaseNode.findMany({ where: { releaseId: release.id }, orderBy: { position: 'asc' } });
    const order = nodes.map((n) => n.nodeId);
    expect(order.sort()).toEqual([a.top.id, a.mid.id, a.leaf.id, a.side.id].sort());
    const positions = new Map(nodes.map((n) => [n.nodeId, n.position]));
    expect(positions.get(a.mid.id)).toBe(positions.get(a.top.id)! + 1);
    expect(positions.get(a.leaf.id)).toBe(positions.get(a.mid.id)! + 1);
    const leaf = nodes.find((n) => n.nodeId === a.leaf.id)! as any;
    expect(leaf.body).toMatchObject({
      type: 'node',
      attributes: { name: 'Leaf', published_at: publishedAt },
      relationships: { parent: { data: { type: 'node', id: a.mid.id } }, hierarchy: { data: { type: 'hierarchy', id: a.h.id } } },
      meta: { breadcrumbs: [{ id: a.h.id }, { id: a.top.id }, { id: a.mid.id }, { id: a.leaf.id }].map((x) => expect.objectContaining(x)), has_children: false },
    });
    const [hierarchy] = await t.prisma.releaseHierarchy.findMany({ where: { releaseId: release.id } });
    expect(hierarchy.body).toMatchObject({ id: a.h.id, type: 'hierarchy', attributes: { published_at: publishedAt }, meta: { has_children: true } });

    const inNodes = await t.prisma.releaseNodeProduct.findMany({ where: { releaseId: release.id }, orderBy: [{ nodeId: 'asc' }, { position: 'asc' }] });
    expect(inNodes.map((r) => [r.nodeId, r.productId]).sort()).toEqual(
      [
        [a.leaf.id, a.kettle.id],
        [a.mid.id, a.mug.id],
        [a.top.id, a.bundle.id],
      ].sort(),
    );

    // A product edited after publishing changes nothing in the release.
    await ep.PCM.Update(a.kettle.id, { type: 'product', id: a.kettle.id, attributes: { name: 'Kettle 2' } });
    const after = await t.prisma.releaseProduct.findUniqueOrThrow({ where: { releaseId_productId: { releaseId: release.id, productId: a.kettle.id } } });
    expect(after.body).toEqual(kettle.body);
    expect(after.name).toBe('Kettle');
  });

  it('publishes through @epcc-sdk/sdks-shopper at /catalogs and reads the latest published release', async () => {
    const a = await authoredCatalog();
    const client = shopper.createClient({ baseUrl: t.baseUrl, auth: () => t.adminToken });
    const created = await shopper.publishRelease({ client, path: { catalog_id: a.catalog.id }, body: { data: { export_full_delta: true } } });
    expect(created.response.status).toBe(201);
    const release = await settled(a.catalog.id, created.data.data.id);
    expect(release.meta.release_status).toBe('PUBLISHED');
    const latest = await shopper.getReleaseById({ client, path: { catalog_id: a.catalog.id, release_id: 'latestPublished' } });
    expect(latest.data.data.id).toBe(release.id);
    const listed = await shopper.getReleases({ client, path: { catalog_id: a.catalog.id } });
    expect(listed.data.data.map((r: any) => r.id)).toEqual([release.id]);
  });

  it('keeps three releases per catalog: publishing a fourth deletes the oldest, and latestPublished is the newest', async () => {
    const a = await authoredCatalog();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await published(a.catalog.id)).id);
    const listed = await ep.Catalogs.Releases.All({ catalogId: a.catalog.id });
    expect(listed.data.map((r: any) => r.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(await t.prisma.releaseProduct.count({ where: { releaseId: ids[0] } })).toBe(0);
    expectStringStatusError(await t.http.get(`/pcm/catalogs/${a.catalog.id}/releases/${ids[0]}`).set(t.admin), 404);
    expect((await ep.Catalogs.Releases.Get({ catalogId: a.catalog.id, releaseId: 'latestPublished' })).data.id).toBe(ids[3]);
  });

  it('fails a release whose hierarchy no longer exists, with the reason', async () => {
    const a = await authoredCatalog();
    await t.http.delete(`/pcm/hierarchies/${a.h.id}`).set(t.admin).expect(204);
    const created = await ep.Catalogs.Releases.Create({ catalogId: a.catalog.id, body: {} });
    const release = await settled(a.catalog.id, created.data.id);
    expect(release.meta).toMatchObject({ release_status: 'FAILED', failure_reason: expect.stringContaining(a.h.id) });
    expect(await t.prisma.releaseProduct.count({ where: { releaseId: release.id } })).toBe(0);
    expectStringStatusError(await t.http.get(`/catalogs/${a.catalog.id}/releases/latestPublished`).set(t.admin), 404);
  });

  it('takes over a release whose publisher stopped mid-way and writes it whole', async () => {
    const a = await authoredCatalog();
    const stale = await t.prisma.catalogRelease.create({
      data: { catalogId: a.catalog.id, name: 'Stopped', status: 'IN_PROGRESS', hierarchies: [{ id: a.h.id }], pricebookIds: [a.book.id], startedAt: new Date(Date.now() - 3_600_000) },
    });
    await t.prisma.$executeRaw`UPDATE catalog_releases SET updated_at = now() - interval '1 hour' WHERE id = ${stale.id}::uuid`;
    // A new publication wakes the publisher, whose pass takes every release it may claim.
    const fresh = await published(a.catalog.id);
    const resumed = await settled(a.catalog.id, stale.id);
    expect(resumed.meta).toMatchObject({ release_status: 'PUBLISHED', total_products: 6 });
    expect(await t.prisma.releaseProduct.count({ where: { releaseId: stale.id } })).toBe(6);
    expect(fresh.id).not.toBe(stale.id);
  });

  it('deletes one release, then all of them; 404 for an unknown catalog or release', async () => {
    const a = await authoredCatalog();
    const first = await published(a.catalog.id);
    const second = await published(a.catalog.id);
    await ep.Catalogs.DeleteCatalogRelease(a.catalog.id, first.id);
    expect((await ep.Catalogs.GetCatalogReleases(a.catalog.id)).data.map((r: any) => r.id)).toEqual([second.id]);
    await ep.Catalogs.DeleteAllCatalogReleases(a.catalog.id);
    expect((await t.http.get(`/catalogs/${a.catalog.id}/releases`).set(t.admin)).body.data).toEqual([]);
    expect(await t.prisma.releaseProduct.count({ where: { releaseId: second.id } })).toBe(0);

    expectStringStatusError(await t.http.get(`/catalogs/${randomUUID()}/releases`).set(t.admin), 404, { title: 'Catalog not found' });
    expectStringStatusError(await t.http.post(`/catalogs/${randomUUID()}/releases`).set(t.admin).send({}), 404, { title: 'Catalog not found' });
    expectStringStatusError(await t.http.get(`/catalogs/${a.catalog.id}/releases/${randomUUID()}`).set(t.admin), 404, { title: 'Release not found' });
    expectStringStatusError(await t.http.get(`/catalogs/${a.catalog.id}/releases/not-a-release`).set(t.admin), 404, { title: 'Release not found' });
    expectStringStatusError(await t.http.delete(`/pcm/catalogs/${a.catalog.id}/releases/${randomUUID()}`).set(t.admin), 404);
    expectStringStatusError(await t.http.post(`/catalogs/${a.catalog.id}/releases`).set(t.admin).send({ data: { export_full_delta: 'yes' } }), 400);
  });
});
