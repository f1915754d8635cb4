import { expectErrorDocument, expectPage } from '../support/documents';
import { createProduct } from '../support/factories';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

const GBP = { type: 'currency', code: 'GBP', exchange_rate: 1, format: '£{price}', decimal_point: '.', thousand_separator: ',', decimal_places: 2, default: false, enabled: true };
const EUR = { type: 'currency', code: 'eur', exchange_rate: 0.9, format: '{price} €', decimal_point: ',', thousand_separator: '.', decimal_places: 2, default: false, enabled: true };

describe('currencies: a default USD, exactly one default, formats that write every formatted amount', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (data: Record<string, unknown>) => t.http.post('/v2/currencies').set(t.admin).send({ data });
  const list = async () => (await t.http.get('/v2/currencies?page[limit]=25').set(t.admin)).body.data as any[];
  const defaults = async () => (await list()).filter((c) => c.default).map((c) => c.code);

  it('starts a new store with USD as its only currency and its default', async () => {
    const res = await t.http.get('/v2/currencies').set(t.admin);
    expectPage(res, { limit: 25, offset: 0, total: 1 });
    expect(res.body.data[0]).toMatchObject({
      type: 'currency',
      code: 'USD',
      exchange_rate: 1,
      format: '${price}',
      decimal_point: '.',
      thousand_separator: ',',
      decimal_places: 2,
      default: true,
      enabled: true,
      meta: { owner: 'store' },
    });
    expect(res.body.data[0].links.self).toBe(`${t.baseUrl}/v2/currencies/${res.body.data[0].id}`);
  });

  it('creates a currency, upper-cases its code and publishes currency.created', async () => {
    const res = await create(EUR);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ code: 'EUR', exchange_rate: 0.9, format: '{price} €', default: false });
    const events = await t.prisma.outboxEvent.findMany({ where: { name: 'currency.created' } });
    expect(events.map((e) => (e.payload as any).data.id)).toEqual([res.body.data.id]);
  });

  it('refuses a code that is not exactly three letters, a taken code, and missing format fields', async () => {
    for (const code of ['US', 'USDX', 'U5D', '']) expectErrorDocument(await create({ ...GBP, code }), 400, { source: 'data.code' });
    expectErrorDocument(await create({ ...GBP, code: 'usd' }), 400, { title: 'Currency already exists', source: 'data.code' });
    expectErrorDocument(await create({ ...GBP, format: '£' }), 400, { source: 'data.format' });
    expectErrorDocument(await create({ ...GBP, decimal_places: 1.5 }), 400, { source: 'data.decimal_places' });
    expectErrorDocument(await create({ ...GBP, exchange_rate: -1 }), 400, { source: 'data.exchange_rate' });
    const { decimal_point: _omitted, ...noPoint } = GBP;
    expectErrorDocument(await create(noPoint), 400, { source: 'data.decimal_point' });
  });

  it('keeps exactly one default: a new default takes the mark, the default cannot be unset or deleted', async () => {
    const gbp = (await create({ ...GBP, default: true })).body.data;
    expect(gbp.default).toBe(true);
    expect(await defaults()).toEqual(['GBP']);

    expectErrorDocument(await t.http.put(`/v2/currencies/${gbp.id}`).set(t.admin).send({ data: { default: false } }), 422);
    expectErrorDocument(await t.http.delete(`/v2/currencies/${gbp.id}`).set(t.admin), 422, { title: 'Cannot delete the default currency' });

    const usd = (await list()).find((c) => c.code === 'USD');
    const put = await t.http.put(`/v2/currencies/${usd.id}`).set(t.admin).send({ data: { type: 'currency', default: true } });
    expect(put.status).toBe(200);
    expect(put.body.data.default).toBe(true);
    expect(await defaults()).toEqual(['USD']);
    expect(await t.prisma.outboxEvent.count({ where: { name: 'currency.updated' } })).toBe(1);

    expect((await t.http.delete(`/v2/currencies/${gbp.id}`).set(t.admin)).status).toBe(204);
    expect((await t.prisma.outboxEvent.findFirst({ where: { name: 'currency.deleted' } }))?.payload).toEqual({ type: 'currency', id: gbp.id });
    expectErrorDocument(await t.http.get(`/v2/currencies/${gbp.id}`).set(t.admin), 404, { title: 'Currency not found' });
    expectErrorDocument(await t.http.get('/v2/currencies/not-a-uuid').set(t.admin), 404);
  });

  it('moves the default safely when two requests race for it', async () => {
    const a = (await create({ ...GBP, code: 'AAA' })).body.data;
    const b = (await create({ ...GBP, code: 'BBB' })).body.data;
    const results = await Promise.all([a, b].map((c) => t.http.put(`/v2/currencies/${c.id}`).set(t.admin).send({ data: { default: true } })));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect((await defaults()).length).toBe(1);
    const usd = (await list()).find((c) => c.code === 'USD');
    await t.http.put(`/v2/currencies/${usd.id}`).set(t.admin).send({ data: { default: true } });
    for (const c of [a, b]) expect((await t.http.delete(`/v2/currencies/${c.id}`).set(t.admin)).status).toBe(204);
  });

  it('holds at most ten currencies (422 beyond)', async () => {
    const existing = (await list()).length;
    const codes = ['CAA', 'CAB', 'CAC', 'CAD', 'CAE', 'CAF', 'CAG', 'CAH', 'CAI', 'CAJ'].slice(0, 10 - existing);
    for (const code of codes) expect((await create({ ...GBP, code })).status).toBe(201);
    expectErrorDocument(await create({ ...GBP, code: 'CAZ' }), 422, { title: 'Currency limit reached' });
    for (const c of (await list()).filter((c) => c.code.startsWith('CA'))) await t.http.delete(`/v2/currencies/${c.id}`).set(t.admin);
  });

  it('writes formatted amounts with the currency’s format fields, for legacy products too', async () => {
    const product = await createProduct(t, { price: [{ amount: 123456789, currency: 'EUR', includes_tax: true }] });
    const read = async () => (await t.http.get(`/v2/products/${product.id}`).set(t.admin)).body.data.meta.display_price.with_tax.formatted;
    expect(await read()).toBe('1.234.567,89 €');

    const eur = (await list()).find((c) => c.code === 'EUR');
    await t.http.put(`/v2/currencies/${eur.id}`).set(t.admin).send({ data: { format: 'EUR {price}', thousand_separator: ' ', decimal_places: 3 } });
    expect(await read()).toBe('EUR 123 456,789');
  });

  it('lets a storefront token read the enabled currencies only, and write none (403)', async () => {
    const eur = (await list()).find((c) => c.code === 'EUR');
    await t.http.put(`/v2/currencies/${eur.id}`).set(t.admin).send({ data: { enabled: false } });
    const shop = await t.http.get('/v2/currencies').set(t.storefront);
    expect(shop.status).toBe(200);
    expect(shop.body.data.map((c: any) => c.code)).toEqual(['USD']);
    expect(shop.body.meta.results.total).toBe(1);
    expectErrorDocument(await t.http.get(`/v2/currencies/${eur.id}`).set(t.storefront), 404);
    expect((await t.http.get(`/v2/currencies/${eur.id}`).set(t.admin)).status).toBe(200);
    expectErrorDocument(await t.http.post('/v2/currencies').set(t.storefront).send({ data: GBP }), 403);
    expectErrorDocument(await t.http.put(`/v2/currencies/${eur.id}`).set(t.storefront).send({ data: { enabled: true } }), 403);
    expectErrorDocument(await t.http.delete(`/v2/currencies/${eur.id}`).set(t.storefront), 403);
  });

  it('is driven by the official SDK’s Currencies unchanged', async () => {
    const ep = sdkFor(t);
    const created = await ep.Currencies.Create({ ...GBP, code: 'JPY', format: '¥{price}', decimal_places: 0 });
    expect(created.data).toMatchObject({ code: 'JPY', decimal_places: 0 });
    const all = await ep.Currencies.All();
    expect(all.data.map((c: any) => c.code)).toEqual(expect.arrayContaining(['USD', 'JPY']));
    expect((await ep.Currencies.Get(created.data.id)).data.code).toBe('JPY');
    const updated = await ep.Currencies.Update(created.data.id, { default: true });
    expect(updated.data.default).toBe(true);
    const usd = all.data.find((c: any) => c.code === 'USD');
    await ep.Currencies.Update(usd.id, { default: true });
    await ep.Currencies.Delete(created.data.id);
    await expect(ep.Currencies.Get(created.data.id)).rejects.toBeDefined();
  });
});
