import { AdminSdk, useSdkApp } from '../support/sdk';
import type { TestApp } from '../support/test-app';

/**
 * PXM authoring as a back office does it end to end with the official SDK: a base product built into children,
 * a bundle of them, and a price book holding a USD and a EUR price for every SKU (children and bundle included).
 */
describe('PXM authoring: variations into children, a bundle, a price book for every SKU', () => {
  const app = useSdkApp();
  let t: TestApp;
  let ep: AdminSdk;
  beforeAll(async () => {
    ({ t, ep } = app);
    const eur = { type: 'currency', code: 'EUR', exchange_rate: 1, format: '€{price}', decimal_point: ',', thousand_separator: '.', decimal_places: 2, default: false, enabled: true };
    await t.http.post('/v2/currencies').set(t.admin).send({ data: eur }).expect(201);
  });

  it('builds, bundles and prices through PCM, PCMVariations and PriceBooks', async () => {
    const size = (await ep.PCMVariations.CreateVariation({ attributes: { name: 'Mug size' } })).data;
    for (const [name, suffix] of [['Small', '-S'], ['Large', '-L']]) {
      const option = (await ep.PCMVariations.CreateVariationsOption(size.id, { attributes: { name, description: name } })).data;
      await ep.PCMVariations.CreateVariationsModifier(size.id, option.id, { attributes: { type: 'sku_append', value: suffix } });
      await ep.PCMVariations.CreateVariationsModifier(size.id, option.id, { attributes: { type: 'slug_append', value: suffix.toLowerCase() } });
    }
    const mug = (await ep.PCM.Create({ type: 'product', attributes: { name: 'Mug', sku: 'MUG', slug: 'mug', commodity_type: 'physical', status: 'live' } })).data;
    await ep.PCM.VariationsRelationships.Create(mug.id, [size.id]);
    await ep.PCM.BuildChildProducts(mug.id);
    const children = (await ep.PCM.GetChildProducts(mug.id)).data as { id: string; attributes: { sku: string } }[];
    expect(children.map((c) => c.attributes.sku).sort()).toEqual(['MUG-L', 'MUG-S']);

    const gift = (
      await ep.PCM.Create({
        type: 'product',
        attributes: {
          name: 'Mug pair',
          sku: 'MUG-PAIR',
          slug: 'mug-pair',
          commodity_type: 'physical',
          status: 'live',
          components: { mugs: { name: 'Mugs', options: children.map((c) => ({ type: 'product', id: c.id, quantity: 1 })), min: 2, max: 2 } },
        },
      })
    ).data;
    expect(gift.meta.product_types).toEqual(['bundle']);

    const book = (await ep.PriceBooks.Create({ type: 'pricebook', attributes: { name: 'Retail' } })).data;
    const skus = ['MUG', ...children.map((c) => c.attributes.sku), 'MUG-PAIR'];
    for (const [i, sku] of skus.entries()) {
      await ep.PriceBooks.Prices.Create({ pricebookId: book.id, body: { attributes: { sku, currencies: { USD: { amount: 1000 + i, includes_tax: false }, EUR: { amount: 900 + i, includes_tax: true } } } } });
    }
    const prices = (await ep.PriceBooks.Prices.All({ pricebookId: book.id })).data as { attributes: { sku: string; currencies: Record<string, { amount: number }> } }[];
    expect(prices.map((p) => p.attributes.sku).sort()).toEqual([...skus].sort());
    expect(prices.every((p) => Object.keys(p.attributes.currencies).sort().join() === 'EUR,USD')).toBe(true);
    const pair = (await ep.PriceBooks.Prices.Filter({ eq: { sku: 'MUG-PAIR' } }).All({ pricebookId: book.id })).data;
    expect(pair.map((p: { attributes: { currencies: { EUR: { amount: number } } } }) => p.attributes.currencies.EUR.amount)).toEqual([903]);
  });
});
