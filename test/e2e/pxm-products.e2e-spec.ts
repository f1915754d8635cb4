import { solidPng } from '../../src/seed/png';
import { expectErrorDocument, expectPage } from '../support/documents';
import { AdminSdk, useSdkApp } from '../support/sdk';
import type { TestApp } from '../support/test-app';

const MISSING = '00000000-0000-4000-8000-000000000000';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const FormData = require('form-data');

describe('PXM products (/pcm/products): attributes, main images and files, products in nodes', () => {
  const app = useSdkApp();
  let t: TestApp;
  let ep: AdminSdk;
  beforeAll(() => {
    ({ t, ep } = app);
  });

  const product = (attributes: Record<string, unknown>) => ep.PCM.Create({ type: 'product', attributes: { commodity_type: 'physical', ...attributes } }).then((r: any) => r.data);
  const node = (hierarchyId: string, name: string, parent?: string) =>
    ep.Hierarchies.Nodes.Create({
      hierarchyId,
      body: { attributes: { name, slug: name.toLowerCase().replace(/\W+/g, '-') }, ...(parent ? { relationships: { parent: { data: { type: 'node', id: parent } } } } : {}) },
    }).then((r: any) => r.data);
  /** A file of /v2/files at a URL, created with the SDK's Files (under Node it takes the form's bytes). */
  const fileAt = async (url: string) => {
    const form = new FormData();
    form.append('file_location', url);
    return ep.Files.Create(form.getBuffer(), form.getHeaders()['content-type']);
  };
  const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((x) => x.id);

  it('loads currencies, a hierarchy of three levels and products with main images as the PXM runbook does, through the official SDK', async () => {
    await ep.Currencies.Create({ type: 'currency', code: 'EUR', exchange_rate: 1, format: '€{price}', decimal_point: '.', thousand_separator: ',', decimal_places: 2, default: false, enabled: true });
    expect((await ep.Currencies.All()).data.map((c: any) => c.code).sort()).toEqual(['EUR', 'USD']);

    const h = (await ep.Hierarchies.Create({ attributes: { name: 'Major Appliances', slug: 'major-appliances' } })).data;
    const ranges = await node(h.id, 'Ranges');
    const electric = await node(h.id, 'Electric Ranges', ranges.id);
    const induction = await node(h.id, 'Induction Ranges', electric.id);

    const image = (await fileAt('https://cdn.example.com/ranges/be-1a1a.png')).data;
    const created = await product({
      name: 'BestEver Range, Model 1a1a',
      sku: 'BE-Range-1a1a',
      slug: 'bestever-range-1a1a',
      description: 'An induction heating element and a convection oven.',
      status: 'live',
      upc_ean: '111122223333',
      mpn: 'BE-R-1111-aaaa-1a1a',
      external_ref: 'erp-1a1a',
      tags: ['kitchen', 'range'],
      extensions: { 'products(size)': { widthMM: 600, fuelType: 'electric', hasUKPlug: true, online: null } },
      locales: { 'fr-FR': { name: 'Cuisinière BestEver' } },
    });
    expect(created).toMatchObject({
      type: 'product',
      attributes: { name: 'BestEver Range, Model 1a1a', sku: 'BE-Range-1a1a', slug: 'bestever-range-1a1a', status: 'live', commodity_type: 'physical', upc_ean: '111122223333', mpn: 'BE-R-1111-aaaa-1a1a', external_ref: 'erp-1a1a' },
      relationships: { main_image: { data: null }, files: { data: [], links: { self: `${t.baseUrl}/pcm/products/${created.id}/relationships/files` } } },
      meta: { owner: 'store', product_types: ['standard'] },
    });
    expect(created.attributes.extensions['products(size)']).toEqual({ widthMM: 600, fuelType: 'electric', hasUKPlug: true, online: null });

    await ep.PCM.MainImageRelationships.Create(created.id, image.id);
    const withImage = await ep.PCM.With('main_image').Get(created.id);
    expect(withImage.data.relationships.main_image.data).toEqual({ type: 'file', id: image.id });
    expect(withImage.included.main_images).toHaveLength(1);
    expect(withImage.included.main_images[0]).toMatchObject({ id: image.id, type: 'file', link: { href: 'https://cdn.example.com/ranges/be-1a1a.png' } });
    expect((await ep.PCM.MainImageRelationships.Get(created.id)).data).toEqual([{ type: 'file', id: image.id }]);

    // A stored file's href is absolute, under the server's own origin.
    const upload = new FormData();
    upload.append('file', solidPng(4, 4, [200, 40, 40]), { filename: 'range.png', contentType: 'image/png' });
    const stored = { body: await ep.Files.Create(upload.getBuffer(), upload.getHeaders()['content-type']) };
    await ep.PCM.MainImageRelationships.Update(created.id, stored.body.data.id);
    const listed = await t.http.get(`/pcm/products?include=main_image&filter=eq(id,${created.id})`).set(t.admin);
    expect(listed.body.included.main_images[0].link.href).toBe(`${t.baseUrl}/v2/files/${stored.body.data.id}/content`);

    await ep.Hierarchies.Relationships.Create({ hierarchyId: h.id, nodeId: induction.id, body: [{ type: 'product', id: created.id }] });
    const inNode = await ep.Hierarchies.Relationships.Products({ hierarchyId: h.id, nodeId: induction.id });
    expect(inNode.data.map((p: any) => p.id)).toEqual([created.id]);
    const productNodes = await ep.PCM.GetProductNodes(created.id);
    expect(productNodes.data.map((n: any) => n.id)).toEqual([induction.id]);
    expect(productNodes.data[0].meta.breadcrumbs.map((b: any) => b.name)).toEqual(['Ranges', 'Electric Ranges', 'Induction Ranges']);

    const updated = await ep.PCM.Update(created.id, { type: 'product', id: created.id, attributes: { description: 'Now with a steam drawer.', status: 'draft' } });
    expect(updated.data.attributes).toMatchObject({ name: 'BestEver Range, Model 1a1a', description: 'Now with a steam drawer.', status: 'draft' });
    // A node lists its live products only.
    expect((await ep.Hierarchies.Relationships.Products({ hierarchyId: h.id, nodeId: induction.id })).data).toEqual([]);

    await ep.PCM.MainImageRelationships.Delete(created.id, stored.body.data.id);
    expect((await ep.PCM.Get(created.id)).data.relationships.main_image.data).toBeNull();
    expect((await t.http.get(`/v2/files/${stored.body.data.id}`).set(t.admin)).status).toBe(200);
  });

  it('refuses a taken SKU or slug with 409, and validates every attribute (4xx, never 500)', async () => {
    const first = await product({ name: 'Kettle', sku: 'KETTLE-1', slug: 'kettle-1' });
    const taken = await t.http.post('/pcm/products').set(t.admin).send({ data: { type: 'product', attributes: { name: 'Another kettle', sku: 'KETTLE-1', slug: 'kettle-2' } } });
    expectErrorDocument(taken, 409, { source: 'data.attributes.sku' });
    expect(taken.body.errors[0].status).toBe('409');
    expectErrorDocument(await t.http.post('/pcm/products').set(t.admin).send({ data: { type: 'product', attributes: { name: 'K', sku: 'K-3', slug: 'kettle-1' } } }), 409, { source: 'data.attributes.slug' });
    const second = await product({ name: 'Toaster', sku: 'TOASTER-1', slug: 'toaster-1' });
    expectErrorDocument(await t.http.put(`/pcm/products/${second.id}`).set(t.admin).send({ data: { type: 'product', id: second.id, attributes: { sku: 'KETTLE-1' } } }), 409, { source: 'data.attributes.sku' });
    // Its own SKU again is no conflict.
    expect((await t.http.put(`/pcm/products/${first.id}`).set(t.admin).send({ data: { type: 'product', id: first.id, attributes: { sku: 'KETTLE-1' } } })).status).toBe(200);

    const bad = (attributes: Record<string, unknown>) => t.http.post('/pcm/products').set(t.admin).send({ data: { type: 'product', attributes: { name: 'Bad', ...attributes } } });
    expectErrorDocument(await bad({ status: 'published' }), 400, { source: 'data.attributes.status' });
    expectErrorDocument(await bad({ commodity_type: 'service' }), 400, { source: 'data.attributes.commodity_type' });
    expectErrorDocument(await bad({ slug: 'has space' }), 400, { source: 'data.attributes.slug' });
    expectErrorDocument(await bad({ tags: ['a,b'] }), 400, { source: 'data.attributes.tags' });
    expectErrorDocument(await bad({ extensions: { size: { width: 1.5 } } }), 400, { source: 'data.attributes.extensions.size.width' });
    expectErrorDocument(await bad({ locales: { 'fr-FR': { description: 'no name' } } }), 400, { source: 'data.attributes.locales.fr-FR.name' });
    expectErrorDocument(await t.http.post('/pcm/products').set(t.admin).send({ data: { type: 'product', attributes: {} } }), 400, { source: 'data.attributes.name' });
    expectErrorDocument(await t.http.post('/pcm/products').set(t.admin).send({ data: { type: 'node', attributes: { name: 'x' } } }), 400, { source: 'data.type' });
    expectErrorDocument(await t.http.put(`/pcm/products/${first.id}`).set(t.admin).send({ data: { type: 'product', id: MISSING, attributes: { name: 'y' } } }), 400, { source: 'data.id' });
    expectErrorDocument(await t.http.get('/pcm/products/not-a-uuid').set(t.admin), 404, { title: 'Product not found' });
    expectErrorDocument(await t.http.get(`/pcm/products/${MISSING}`).set(t.admin), 404, { title: 'Product not found' });
    expectErrorDocument(await t.http.post(`/pcm/products/${first.id}/relationships/main_image`).set(t.admin).send({ data: { type: 'file', id: MISSING } }), 422, { source: 'data.id' });
    expectErrorDocument(await t.http.post(`/pcm/products/${first.id}/relationships/main_image`).set(t.admin).send({ data: { type: 'image', id: MISSING } }), 400, { source: 'data.type' });
    expectErrorDocument(await t.http.post(`/pcm/products/${first.id}/relationships/files`).set(t.admin).send({ data: [{ type: 'file', id: 'x' }] }), 400, { source: 'data[0].id' });
    expectErrorDocument(await t.http.get('/pcm/products?filter=eq(colour,red)').set(t.admin), 400);
    expectErrorDocument(await t.http.get('/pcm/products?filter=eq(has_nodes,true)').set(t.admin), 400);
  });

  it('filters on every attribute and operator of Elastic Path’s table, and pages', async () => {
    const tag = `f${Date.now().toString(36)}`;
    const a = await product({ name: `${tag} Alpha chair`, sku: `${tag}-A`, slug: `${tag}-a`, upc_ean: `${tag}-upc-a`, mpn: `${tag}-mpn-a`, external_ref: `${tag}-ref-a`, description: 'Oak', status: 'live', tags: [tag, 'oak'], extensions: { book: { isbn: 1765426, paperback: true } }, shopper_attributes: { color: 'red' }, admin_attributes: { warehouse: 'US-EAST' } });
    const b = await product({ name: `${tag} Beta table`, sku: `${tag}-B`, slug: `${tag}-b`, external_ref: `${tag}-ref-b`, description: 'Pine', commodity_type: 'digital', tags: [tag], extensions: { book: { isbn: 'none' } } });
    const c = await product({ name: `${tag} Gamma lamp`, sku: `${tag}-C`, slug: `${tag}-c`, external_ref: `${tag}-ref-c` });
    const q = async (filter: string) => (await t.http.get(`/pcm/products?filter=${encodeURIComponent(`${filter}:like(name,${tag}*)`)}`).set(t.admin)).body.data.map((p: any) => p.id).sort();
    const sorted = (...xs: any[]) => xs.map((x) => x.id).sort();
    expect(await q(`eq(sku,${tag}-A)`)).toEqual(sorted(a));
    expect(await q(`in(sku,${tag}-A,${tag}-C)`)).toEqual(sorted(a, c));
    expect(await q(`like(sku,*-B)`)).toEqual(sorted(b));
    expect(await q(`eq(slug,${tag}-b)`)).toEqual(sorted(b));
    expect(await q(`in(slug,${tag}-b,${tag}-c)`)).toEqual(sorted(b, c));
    expect(await q(`like(slug,*-c)`)).toEqual(sorted(c));
    expect(await q(`eq(upc_ean,${tag}-upc-a)`)).toEqual(sorted(a));
    expect(await q(`like(upc_ean,*upc*)`)).toEqual(sorted(a));
    expect(await q(`in(upc_ean,${tag}-upc-a)`)).toEqual(sorted(a));
    expect(await q(`eq(manufacturer_part_num,${tag}-mpn-a)`)).toEqual(sorted(a));
    expect(await q(`like(manufacturer_part_num,*mpn*)`)).toEqual(sorted(a));
    expect(await q(`in(manufacturer_part_num,${tag}-mpn-a,x)`)).toEqual(sorted(a));
    expect(await q(`eq(name,${tag} Beta table)`)).toEqual(sorted(b));
    expect(await q(`in(name,${tag} Beta table,${tag} Gamma lamp)`)).toEqual(sorted(b, c));
    expect(await q(`like(name,*lamp)`)).toEqual(sorted(c));
    expect(await q(`eq(description,Oak)`)).toEqual(sorted(a));
    expect(await q(`like(description,*ine)`)).toEqual(sorted(b));
    expect(await q(`eq(external_ref,${tag}-ref-b)`)).toEqual(sorted(b));
    expect(await q(`like(external_ref,*ref-c)`)).toEqual(sorted(c));
    expect(await q(`in(external_ref,${tag}-ref-a,${tag}-ref-c)`)).toEqual(sorted(a, c));
    expect(await q(`gt(external_ref,${tag}-ref-a)`)).toEqual(sorted(b, c));
    expect(await q(`ge(external_ref,${tag}-ref-b)`)).toEqual(sorted(b, c));
    expect(await q(`lt(external_ref,${tag}-ref-b)`)).toEqual(sorted(a));
    expect(await q(`le(external_ref,${tag}-ref-b)`)).toEqual(sorted(a, b));
    expect(await q('eq(commodity_type,digital)')).toEqual(sorted(b));
    expect(await q('eq(status,live)')).toEqual(sorted(a));
    expect(await q(`eq(tags,oak)`)).toEqual(sorted(a));
    expect(await q(`in(tags,oak,${tag})`)).toEqual(sorted(a, b));
    expect(await q('eq(owner,store)')).toEqual(sorted(a, b, c));
    expect(await q('eq(owner,organization)')).toEqual([]);
    expect(await q('eq(product_types,standard)')).toEqual(sorted(a, b, c));
    expect(await q('in(product_types,parent,child)')).toEqual([]);
    expect(await q(`eq(parent_id,${a.id})`)).toEqual([]);
    expect(await q(`in(parent_id,${a.id})`)).toEqual([]);
    expect(await q('eq(templates,book)')).toEqual([]);
    expect(await q('eq(extensions.book.isbn,1765426)')).toEqual(sorted(a));
    expect(await q('eq(extensions.book.isbn,none)')).toEqual(sorted(b));
    expect(await q('eq(extensions.book.paperback,true)')).toEqual(sorted(a));
    expect(await q('eq(shopper_attributes.color,red)')).toEqual(sorted(a));
    expect(await q('eq(admin_attributes.warehouse,US-EAST)')).toEqual(sorted(a));
    expect(await q(`eq(id,${b.id})`)).toEqual(sorted(b));
    expect(await q(`in(id,${a.id},${c.id})`)).toEqual(sorted(a, c));
    const byId = [a, b, c].map((x) => x.id).sort();
    expect(await q(`gt(id,${byId[0]})`)).toEqual(byId.slice(1));
    expect(await q(`ge(id,${byId[1]})`)).toEqual(byId.slice(1));
    expect(await q(`lt(id,${byId[2]})`)).toEqual(byId.slice(0, 2));
    expect(await q(`le(id,${byId[0]})`)).toEqual(byId.slice(0, 1));
    const createdA = a.meta.created_at;
    expect(await q(`eq(created_at,${createdA})`)).toEqual(expect.arrayContaining([a.id]));
    expect(await q(`ge(created_at,${createdA})`)).toEqual(sorted(a, b, c));
    expect(await q(`lt(created_at,${createdA})`)).toEqual([]);
    expect(await q(`gt(updated_at,${c.meta.updated_at})`)).toEqual([]);
    expect(await q(`le(updated_at,${c.meta.updated_at})`)).toEqual(sorted(a, b, c));
    expect(await q('eq(has_nodes,false)')).toEqual(sorted(a, b, c));

    // The SDK's Filter builds the same clauses.
    expect((await ep.PCM.Filter({ eq: { sku: `${tag}-A` } }).All()).data.map((p: any) => p.id)).toEqual([a.id]);

    const first = await t.http.get(`/pcm/products?filter=like(name,${tag}*)&page[limit]=2&page[offset]=0`).set(t.admin);
    expectPage(first, { limit: 2, offset: 0, total: 3, count: 2 });
    const second = await t.http.get(`/pcm/products?filter=like(name,${tag}*)&page[limit]=2&page[offset]=2`).set(t.admin);
    expectPage(second, { limit: 2, offset: 2, total: 3, count: 1 });
    expect([...ids(first), ...ids(second)]).toEqual([a.id, b.id, c.id]);
  });

  it('links products and nodes by filter and one node at a time; curates; deleting keeps products, files and hierarchies', async () => {
    const h = (await ep.Hierarchies.Create({ attributes: { name: 'Links' } })).data;
    const top = await node(h.id, 'Top');
    const mid = await node(h.id, 'Mid', top.id);
    const leaf = await node(h.id, 'Leaf', mid.id);
    const tag = `l${Date.now().toString(36)}`;
    const p1 = await product({ name: `${tag} one`, sku: `${tag}-1`, status: 'live', tags: [tag] });
    const p2 = await product({ name: `${tag} two`, sku: `${tag}-2`, status: 'live', tags: [tag] });

    const attached = await ep.PCM.AttachNodes({ filter: `eq(tags,${tag})`, node_ids: [top.id, mid.id, 'no-such-node'] });
    expect(attached.meta).toEqual({ nodes_attached: 2, nodes_not_found: ['no-such-node'] });
    expect(new Set(ids(await t.http.get(`/pcm/hierarchies/${h.id}/nodes/${top.id}/products`).set(t.admin)))).toEqual(new Set([p1.id, p2.id]));
    expect(await t.http.get(`/pcm/products?filter=eq(has_nodes,false):eq(tags,${tag})`).set(t.admin).then(ids)).toEqual([]);
    const detached = await ep.PCM.DetachNodes({ filter: `eq(sku,${tag}-2)`, node_ids: [mid.id] });
    expect(detached.meta).toEqual({ nodes_detached: 1, nodes_not_found: [] });
    expect(ids(await t.http.get(`/pcm/hierarchies/${h.id}/nodes/${mid.id}/products`).set(t.admin))).toEqual([p1.id]);
    expectErrorDocument(await t.http.post('/pcm/products/attach_nodes').set(t.admin).send({ data: { filter: 'eq(colour,red)', node_ids: [top.id] } }), 400, { source: 'data.filter' });
    expectErrorDocument(await t.http.post('/pcm/products/attach_nodes').set(t.admin).send({ data: { node_ids: [top.id] } }), 400, { source: 'data.filter' });

    // One node at a time: POST answers the node (201), DELETE too (200).
    const linked = await t.http.post(`/pcm/hierarchies/${h.id}/nodes/${leaf.id}/relationships/products`).set(t.admin).send({ data: [{ type: 'product', id: p1.id }, { type: 'product', id: p2.id }] });
    expect(linked.status).toBe(201);
    expect(linked.body.data.id).toBe(leaf.id);
    expectErrorDocument(await t.http.post(`/pcm/hierarchies/${h.id}/nodes/${leaf.id}/relationships/products`).set(t.admin).send({ data: [{ type: 'product', id: MISSING }] }), 422, { source: 'data[0].id' });
    expectErrorDocument(await t.http.post(`/pcm/hierarchies/${h.id}/nodes/${MISSING}/relationships/products`).set(t.admin).send({ data: [{ type: 'product', id: p1.id }] }), 404);

    // Curated products must be products of the node; they come first.
    expectErrorDocument(await t.http.put(`/pcm/hierarchies/${h.id}/nodes/${mid.id}`).set(t.admin).send({ data: { type: 'node', attributes: { curated_products: [p2.id] } } }), 422, { source: 'data.attributes.curated_products[0]' });
    const curated = await ep.Hierarchies.Nodes.Update({ hierarchyId: h.id, nodeId: leaf.id, body: { attributes: { curated_products: [p2.id] } } });
    expect(curated.data.attributes.curated_products).toEqual([p2.id]);
    expect(ids(await t.http.get(`/pcm/hierarchies/${h.id}/nodes/${leaf.id}/products`).set(t.admin))).toEqual([p2.id, p1.id]);

    const unlinked = await t.http.delete(`/pcm/hierarchies/${h.id}/nodes/${leaf.id}/relationships/products`).set(t.admin).send({ data: [{ type: 'product', id: p2.id }] });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data.attributes.curated_products).toBeUndefined();
    expect(ids(await t.http.get(`/pcm/hierarchies/${h.id}/nodes/${leaf.id}/products`).set(t.admin))).toEqual([p1.id]);

    // Deleting a node unlinks its products (and its descendants'); the products and the hierarchy stay.
    await ep.Hierarchies.Nodes.Delete({ hierarchyId: h.id, nodeId: mid.id });
    expect(ids(await t.http.get(`/pcm/products/${p1.id}/nodes`).set(t.admin))).toEqual([top.id]);
    expect((await t.http.get(`/pcm/hierarchies/${h.id}`).set(t.admin)).status).toBe(200);

    // Files: add, replace, remove; the product's relationships list them.
    const f1 = (await fileAt('https://cdn.example.com/a.pdf')).data;
    const f2 = (await fileAt('https://cdn.example.com/b.pdf')).data;
    await ep.PCM.FileRelationships.Create(p1.id, [f1.id]);
    await t.http.post(`/pcm/products/${p1.id}/relationships/files`).set(t.admin).send({ data: [{ type: 'file', id: f2.id, meta: { tags: ['manual'] } }] }).expect(204);
    expect((await ep.PCM.FileRelationships.All(p1.id)).data).toEqual([{ type: 'file', id: f1.id }, { type: 'file', id: f2.id, meta: { tags: ['manual'] } }]);
    const withFiles = await t.http.get(`/pcm/products/${p1.id}?include=files`).set(t.admin);
    expect(withFiles.body.included.files.map((f: any) => f.id).sort()).toEqual([f1.id, f2.id].sort());
    await ep.PCM.FileRelationships.Update(p1.id, [f2.id]);
    expect((await ep.PCM.Get(p1.id)).data.relationships.files.data).toEqual([{ type: 'file', id: f2.id }]);
    await ep.PCM.FileRelationships.Delete(p1.id, [f2.id]);
    expect((await ep.PCM.FileRelationships.All(p1.id)).data).toEqual([]);
    expectErrorDocument(await t.http.put(`/pcm/products/${p1.id}/relationships/files`).set(t.admin).send({ data: [{ type: 'file', id: MISSING }] }), 422, { source: 'data[0].id' });

    // Deleting a product removes its links; deleting a hierarchy removes nodes and links, never products.
    await ep.PCM.FileRelationships.Create(p2.id, [f1.id]);
    await ep.PCM.Delete(p2.id);
    expectErrorDocument(await t.http.get(`/pcm/products/${p2.id}`).set(t.admin), 404);
    expect(await t.prisma.pxmNodeProduct.count({ where: { productId: p2.id } })).toBe(0);
    expect((await t.http.get(`/v2/files/${f1.id}`).set(t.admin)).status).toBe(200);
    await ep.Hierarchies.Delete(h.id);
    expect(await t.prisma.pxmNodeProduct.count({ where: { productId: p1.id } })).toBe(0);
    expect((await ep.PCM.Get(p1.id)).data.id).toBe(p1.id);
    expect((await t.http.get(`/pcm/products/${p1.id}/nodes`).set(t.admin)).body.data).toEqual([]);
  });

  it('refuses implicit (storefront) tokens on every /pcm/products route (403), and answers what is not built with 404', async () => {
    const p = await product({ name: 'Private', sku: 'PRIVATE-1' });
    expectErrorDocument(await t.http.get('/pcm/products').set(t.storefront), 403);
    expectErrorDocument(await t.http.get(`/pcm/products/${p.id}`).set(t.storefront), 403);
    expectErrorDocument(await t.http.post('/pcm/products').set(t.storefront).send({ data: { type: 'product', attributes: { name: 'x' } } }), 403);
    expectErrorDocument(await t.http.post(`/pcm/products/${p.id}/relationships/main_image`).set(t.storefront).send({ data: { type: 'file', id: MISSING } }), 403);
    expectErrorDocument(await t.http.post('/pcm/products/attach_nodes').set(t.storefront).send({ data: { filter: 'eq(sku,x)', node_ids: [] } }), 403);
    for (const [method, path] of [
      ['post', '/pcm/products/import'],
      ['post', '/pcm/products/export'],
      ['get', '/pcm/jobs'],
      ['get', `/pcm/products/${p.id}/relationships/templates`],
      ['get', `/pcm/products/${p.id}/custom-relationships`],
      ['get', '/pcm/tags'],
      ['get', '/pcm/custom-relationships'],
    ] as const) {
      const res = await (t.http as any)[method](path).set(t.admin);
      expectErrorDocument(res, 404);
      expect(res.body.errors[0].status).toBe('404');
    }
  });
});
