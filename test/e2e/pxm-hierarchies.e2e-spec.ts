import { expectErrorDocument, expectPage } from '../support/documents';
import { AdminSdk, useSdkApp } from '../support/sdk';
import type { TestApp } from '../support/test-app';

describe('PXM hierarchies and nodes (/pcm/hierarchies)', () => {
  const app = useSdkApp();
  let t: TestApp;
  let ep: AdminSdk;
  beforeAll(() => {
    ({ t, ep } = app);
  });

  const node = (hierarchyId: string, name: string, parent?: string, extra: Record<string, unknown> = {}) =>
    ep.Hierarchies.Nodes.Create({
      hierarchyId,
      body: { attributes: { name, slug: name.toLowerCase().replace(/\W+/g, '-') }, ...(parent ? { relationships: { parent: { data: { type: 'node', id: parent } } } } : {}), ...extra },
    }).then((r: any) => r.data);

  it('loads a hierarchy of three levels as the official SDK’s Hierarchies and Nodes do', async () => {
    const created = await ep.Hierarchies.Create({ attributes: { name: 'Shop by category', description: 'Main tree', slug: 'shop', locales: { 'fr-FR': { name: 'Par catégorie' } } } });
    const h = created.data;
    expect(h).toMatchObject({
      type: 'hierarchy',
      attributes: { name: 'Shop by category', description: 'Main tree', slug: 'shop', locales: { 'fr-FR': { name: 'Par catégorie' } } },
      relationships: { children: { data: [], links: { related: `${t.baseUrl}/pcm/hierarchies/${h.id}/children` } } },
      meta: { owner: 'store' },
    });
    const clothing = await node(h.id, 'Clothing', undefined, { meta: { sort_order: 5 } });
    const shirts = await node(h.id, 'Shirts', clothing.id);
    const tees = await node(h.id, 'T-shirts', shirts.id);
    expect(tees).toMatchObject({
      type: 'node',
      attributes: { name: 'T-shirts', slug: 't-shirts' },
      relationships: {
        parent: { data: { type: 'node', id: shirts.id } },
        products: { data: [], links: { related: `${t.baseUrl}/pcm/hierarchies/${h.id}/nodes/${tees.id}/products` } },
      },
      meta: { hierarchy_id: h.id, parent_name: 'Shirts', owner: 'store' },
    });
    expect(tees.meta.breadcrumbs.map((b: any) => b.name)).toEqual(['Clothing', 'Shirts', 'T-shirts']);
    expect(clothing.meta.sort_order).toBe(5);

    const home = await node(h.id, 'Home');
    const top = await ep.Hierarchies.Children(h.id);
    expect(top.data.map((n: any) => n.attributes.name)).toEqual(['Clothing', 'Home']);
    const all = await ep.Hierarchies.Nodes.All({ hierarchyId: h.id });
    expect(all.data).toHaveLength(4);
    expect(all.meta.results.total).toBe(4);
    const kids = await ep.Hierarchies.Nodes.GetNodeChildren({ hierarchyId: h.id, nodeId: clothing.id });
    expect(kids.data.map((n: any) => n.id)).toEqual([shirts.id]);
    expect((await ep.Hierarchies.Nodes.Get({ hierarchyId: h.id, nodeId: tees.id })).data.id).toBe(tees.id);
    expect((await ep.Hierarchies.Get(h.id)).data.attributes.name).toBe('Shop by category');

    // Move: T-shirts to the top level, then under Home; a cycle is refused.
    await ep.Hierarchies.Relationships.DeleteParent({ hierarchyId: h.id, nodeId: tees.id });
    expect((await ep.Hierarchies.Nodes.Get({ hierarchyId: h.id, nodeId: tees.id })).data.relationships.parent).toBeUndefined();
    await ep.Hierarchies.Relationships.ChangeParent({ hierarchyId: h.id, nodeId: tees.id, body: { type: 'node', id: home.id } });
    expect((await ep.Hierarchies.Nodes.Get({ hierarchyId: h.id, nodeId: tees.id })).data.meta.breadcrumbs.map((b: any) => b.name)).toEqual(['Home', 'T-shirts']);
    const cycle = await t.http.put(`/pcm/hierarchies/${h.id}/nodes/${clothing.id}/relationships/parent`).set(t.admin).send({ data: { type: 'node', id: shirts.id } });
    expectErrorDocument(cycle, 422, { title: 'Invalid parent' });
    const self = await t.http.put(`/pcm/hierarchies/${h.id}/nodes/${clothing.id}/relationships/parent`).set(t.admin).send({ data: { type: 'node', id: clothing.id } });
    expectErrorDocument(self, 422, { title: 'Invalid parent' });

    // Node children in one request, with sort orders: highest first.
    const moved = await t.http
      .post(`/pcm/hierarchies/${h.id}/nodes/${clothing.id}/relationships/children`)
      .set(t.admin)
      .send({ data: [{ type: 'node', id: tees.id, meta: { sort_order: 10 } }] });
    expect(moved.status).toBe(200);
    expect(moved.body.data.id).toBe(clothing.id);
    const ordered = await t.http.get(`/pcm/hierarchies/${h.id}/nodes/${clothing.id}/children`).set(t.admin);
    expect(ordered.body.data.map((n: any) => n.attributes.name)).toEqual(['T-shirts', 'Shirts']);
    const back = await t.http.post(`/pcm/hierarchies/${h.id}/relationships/children`).set(t.admin).send({ data: [{ type: 'node', id: tees.id }] });
    expect(back.status).toBe(200);
    expect(back.body.data.type).toBe('hierarchy');
    expect((await ep.Hierarchies.Children(h.id)).data.map((n: any) => n.attributes.name)).toEqual(expect.arrayContaining(['T-shirts', 'Home', 'Clothing']));
  });

  it('lists the nodes of every hierarchy, and with include_hierarchies their hierarchies (the SDK’s GetNodesByIds)', async () => {
    const a = (await ep.Hierarchies.Create({ attributes: { name: 'Across A' } })).data;
    const b = (await ep.Hierarchies.Create({ attributes: { name: 'Across B' } })).data;
    const na = await node(a.id, 'In A');
    const nb = await node(b.id, 'In B');
    const found = await ep.Hierarchies.GetNodesByIds([na.id, nb.id]);
    expect(found.data.filter((x: any) => x.type === 'node').map((x: any) => x.id).sort()).toEqual([na.id, nb.id].sort());
    expect(found.data.filter((x: any) => x.type === 'hierarchy').map((x: any) => x.id).sort()).toEqual([a.id, b.id].sort());
    expect(found.meta.results.total).toBe(2);
    const plain = await t.http.get(`/pcm/hierarchies/nodes?filter=eq(hierarchy_id,${a.id})`).set(t.admin);
    expectPage(plain, { limit: 25, offset: 0, total: 1 });
    expect(plain.body.data.map((x: any) => x.id)).toEqual([na.id]);
    expectErrorDocument(await t.http.get('/pcm/hierarchies/nodes?include_hierarchies=maybe').set(t.admin), 400, { source: 'include_hierarchies' });
  });

  it('keeps siblings’ names and slugs unique, and parents inside the hierarchy', async () => {
    const h = (await ep.Hierarchies.Create({ attributes: { name: 'Brands' } })).data;
    const other = (await ep.Hierarchies.Create({ attributes: { name: 'Other' } })).data;
    const a = await node(h.id, 'Acme');
    const duplicate = await t.http.post(`/pcm/hierarchies/${h.id}/nodes`).set(t.admin).send({ data: { type: 'node', attributes: { name: 'Acme' } } });
    expectErrorDocument(duplicate, 422, { title: 'Duplicate sibling', source: 'data.attributes.name' });
    const elsewhere = await node(other.id, 'Elsewhere');
    const foreignParent = await t.http
      .post(`/pcm/hierarchies/${h.id}/nodes`)
      .set(t.admin)
      .send({ data: { type: 'node', attributes: { name: 'Child' }, relationships: { parent: { data: { type: 'node', id: elsewhere.id } } } } });
    expectErrorDocument(foreignParent, 422, { source: 'data.relationships.parent.data.id' });
    const foreignChild = await t.http.post(`/pcm/hierarchies/${h.id}/nodes/${a.id}/relationships/children`).set(t.admin).send({ data: [{ type: 'node', id: elsewhere.id }] });
    expectErrorDocument(foreignChild, 422, { source: 'data[0].id' });
    // A child under Acme may reuse a name used at the top level.
    expect((await t.http.post(`/pcm/hierarchies/${h.id}/nodes`).set(t.admin).send({ data: { type: 'node', attributes: { name: 'Acme' }, relationships: { parent: { data: { type: 'node', id: a.id } } } } })).status).toBe(201);
  });

  it('validates bodies field by field, and answers 404 for unknown or malformed ids', async () => {
    expectErrorDocument(await t.http.post('/pcm/hierarchies').set(t.admin).send({ data: { type: 'hierarchy', attributes: {} } }), 400, { source: 'data.attributes.name' });
    expectErrorDocument(await t.http.post('/pcm/hierarchies').set(t.admin).send({ data: { type: 'node', attributes: { name: 'x' } } }), 400, { source: 'data.type' });
    expectErrorDocument(await t.http.post('/pcm/hierarchies').set(t.admin).send({ data: { type: 'hierarchy', attributes: { name: 'x', admin_attributes: { a: 1 } } } }), 400, { source: 'data.attributes.admin_attributes.a' });
    expectErrorDocument(await t.http.post('/pcm/hierarchies').set(t.admin).send({ data: { type: 'hierarchy' } }), 400, { source: 'data.attributes' });
    const h = (await ep.Hierarchies.Create({ attributes: { name: 'Validation' } })).data;
    expectErrorDocument(await t.http.post(`/pcm/hierarchies/${h.id}/nodes`).set(t.admin).send({ data: { type: 'node', attributes: { name: 'n' }, meta: { sort_order: 1.5 } } }), 400, { source: 'data.meta.sort_order' });
    expectErrorDocument(await t.http.post(`/pcm/hierarchies/${h.id}/relationships/children`).set(t.admin).send({ data: [{ type: 'product', id: h.id }] }), 400, { source: 'data[0].type' });
    expectErrorDocument(await t.http.get('/pcm/hierarchies/not-a-uuid').set(t.admin), 404, { title: 'Hierarchy not found' });
    expectErrorDocument(await t.http.get(`/pcm/hierarchies/${h.id}/nodes/00000000-0000-4000-8000-000000000000`).set(t.admin), 404, { title: 'Node not found' });
    expectErrorDocument(await t.http.put(`/pcm/hierarchies/${h.id}`).set(t.admin).send({ data: { type: 'hierarchy', id: '00000000-0000-4000-8000-000000000000', attributes: { name: 'y' } } }), 400, { source: 'data.id' });
  });

  it('updates partially, lists with filters, and deletes nodes with their descendants and hierarchies with their nodes', async () => {
    const h = (await ep.Hierarchies.Create({ attributes: { name: 'Seasonal', slug: 'seasonal' } })).data;
    const updated = await ep.Hierarchies.Update(h.id, { attributes: { description: 'Changes each season' } });
    expect(updated.data.attributes).toMatchObject({ name: 'Seasonal', description: 'Changes each season', slug: 'seasonal' });
    const filtered = await t.http.get(`/pcm/hierarchies?filter=eq(slug,seasonal)`).set(t.admin);
    expectPage(filtered, { limit: 25, offset: 0, total: 1 });
    expect((await t.http.get(`/pcm/hierarchies?filter=like(name,Seas*)`).set(t.admin)).body.data.map((x: any) => x.id)).toEqual([h.id]);

    const winter = await node(h.id, 'Winter');
    const coats = await node(h.id, 'Coats', winter.id);
    const renamed = await ep.Hierarchies.Nodes.Update({ hierarchyId: h.id, nodeId: coats.id, body: { attributes: { name: 'Warm coats' }, meta: { sort_order: 2 } } });
    expect(renamed.data).toMatchObject({ attributes: { name: 'Warm coats', slug: 'coats' }, meta: { sort_order: 2, parent_name: 'Winter' } });
    expect((await t.http.get(`/pcm/hierarchies/${h.id}/nodes?filter=eq(parent_id,${winter.id})`).set(t.admin)).body.data.map((n: any) => n.id)).toEqual([coats.id]);

    await ep.Hierarchies.Nodes.Delete({ hierarchyId: h.id, nodeId: winter.id });
    expect(await t.prisma.pxmNode.count({ where: { hierarchyId: h.id } })).toBe(0);
    expect((await t.http.get(`/pcm/hierarchies/${h.id}`).set(t.admin)).status).toBe(200);

    await node(h.id, 'Spring');
    await ep.Hierarchies.Delete(h.id);
    expectErrorDocument(await t.http.get(`/pcm/hierarchies/${h.id}`).set(t.admin), 404);
    expect(await t.prisma.pxmNode.count({ where: { hierarchyId: h.id } })).toBe(0);
  });

  it('refuses storefront (implicit) tokens on every /pcm route (403), as Elastic Path does', async () => {
    const h = (await ep.Hierarchies.Create({ attributes: { name: 'Private' } })).data;
    expectErrorDocument(await t.http.get('/pcm/hierarchies').set(t.storefront), 403);
    expectErrorDocument(await t.http.get(`/pcm/hierarchies/${h.id}/nodes`).set(t.storefront), 403);
    expectErrorDocument(await t.http.post('/pcm/hierarchies').set(t.storefront).send({ data: { type: 'hierarchy', attributes: { name: 'x' } } }), 403);
    expect((await t.http.get('/v2/pcm/hierarchies').set(t.admin)).status).toBe(404);
  });
});
