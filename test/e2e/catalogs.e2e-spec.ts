import { randomUUID } from 'node:crypto';
import { expectErrorDocument } from '../support/documents';
import { useSdkApp } from '../support/sdk';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const shopper = require('@epcc-sdk/sdks-shopper');

describe('catalogs (/catalogs and /pcm/catalogs)', () => {
  const app = useSdkApp();

  async function hierarchy(name: string): Promise<string> {
    const res = await app.t.http.post('/pcm/hierarchies').set(app.t.admin).send({ data: { type: 'hierarchy', attributes: { name } } });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  async function pricebook(name: string): Promise<string> {
    const res = await app.t.http.post('/pcm/pricebooks').set(app.t.admin).send({ data: { type: 'pricebook', attributes: { name } } });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  it('creates, reads, lists, updates and deletes a catalog through the official JS SDK (at /pcm/catalogs)', async () => {
    const { t, ep } = app;
    const [clothing, shoes] = [await hierarchy('Clothing'), await hierarchy('Shoes')];
    const retail = await pricebook('Retail');
    const name = `Spring ${randomUUID()}`;
    const created = (await ep.Catalogs.Create({ attributes: { name, description: 'Spring range', hierarchy_ids: [clothing, shoes], pricebook_id: retail } })).data;
    expect(created).toMatchObject({
      type: 'catalog',
      attributes: { name, description: 'Spring range', hierarchy_ids: [clothing, shoes], pricebook_id: retail, owner: 'store', enable_price_segmentation: false },
      relationships: {
        rules: { links: { related: expect.stringContaining(`/catalogs/rules?filter=eq(catalog_id,${created.id})`) } },
        releases: { links: { related: `${t.baseUrl}/catalogs/${created.id}/releases` }, meta: { count: 0 } },
      },
      links: { self: `${t.baseUrl}/catalogs/${created.id}` },
    });
    expect(created.attributes.created_at).toEqual(expect.any(String));
    expect(created.attributes.updated_at).toEqual(expect.any(String));

    expect((await ep.Catalogs.Get(created.id)).data).toEqual(created);
    const listed = await ep.Catalogs.Filter({ eq: { name } }).All();
    expect(listed.data.map((c: any) => c.id)).toEqual([created.id]);
    expect(listed.meta.results.total).toBe(1);

    const seasonal = await pricebook('Seasonal');
    const updated = (await ep.Catalogs.Update(created.id, { id: created.id, attributes: { name: `${name} 2`, pricebook_ids: [{ id: retail, priority: 1 }, { id: seasonal, priority: 10 }] } })).data;
    expect(updated.attributes).toMatchObject({ name: `${name} 2`, description: 'Spring range', pricebook_ids: [{ id: retail, priority: 1 }, { id: seasonal, priority: 10 }] });
    // One way of pricing at a time: pricebook_ids replaces pricebook_id.
    expect(updated.attributes.pricebook_id).toBeUndefined();

    await ep.Catalogs.Delete(created.id);
    expectErrorDocument(await t.http.get(`/pcm/catalogs/${created.id}`).set(t.admin), 404, { title: 'Catalog not found' });
  });

  it('serves the same catalogs at /catalogs through @epcc-sdk/sdks-shopper', async () => {
    const { t } = app;
    const client = shopper.createClient({ baseUrl: t.baseUrl, auth: () => t.adminToken });
    const h = await hierarchy('Garden');
    const name = `Garden ${randomUUID()}`;
    const created = await shopper.createCatalog({ client, body: { data: { type: 'catalog', attributes: { name, hierarchy_ids: [h] } } } });
    expect(created.response.status).toBe(201);
    const id = created.data.data.id;
    const got = await shopper.getCatalogById({ client, path: { catalog_id: id } });
    expect(got.data.data.attributes).toMatchObject({ name, hierarchy_ids: [h], description: '' });
    const listed = await shopper.getCatalogs({ client, query: { filter: `like(name,${name.slice(0, 10)}*)` } });
    expect(listed.data.data.map((c: any) => c.id)).toContain(id);
    const updated = await shopper.updateCatalog({ client, path: { catalog_id: id }, body: { data: { type: 'catalog', id, attributes: { description: 'Outdoors', locales: { 'fr-FR': { name: 'Jardin' } } } } } });
    expect(updated.data.data.attributes).toMatchObject({ name, description: 'Outdoors', locales: { 'fr-FR': { name: 'Jardin' } } });
    const cleared = await t.http.put(`/catalogs/${id}`).set(t.admin).send({ data: { type: 'catalog', id, attributes: { description: null, locales: null } } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.attributes.description).toBe('');
    expect(cleared.body.data.attributes.locales).toBeUndefined();
    const deleted = await shopper.deleteCatalogById({ client, path: { catalog_id: id } });
    expect(deleted.response.status).toBe(204);
    expect((await t.http.get(`/catalogs/${id}`).set(t.admin)).status).toBe(404);
  });

  it('refuses to delete a catalog that has releases or rules', async () => {
    const { t } = app;
    const h = await hierarchy('Released');
    const created = await t.http.post('/catalogs').set(t.admin).send({ data: { type: 'catalog', attributes: { name: 'Released', hierarchy_ids: [h] } } });
    const id = created.body.data.id;
    await t.prisma.catalogRelease.create({ data: { catalogId: id, name: 'Released', status: 'PUBLISHED', publishedAt: new Date() } });
    expect((await t.http.get(`/catalogs/${id}`).set(t.admin)).body.data.relationships.releases.meta.count).toBe(1);
    expectErrorDocument(await t.http.delete(`/catalogs/${id}`).set(t.admin), 422, { detail: /delete its releases/ });
    await t.prisma.catalogRelease.deleteMany({ where: { catalogId: id } });

    await t.prisma.catalogRule.create({ data: { name: 'uses-it', catalogId: id } });
    expectErrorDocument(await t.http.delete(`/catalogs/${id}`).set(t.admin), 422, { detail: /rule/ });
    await t.prisma.catalogRule.deleteMany({ where: { catalogId: id } });
    expect((await t.http.delete(`/catalogs/${id}`).set(t.admin)).status).toBe(204);
  });

  it('answers every bad input with a JSON error', async () => {
    const { t } = app;
    const h = await hierarchy('Checked');
    const book = await pricebook('Checked');
    const post = (attributes: Record<string, unknown>) => t.http.post('/catalogs').set(t.admin).send({ data: { type: 'catalog', attributes } });
    expectErrorDocument(await post({ hierarchy_ids: [h] }), 400, { source: 'data.attributes.name' });
    expectErrorDocument(await post({ name: '', hierarchy_ids: [h] }), 400, { source: 'data.attributes.name' });
    expectErrorDocument(await post({ name: 'x' }), 400, { source: 'data.attributes.hierarchy_ids' });
    expectErrorDocument(await post({ name: 'x', hierarchy_ids: ['nope'] }), 400, { source: 'data.attributes.hierarchy_ids' });
    expectErrorDocument(await post({ name: 'x', hierarchy_ids: [h, randomUUID()] }), 422, { source: 'data.attributes.hierarchy_ids[1]', title: 'Hierarchy not found' });
    expectErrorDocument(await post({ name: 'x', hierarchy_ids: [h], pricebook_id: randomUUID() }), 422, { source: 'data.attributes.pricebook_id' });
    expectErrorDocument(await post({ name: 'x', hierarchy_ids: [h], pricebook_id: book, pricebook_ids: [{ id: book, priority: 1 }] }), 422, { source: 'data.attributes.pricebook_ids' });
    expectErrorDocument(await post({ name: 'x', hierarchy_ids: [h], pricebook_ids: [{ id: book }] }), 400);
    expectErrorDocument(await post({ name: 'x', hierarchy_ids: [h], pricebook_ids: [{ id: book, priority: 1 }, { id: book, priority: 2 }] }), 422, { source: 'data.attributes.pricebook_ids[1].id' });
    const six = Array.from({ length: 6 }, (_, i) => ({ id: book, priority: i }));
    expectErrorDocument(await post({ name: 'x', hierarchy_ids: [h], pricebook_ids: six }), 400, { source: 'data.attributes.pricebook_ids' });
    expectErrorDocument(await post({ name: 'x', hierarchy_ids: [h], pricebook_ids: [{ id: randomUUID(), priority: 1 }] }), 422, { source: 'data.attributes.pricebook_ids[0]' });
    expectErrorDocument(await post({ name: 'x', hierarchy_ids: [h], locales: { 'fr-FR': { title: 'x' } } }), 400);
    expectErrorDocument(await t.http.post('/catalogs').set(t.admin).send({ data: { type: 'hierarchy', attributes: { name: 'x', hierarchy_ids: [h] } } }), 400, { source: 'data.type' });

    const ok = await post({ name: 'x', hierarchy_ids: [h] });
    expect(ok.status).toBe(201);
    const id = ok.body.data.id;
    expectErrorDocument(await t.http.put(`/catalogs/${id}`).set(t.admin).send({ data: { type: 'catalog', id: randomUUID(), attributes: { name: 'y' } } }), 400, { source: 'data.id' });
    expectErrorDocument(await t.http.put(`/catalogs/${id}`).set(t.admin).send({ data: { type: 'catalog', id, attributes: { name: null } } }), 400, { source: 'data.attributes.name' });
    expectErrorDocument(await t.http.put(`/catalogs/${id}`).set(t.admin).send({ data: { type: 'catalog', id, attributes: { hierarchy_ids: [randomUUID()] } } }), 422);
    expectErrorDocument(await t.http.put(`/catalogs/${randomUUID()}`).set(t.admin).send({ data: { type: 'catalog', attributes: { name: 'y' } } }), 404);
    expectErrorDocument(await t.http.get('/catalogs/not-a-uuid').set(t.admin), 404);
    expectErrorDocument(await t.http.delete(`/pcm/catalogs/${randomUUID()}`).set(t.admin), 404);
    expectErrorDocument(await t.http.get('/catalogs?filter=eq(colour,red)').set(t.admin), 400);
    expectErrorDocument(await t.http.get('/catalogs').set(t.storefront), 403);
    expectErrorDocument(await t.http.post('/pcm/catalogs').set(t.storefront).send({ data: { type: 'catalog', attributes: { name: 'x', hierarchy_ids: [h] } } }), 403);
  });
});
