import { randomUUID } from 'node:crypto';
import { expectErrorDocument } from '../support/documents';
import { PriceBookPrices } from '../../src/pricebooks/pricebook-prices';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

describe('price books and their prices (/pcm/pricebooks)', () => {
  let t: TestApp;
  let ep: ReturnType<typeof sdkFor>;
  beforeAll(async () => {
    t = await createTestApp();
    ep = sdkFor(t);
    const eur = await t.http.post('/v2/currencies').set(t.admin).send({ data: { type: 'currency', code: 'EUR', exchange_rate: 1, format: '€{price}', decimal_point: ',', thousand_separator: '.', decimal_places: 2, default: false, enabled: true } });
    expect(eur.status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  const usdEur = (usd: number, eur: number) => ({ USD: { amount: usd, includes_tax: false }, EUR: { amount: eur, includes_tax: true } });

  it('fills a price book with USD and EUR prices as the official SDK’s PriceBooks and Prices do, filters by SKU, updates and deletes', async () => {
    const book = (await ep.PriceBooks.Create({ type: 'pricebook', attributes: { name: 'Retail', description: 'Standard prices', external_ref: 'retail-1' } })).data;
    expect(book).toMatchObject({ type: 'pricebook', attributes: { name: 'Retail', description: 'Standard prices', external_ref: 'retail-1' }, meta: { owner: 'store' } });
    expect(book.attributes.created_at).toEqual(expect.any(String));

    const skus = ['shirt-s', 'shirt-m', 'shirt-l', 'not-a-product-yet'];
    const prices: any[] = [];
    for (const [i, sku] of skus.entries()) {
      const created = await ep.PriceBooks.Prices.Create({ pricebookId: book.id, body: { attributes: { sku, currencies: usdEur(1000 + i, 900 + i) } } });
      prices.push(created.data);
    }
    expect(prices[0]).toMatchObject({
      type: 'product-price',
      attributes: { sku: 'shirt-s', currencies: { USD: { amount: 1000, includes_tax: false }, EUR: { amount: 900, includes_tax: true } } },
      meta: { owner: 'store', pricebook_id: book.id },
    });
    const tiered = await ep.PriceBooks.Prices.Create({
      pricebookId: book.id,
      body: { attributes: { sku: 'bulk', currencies: { USD: { amount: 500, includes_tax: false, tiers: { min_10: { minimum_quantity: 10, amount: 400 } } } } } },
    });
    expect(tiered.data.attributes.currencies.USD.tiers).toEqual({ min_10: { minimum_quantity: 10, amount: 400 } });

    const all = await ep.PriceBooks.Prices.All({ pricebookId: book.id });
    expect(all.data.map((p: any) => p.attributes.sku)).toEqual([...skus, 'bulk']);
    expect(all.meta.results.total).toBe(5);

    const one = await ep.PriceBooks.Prices.Filter({ eq: { sku: 'shirt-m' } }).All({ pricebookId: book.id });
    expect(one.data.map((p: any) => p.id)).toEqual([prices[1].id]);
    const some = await t.http.get(`/pcm/pricebooks/${book.id}/prices?filter=in(sku,shirt-s,shirt-l)`).set(t.admin);
    expect(some.status).toBe(200);
    expect(some.body.data.map((p: any) => p.attributes.sku).sort()).toEqual(['shirt-l', 'shirt-s']);

    const updated = await ep.PriceBooks.Prices.Update({ pricebookId: book.id, priceId: prices[1].id, body: { attributes: { currencies: usdEur(1500, 1400) } } });
    expect(updated.data.attributes).toMatchObject({ sku: 'shirt-m', currencies: usdEur(1500, 1400) });
    expect((await ep.PriceBooks.Prices.Get({ pricebookId: book.id, priceId: prices[1].id })).data.attributes.currencies.USD.amount).toBe(1500);

    await ep.PriceBooks.Prices.Delete({ pricebookId: book.id, priceId: prices[2].id });
    expectErrorDocument(await t.http.get(`/pcm/pricebooks/${book.id}/prices/${prices[2].id}`).set(t.admin), 404);
    expect((await ep.PriceBooks.Prices.All({ pricebookId: book.id })).meta.results.total).toBe(4);

    const renamed = await ep.PriceBooks.Update(book.id, { type: 'pricebook', id: book.id, attributes: { name: 'Retail 2026' } });
    expect(renamed.data.attributes).toMatchObject({ name: 'Retail 2026', external_ref: 'retail-1' });
    expect((await ep.PriceBooks.Get(book.id)).data.attributes.name).toBe('Retail 2026');
    const books = await ep.PriceBooks.Filter({ eq: { external_ref: 'retail-1' } }).All();
    expect(books.data.map((b: any) => b.id)).toEqual([book.id]);
  });

  it('lists prices across books, and deleting a book deletes its prices', async () => {
    const sku = `cross-${randomUUID()}`;
    const a = (await ep.PriceBooks.Create({ type: 'pricebook', attributes: { name: 'A' } })).data;
    const b = (await ep.PriceBooks.Create({ type: 'pricebook', attributes: { name: 'B' } })).data;
    await ep.PriceBooks.Prices.Create({ pricebookId: a.id, body: { attributes: { sku, currencies: usdEur(100, 90) } } });
    await ep.PriceBooks.Prices.Create({ pricebookId: b.id, body: { attributes: { sku, currencies: usdEur(200, 180) } } });
    const across = await t.http.get(`/pcm/pricebooks/prices?filter=eq(sku,${sku})`).set(t.admin);
    expect(across.status).toBe(200);
    expect(across.body.data.map((p: any) => p.meta.pricebook_id).sort()).toEqual([a.id, b.id].sort());
    await ep.PriceBooks.Delete(a.id);
    expectErrorDocument(await t.http.get(`/pcm/pricebooks/${a.id}`).set(t.admin), 404);
    const after = await t.http.get(`/pcm/pricebooks/prices?filter=eq(sku,${sku})`).set(t.admin);
    expect(after.body.data.map((p: any) => p.meta.pricebook_id)).toEqual([b.id]);
  });

  it('refuses an unknown currency (422 naming it), a second price for a SKU (409) and bad inputs (4xx), never 500', async () => {
    const book = (await ep.PriceBooks.Create({ type: 'pricebook', attributes: { name: 'Checks' } })).data;
    const post = (data: unknown) => t.http.post(`/pcm/pricebooks/${book.id}/prices`).set(t.admin).send({ data });
    const unknown = await post({ type: 'product-price', attributes: { sku: 'x', currencies: { USD: { amount: 1, includes_tax: false }, XYZ: { amount: 1, includes_tax: false } } } });
    expectErrorDocument(unknown, 422, { title: 'Unknown currency', detail: /XYZ/ });
    expect(unknown.body.errors[0].status).toBe('422');

    expect((await post({ type: 'product-price', attributes: { sku: 'dup', currencies: usdEur(1, 1) } })).status).toBe(201);
    expectErrorDocument(await post({ type: 'product-price', attributes: { sku: 'dup', currencies: usdEur(2, 2) } }), 409, { detail: /dup/ });

    for (const bad of [
      { type: 'product-price', attributes: { sku: 'b', currencies: { USD: { amount: 1.5, includes_tax: false } } } },
      { type: 'product-price', attributes: { sku: 'b', currencies: { USD: { amount: -1 } } } },
      { type: 'product-price', attributes: { sku: 'b', currencies: { USD: 'cheap' } } },
      { type: 'product-price', attributes: { sku: 'b', currencies: {} } },
      { type: 'product-price', attributes: { sku: 'b', currencies: { USD: { amount: 1, tiers: { t: { minimum_quantity: 0, amount: 1 } } } } } },
      { type: 'product-price', attributes: { sku: '', currencies: usdEur(1, 1) } },
      { type: 'product-price', attributes: { currencies: usdEur(1, 1) } },
      { type: 'pricebook', attributes: { sku: 'b', currencies: usdEur(1, 1) } },
      { type: 'product-price', attributes: { sku: 'b', currencies: { US: { amount: 1 } } } },
      { type: 'product-price', attributes: { sku: 'b', currencies: usdEur(1, 1), sales: { summer: { currencies: usdEur(1, 1) } } } },
    ]) {
      const res = await post(bad);
      expect([400, 422]).toContain(res.status);
      expectErrorDocument(res, res.status);
    }
    expectErrorDocument(await t.http.post('/pcm/pricebooks').set(t.admin).send({ data: { type: 'pricebook', attributes: {} } }), 400);
    expectErrorDocument(await t.http.post(`/pcm/pricebooks/${randomUUID()}/prices`).set(t.admin).send({ data: { type: 'product-price', attributes: { sku: 'x', currencies: usdEur(1, 1) } } }), 404);
    expectErrorDocument(await t.http.get('/pcm/pricebooks/not-a-uuid').set(t.admin), 404);
    expectErrorDocument(await t.http.get(`/pcm/pricebooks/${book.id}/prices?filter=like(sku,x*)`).set(t.admin), 400);
  });

  it('refuses storefront (implicit) tokens (403) and answers the parts not built in the PXM error form', async () => {
    expectErrorDocument(await t.http.get('/pcm/pricebooks').set(t.storefront), 403);
    expectErrorDocument(await t.http.post('/pcm/pricebooks').set(t.storefront).send({ data: { type: 'pricebook', attributes: { name: 'x' } } }), 403);
    expectErrorDocument(await t.http.get('/pcm/pricebooks/prices').set(t.storefront), 403);
    const book = (await ep.PriceBooks.Create({ type: 'pricebook', attributes: { name: 'Later' } })).data;
    for (const res of [
      await t.http.get(`/pcm/pricebooks/${book.id}/modifiers`).set(t.admin),
      await t.http.post(`/pcm/pricebooks/${book.id}/replicate`).set(t.admin).send({ data: { type: 'pricebook', attributes: { name: 'Copy' } } }),
      // `import` is no price book id, so no route of a price book answers it.
      await t.http.post('/pcm/pricebooks/import').set(t.admin).send({}),
    ]) {
      expectErrorDocument(res, 404);
      expect(res.body.errors[0].status).toBe('404');
    }
  });

  it('gives catalogs the prices of given SKUs in one book (PriceBookPrices.pricesFor)', async () => {
    const book = (await ep.PriceBooks.Create({ type: 'pricebook', attributes: { name: 'For catalogs' } })).data;
    const other = (await ep.PriceBooks.Create({ type: 'pricebook', attributes: { name: 'Other' } })).data;
    await ep.PriceBooks.Prices.Create({ pricebookId: book.id, body: { attributes: { sku: 'mug', currencies: usdEur(800, 700) } } });
    await ep.PriceBooks.Prices.Create({ pricebookId: book.id, body: { attributes: { sku: 'cup', currencies: { USD: { amount: 500, includes_tax: false } } } } });
    await ep.PriceBooks.Prices.Create({ pricebookId: other.id, body: { attributes: { sku: 'plate', currencies: usdEur(1, 1) } } });
    const prices = await t.app.get(PriceBookPrices).pricesFor(book.id, ['mug', 'cup', 'plate', 'mug']);
    expect(Object.fromEntries(prices)).toEqual({ mug: usdEur(800, 700), cup: { USD: { amount: 500, includes_tax: false } } });
  });

  it('lists and filters a book of 10,000 prices from its indexes', async () => {
    const book = (await ep.PriceBooks.Create({ type: 'pricebook', attributes: { name: 'Ten thousand' } })).data;
    await t.prisma.$executeRaw`
      INSERT INTO price_book_prices (id, price_book_id, sku, currencies, created_at, updated_at)
      SELECT gen_random_uuid(), ${book.id}::uuid, 'bulk-' || n, '{"USD":{"amount":100,"includes_tax":false}}'::jsonb,
             now() + n * interval '1 millisecond', now()
      FROM generate_series(1, 10000) AS n`;
    await t.prisma.$executeRawUnsafe('ANALYZE price_book_prices');
    const page = await ep.PriceBooks.Prices.Limit(25).Offset(9975).All({ pricebookId: book.id });
    expect(page.meta.results.total).toBe(10000);
    expect(page.data.map((p: any) => p.attributes.sku)).toEqual(Array.from({ length: 25 }, (_, i) => `bulk-${9976 + i}`));
    const one = await ep.PriceBooks.Prices.Filter({ eq: { sku: 'bulk-5000' } }).Limit(25).Offset(0).All({ pricebookId: book.id });
    expect(one.data.map((p: any) => p.attributes.sku)).toEqual(['bulk-5000']);

    const plan = async (sql: string) => ((await t.prisma.$queryRawUnsafe(`EXPLAIN ${sql}`, book.id)) as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
    // In order from an index, never a sort of the book: the (book, created_at, id) index, or, when the book holds
    // nearly every price as here, the (created_at, id) one.
    const pagePlan = await plan('SELECT * FROM price_book_prices WHERE price_book_id = $1::uuid ORDER BY created_at, id LIMIT 25 OFFSET 100');
    expect(pagePlan).toMatch(/Index Scan using price_book_prices_(price_book_id_)?created_at_id_idx/);
    expect(pagePlan).not.toMatch(/Sort|Seq Scan/);
    expect(await plan(`SELECT * FROM price_book_prices WHERE price_book_id = $1::uuid AND sku IN ('bulk-5000', 'bulk-17')`)).toMatch(/Index Scan using price_book_prices_(price_book_id_sku_key|sku_idx)/);
  });
});
