import { expectErrorDocument, expectPage } from '../support/documents';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

const WEBHOOK_ENV = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '0,0.05,0.05,0.05', WEBHOOK_TIMEOUT_MS: '300' };

describe('integrations: CRUD, validation, secrets, SDK', () => {
  let t: TestApp;
  const url = 'http://127.0.0.1:9/hook';
  const body = (over: Record<string, unknown> = {}) => ({
    data: {
      type: 'integration',
      name: 'Order shipping notification',
      description: 'Send a shipping notification',
      integration_type: 'webhook',
      observes: ['order.fulfilled'],
      configuration: { url },
      ...over,
    },
  });

  beforeAll(async () => {
    t = await createTestApp({ env: WEBHOOK_ENV });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates (201) a disabled-by-default integration and returns the generated signing secret once', async () => {
    const res = await t.http.post('/v2/integrations').set(t.admin).send(body());
    expect(res.status).toBe(201);
    const d = res.body.data;
    expect(d).toMatchObject({
      type: 'integration',
      integration_type: 'webhook',
      name: 'Order shipping notification',
      description: 'Send a shipping notification',
      enabled: false,
      observes: ['order.fulfilled'],
      configuration: { url },
      links: { self: `${t.baseUrl}/v2/integrations/${d.id}` },
    });
    expect(d.configuration.signing_secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(d.configuration.signing_secret.slice(6), 'base64')).toHaveLength(32);
    expect(d.meta.timestamps.created_at).toMatch(/Z$/);

    const got = await t.http.get(`/v2/integrations/${d.id}`).set(t.admin);
    expect(got.status).toBe(200);
    expect(got.body.data.configuration).toEqual({ url });
    expect(JSON.stringify(got.body)).not.toContain('whsec_');
  });

  it('stores secret_key write-only: never in GET, list, update responses or events', async () => {
    const secret = 'SOME_SECRET_KEY_abc123';
    const res = await t.http.post('/v2/integrations').set(t.admin).send(body({ configuration: { url, secret_key: secret } }));
    expect(res.status).toBe(201);
    expect(res.body.data.configuration).toEqual({ url });
    const id = res.body.data.id;
    const upd = await t.http.put(`/v2/integrations/${id}`).set(t.admin).send({ data: { type: 'integration', name: 'renamed' } });
    const list = await t.http.get('/v2/integrations').set(t.admin);
    for (const r of [res, upd, list, await t.http.get(`/v2/integrations/${id}`).set(t.admin)]) {
      expect(JSON.stringify(r.body)).not.toContain(secret);
      expect(JSON.stringify(r.body)).not.toContain('secret_key');
    }
    const events = await t.prisma.outboxEvent.findMany({ where: { name: { startsWith: 'integration.' } } });
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const e of events) expect(JSON.stringify(e.payload)).not.toContain(secret);
    const row = await t.prisma.integration.findUniqueOrThrow({ where: { id } });
    expect(row.secretKey).toBe(secret);
  });

  it('updates partially (PUT) and merges configuration key by key', async () => {
    const created = (await t.http.post('/v2/integrations').set(t.admin).send(body({ configuration: { url, secret_key: 'k1' } }))).body.data;
    const res = await t.http.put(`/v2/integrations/${created.id}`).set(t.admin).send({ data: { type: 'integration', enabled: true } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, enabled: true, name: created.name, observes: ['order.fulfilled'], configuration: { url } });

    const url2 = 'http://127.0.0.1:10/other';
    const res2 = await t.http
      .put(`/v2/integrations/${created.id}`)
      .set(t.admin)
      .send({ data: { type: 'integration', configuration: { url: url2 }, observes: ['order.paid', 'transaction.created'], description: 'd2' } });
    expect(res2.body.data).toMatchObject({ enabled: true, description: 'd2', observes: ['order.paid', 'transaction.created'], configuration: { url: url2 } });
    // secret_key survived the configuration merge
    expect((await t.prisma.integration.findUniqueOrThrow({ where: { id: created.id } })).secretKey).toBe('k1');
    // clearing it issues a new signing secret, shown once
    const cleared = await t.http.put(`/v2/integrations/${created.id}`).set(t.admin).send({ data: { type: 'integration', configuration: { secret_key: null } } });
    expect(cleared.body.data.configuration.signing_secret).toMatch(/^whsec_/);
    expect((await t.prisma.integration.findUniqueOrThrow({ where: { id: created.id } })).secretKey).toBeNull();
  });

  it('requires type on update and validates the supplied fields', async () => {
    const created = (await t.http.post('/v2/integrations').set(t.admin).send(body())).body.data;
    expectErrorDocument(await t.http.put(`/v2/integrations/${created.id}`).set(t.admin).send({ data: { enabled: true } }), 400, { source: 'data.type' });
    expectErrorDocument(await t.http.put(`/v2/integrations/${created.id}`).set(t.admin).send({ data: { type: 'integration', enabled: 'yes' } }), 400, {
      source: 'data.enabled',
    });
    expectErrorDocument(
      await t.http.put(`/v2/integrations/${created.id}`).set(t.admin).send({ data: { type: 'integration', configuration: { url: 'ftp://x.example/' } } }),
      400,
      { source: 'data.configuration.url' },
    );
  });

  it('deletes with 200 {type, id}; then 404', async () => {
    const created = (await t.http.post('/v2/integrations').set(t.admin).send(body())).body.data;
    const res = await t.http.delete(`/v2/integrations/${created.id}`).set(t.admin);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { type: 'integration', id: created.id } });
    expectErrorDocument(await t.http.get(`/v2/integrations/${created.id}`).set(t.admin), 404);
    expectErrorDocument(await t.http.delete(`/v2/integrations/${created.id}`).set(t.admin), 404);
    expectErrorDocument(await t.http.get('/v2/integrations/not-a-uuid').set(t.admin), 404);
    const names = (await t.prisma.outboxEvent.findMany({ where: { name: 'integration.deleted' } })).map((e) => e.payload);
    expect(names).toContainEqual({ type: 'integration', id: created.id });
  });

  it.each([
    ['missing name', { name: undefined }, 'data.name'],
    ['empty observes', { observes: [] }, 'data.observes'],
    ['unknown event', { observes: ['order.exploded'] }, 'data.observes'],
    ['more than 5 events', { observes: ['order.created', 'order.updated', 'order.paid', 'order.fulfilled', 'order.refunded', 'order.authorized'] }, 'data.observes'],
    ['unknown integration_type', { integration_type: 'email' }, 'data.integration_type'],
    ['wrong type', { type: 'product' }, 'data.type'],
    ['missing configuration', { configuration: undefined }, 'data.configuration'],
    ['missing url', { configuration: {} }, 'data.configuration.url'],
    ['relative url', { configuration: { url: '/hook' } }, 'data.configuration.url'],
    ['non-http url', { configuration: { url: 'ftp://files.example.com/x' } }, 'data.configuration.url'],
    ['userinfo in url', { configuration: { url: 'http://user:pw@127.0.0.1:9/x' } }, 'data.configuration.url'],
    ['private address', { configuration: { url: 'http://10.0.0.5/hook' } }, 'data.configuration.url'],
    ['metadata address', { configuration: { url: 'http://169.254.169.254/latest/meta-data' } }, 'data.configuration.url'],
    ['IPv6 loopback', { configuration: { url: 'http://[::1]:8080/x' } }, 'data.configuration.url'],
    ['IPv4-mapped loopback', { configuration: { url: 'http://[::ffff:7f00:2]/x' } }, 'data.configuration.url'],
    ['CGNAT', { configuration: { url: 'http://100.64.1.1/x' } }, 'data.configuration.url'],
    ['localhost name', { configuration: { url: 'http://localhost:3000/x' } }, 'data.configuration.url'],
    ['non-boolean enabled', { enabled: 'true' }, 'data.enabled'],
  ])('refuses %s with 400 naming the field', async (_label, over, source) => {
    const res = await t.http.post('/v2/integrations').set(t.admin).send(body(over));
    expectErrorDocument(res, 400, { source });
  });

  it('says what the 5-event limit is', async () => {
    const res = await t.http
      .post('/v2/integrations')
      .set(t.admin)
      .send(body({ observes: ['order.created', 'order.updated', 'order.paid', 'order.fulfilled', 'order.refunded', 'order.authorized'] }));
    expect(res.body.errors[0].detail).toMatch(/integration event limit of 5/);
  });

  it('lists with the standard pagination envelope', async () => {
    const total = (await t.http.get('/v2/integrations').set(t.admin)).body.meta.results.total;
    const res = await t.http.get('/v2/integrations?page[limit]=2&page[offset]=1').set(t.admin);
    expectPage(res, { limit: 2, offset: 1, total, count: Math.min(2, total - 1) });
    for (const item of res.body.data) expect(item.configuration.signing_secret).toBeUndefined();
  });

  it('is admin only', async () => {
    expectErrorDocument(await t.http.get('/v2/integrations').set(t.storefront), 403);
    expectErrorDocument(await t.http.get('/v2/integrations'), 401);
  });

  it('works with the official SDK: Create, All, Get, Update, GetLogs, GetJobs, GetAllLogs, Delete', async () => {
    const ep = sdkFor(t);
    const created = await ep.Integrations.Create({
      name: 'SDK hook',
      description: 'made by the SDK',
      integration_type: 'webhook',
      enabled: false,
      observes: ['order.paid'],
      configuration: { url: 'http://127.0.0.1:9/sdk', secret_key: 'sdk-secret' },
    });
    expect(created.data).toMatchObject({ type: 'integration', name: 'SDK hook', enabled: false });
    expect(created.data.configuration.secret_key).toBeUndefined();
    const id = created.data.id;
    const all = await ep.Integrations.All();
    expect(all.data.map((i: any) => i.id)).toContain(id);
    expect((await ep.Integrations.Get(id)).data.id).toBe(id);
    const updated = await ep.Integrations.Update(id, { enabled: true });
    expect(updated.data).toMatchObject({ id, enabled: true, name: 'SDK hook', observes: ['order.paid'] });
    const logs = await ep.Integrations.GetLogs(id);
    expect(logs).toMatchObject({ data: [], meta: { offset: 0, current: 1, total: 0 }, results: { total: 0 } });
    const jobs = await ep.Integrations.GetJobs(id);
    expect(jobs.data).toEqual([]);
    const allLogs = await ep.Integrations.GetAllLogs();
    expect(Array.isArray(allLogs.data)).toBe(true);
    const deleted = await ep.Integrations.Delete(id);
    expect(deleted.data).toEqual({ type: 'integration', id });
  });
  // Runs last: it fills the store to its limit.
  it('keeps the store at 100 integrations, also when creates race at the limit (422), and frees a place on delete', async () => {
    const existing = await t.prisma.integration.count();
    const fill = 98 - existing;
    await t.prisma.integration.createMany({
      data: Array.from({ length: fill }, (_, i) => ({ name: `filler ${i}`, observes: ['order.paid'], url, signingSecret: 's' })),
    });
    const racing = await Promise.all(Array.from({ length: 5 }, () => t.http.post('/v2/integrations').set(t.admin).send(body())));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 201, 422, 422, 422]);
    const refused = racing.find((r) => r.status === 422)!;
    expectErrorDocument(refused, 422);
    expect(refused.body.errors[0].detail).toMatch(/at most 100 integrations/);
    expect(await t.prisma.integration.count()).toBe(100);
    const first = racing.find((r) => r.status === 201)!.body.data.id;
    expect((await t.http.delete(`/v2/integrations/${first}`).set(t.admin)).status).toBe(200);
    expect((await t.http.post('/v2/integrations').set(t.admin).send(body())).status).toBe(201);
  });
});
