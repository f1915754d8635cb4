import { expectErrorDocument, expectPage } from '../support/documents';
import { createTestApp, TestApp } from '../support/test-app';

describe('customers: CRUD, unique emails, passwords never shown, events', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ logLines });
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (data: Record<string, unknown>) => t.http.post('/v2/customers').set(t.admin).send({ data });

  it('creates a customer, stores only a slow hash of the password, and publishes customer.created without it', async () => {
    const res = await create({ type: 'customer', name: 'Ron Swanson', email: 'Ron@Example.com', password: 'mustache-1234' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'customer', name: 'Ron Swanson', email: 'Ron@Example.com', password: true });
    expect(res.body.data.links.self).toBe(`${t.baseUrl}/v2/customers/${res.body.data.id}`);
    expect(JSON.stringify(res.body)).not.toContain('mustache-1234');
    const row = await t.prisma.customer.findUniqueOrThrow({ where: { id: res.body.data.id } });
    expect(row.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.passwordHash).not.toContain('mustache-1234');
    const event = await t.prisma.outboxEvent.findFirstOrThrow({ where: { name: 'customer.created' } });
    expect((event.payload as any).data).toMatchObject({ id: res.body.data.id, email: 'Ron@Example.com', password: true });
    expect(JSON.stringify(event.payload)).not.toMatch(/mustache-1234|scrypt/);
    expect(logLines.join('\n')).not.toContain('mustache-1234');
  });

  it('refuses a second customer with the same email in any case (409)', async () => {
    await create({ name: 'Leslie', email: 'leslie@example.com', password: 'waffles-1234' });
    expectErrorDocument(await create({ name: 'Leslie 2', email: 'LESLIE@example.com' }), 409, { source: 'data.email' });
    const other = (await create({ name: 'Ann', email: 'ann@example.com' })).body.data.id;
    expectErrorDocument(await t.http.put(`/v2/customers/${other}`).set(t.admin).send({ data: { email: 'Leslie@Example.com' } }), 409);
  });

  it('validates the body with the field as source', async () => {
    expectErrorDocument(await create({ email: 'x@example.com' }), 400, { source: 'data.name' });
    expectErrorDocument(await create({ name: 'x', email: 'not-an-email' }), 400, { source: 'data.email' });
    expectErrorDocument(await create({ name: 'x', email: 'y@example.com', password: '' }), 400, { source: 'data.password' });
    expectErrorDocument(await create({ type: 'account', name: 'x', email: 'z@example.com' }), 400, { source: 'data.type' });
  });

  it('gets, updates (password too) and deletes a customer, with events that hold no password', async () => {
    const id = (await create({ name: 'April', email: 'april@example.com' })).body.data.id;
    expect((await t.http.get(`/v2/customers/${id}`).set(t.admin)).body.data).toMatchObject({ id, name: 'April', password: false });
    const put = await t.http.put(`/v2/customers/${id}`).set(t.admin).send({ data: { type: 'customer', name: 'April Ludgate', password: 'janet-snakehole' } });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ name: 'April Ludgate', email: 'april@example.com', password: true });
    const updated = await t.prisma.outboxEvent.findFirstOrThrow({ where: { name: 'customer.updated' } });
    expect(JSON.stringify(updated.payload)).not.toMatch(/janet-snakehole|scrypt/);

    expect((await t.http.delete(`/v2/customers/${id}`).set(t.admin)).status).toBe(204);
    expect((await t.prisma.outboxEvent.findFirstOrThrow({ where: { name: 'customer.deleted' } })).payload).toEqual({ type: 'customer', id });
    expectErrorDocument(await t.http.get(`/v2/customers/${id}`).set(t.admin), 404, { title: 'Customer not found' });
    expectErrorDocument(await t.http.get('/v2/customers/not-a-uuid').set(t.admin), 404);
  });

  it('lists with the pagination envelope, filtered by email (any case) and name', async () => {
    const page = await t.http.get('/v2/customers?page[limit]=2').set(t.admin);
    expectPage(page, { limit: 2, offset: 0, total: 3, count: 2 });
    const byEmail = await t.http.get('/v2/customers').query({ filter: 'eq(email,RON@example.COM)' }).set(t.admin);
    expect(byEmail.body.data.map((c: any) => c.name)).toEqual(['Ron Swanson']);
    const byName = await t.http.get('/v2/customers').query({ filter: 'like(name,Les*)' }).set(t.admin);
    expect(byName.body.data.map((c: any) => c.email)).toEqual(['leslie@example.com']);
  });

  it('is for client-credentials tokens: an implicit token without a customer token is refused', async () => {
    expectErrorDocument(await t.http.get('/v2/customers').set(t.storefront), 403);
    expectErrorDocument(await t.http.post('/v2/customers').set(t.storefront).send({ data: { name: 'x', email: 'x@example.com' } }), 403);
  });
});
