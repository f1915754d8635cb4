import { expectErrorDocument, expectPage } from '../support/documents';
import { createTestApp, TestApp } from '../support/test-app';

describe('accounts: CRUD, list, events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (data: Record<string, unknown>) => t.http.post('/v2/accounts').set(t.admin).send({ data });

  it('creates an account without a type (as the SDK sends it) and publishes account.created', async () => {
    const res = await create({ name: 'Acme', legal_name: 'Acme Ltd', registration_id: 'REG-1' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'account', name: 'Acme', legal_name: 'Acme Ltd', registration_id: 'REG-1' });
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.data.links.self).toBe(`${t.baseUrl}/v2/accounts/${res.body.data.id}`);
    expect(res.body.data.meta.timestamps.created_at).toMatch(/Z$/);
    const events = await t.prisma.outboxEvent.findMany({ where: { name: 'account.created' } });
    expect(events.map((e) => (e.payload as any).data.id)).toContain(res.body.data.id);
  });

  it('validates the body with the field as source', async () => {
    expectErrorDocument(await create({ legal_name: 'No name' }), 400, { source: 'data.name' });
    expectErrorDocument(await create({ name: 'No legal name' }), 400, { source: 'data.legal_name' });
    expectErrorDocument(await create({ type: 'customer', name: 'x', legal_name: 'y' }), 400, { source: 'data.type' });
    expectErrorDocument(await t.http.post('/v2/accounts').set(t.admin).send({}), 400, { source: 'data' });
  });

  it('gets, updates partially and deletes an account', async () => {
    const id = (await create({ name: 'Initech', legal_name: 'Initech LLC' })).body.data.id;
    const got = await t.http.get(`/v2/accounts/${id}`).set(t.admin);
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id, name: 'Initech', registration_id: null });

    const put = await t.http.put(`/v2/accounts/${id}`).set(t.admin).send({ data: { type: 'account', legal_name: 'Initech Inc' } });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ name: 'Initech', legal_name: 'Initech Inc' });
    expect(await t.prisma.outboxEvent.count({ where: { name: 'account.updated' } })).toBe(1);

    const del = await t.http.delete(`/v2/accounts/${id}`).set(t.admin);
    expect(del.status).toBe(204);
    const deleted = await t.prisma.outboxEvent.findFirst({ where: { name: 'account.deleted' } });
    expect(deleted?.payload).toEqual({ type: 'account', id });
    expectErrorDocument(await t.http.get(`/v2/accounts/${id}`).set(t.admin), 404, { title: 'Account not found' });
    expectErrorDocument(await t.http.put(`/v2/accounts/${id}`).set(t.admin).send({ data: { name: 'x' } }), 404);
    expectErrorDocument(await t.http.delete(`/v2/accounts/${id}`).set(t.admin), 404);
  });

  it('answers 404 for a malformed id', async () => {
    expectErrorDocument(await t.http.get('/v2/accounts/not-a-uuid').set(t.admin), 404, { title: 'Account not found' });
  });

  it('lists with the pagination envelope, filters and sorts', async () => {
    await t.prisma.account.deleteMany();
    for (const name of ['Charlie Co', 'Alpha Co', 'Bravo Inc']) await create({ name, legal_name: `${name} legal` });
    const all = await t.http.get('/v2/accounts?page[limit]=2').set(t.admin);
    expectPage(all, { limit: 2, offset: 0, total: 3, count: 2 });
    expect(all.body.data.map((a: any) => a.name)).toEqual(['Charlie Co', 'Alpha Co']);

    const byName = await t.http.get('/v2/accounts').query({ sort: 'name' }).set(t.admin);
    expect(byName.body.data.map((a: any) => a.name)).toEqual(['Alpha Co', 'Bravo Inc', 'Charlie Co']);

    const like = await t.http.get('/v2/accounts').query({ filter: 'like(name,*Co)' }).set(t.admin);
    expectPage(like, { limit: 25, offset: 0, total: 2 });
    expect(like.body.meta.results.all).toBe(3);

    const eq = await t.http.get('/v2/accounts').query({ filter: 'eq(name,Bravo Inc)' }).set(t.admin);
    expect(eq.body.data.map((a: any) => a.name)).toEqual(['Bravo Inc']);

    const future = await t.http.get('/v2/accounts').query({ filter: 'gt(created_at,2999-01-01T00:00:00Z)' }).set(t.admin);
    expectPage(future, { limit: 25, offset: 0, total: 0, count: 0 });

    expectErrorDocument(await t.http.get('/v2/accounts').query({ filter: 'eq(nope,1)' }).set(t.admin), 400);
    expectErrorDocument(await t.http.get('/v2/accounts').query({ sort: 'legal_name' }).set(t.admin), 400);
  });

  it('refuses implicit tokens (403) and missing tokens (401)', async () => {
    expectErrorDocument(await t.http.get('/v2/accounts').set(t.storefront), 403);
    expectErrorDocument(await t.http.get('/v2/accounts'), 401);
  });
});
