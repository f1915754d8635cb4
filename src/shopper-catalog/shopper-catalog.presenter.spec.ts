import type { ReleasedProduct } from './release-reader';
import { parseCatalogIncludes, productInCurrency, requestCurrency, uniqueById } from './shopper-catalog.presenter';

const product = (byCurrency: Record<string, any>): ReleasedProduct => ({
  id: 'p1',
  sku: 'SKU',
  name: 'P',
  slug: 'p',
  productTypes: ['standard'],
  parentId: null,
  componentIds: [],
  body: { id: 'p1', type: 'product', attributes: { name: 'P' }, meta: { catalog_source: 'pim', product_types: ['standard'] } },
  byCurrency,
  mainImage: null,
  files: [],
});

describe('shopper catalog presenting', () => {
  it('takes include as a comma list or repeated, any case, each known name once', () => {
    expect(parseCatalogIncludes('main_image,FILES')).toEqual(['main_image', 'files']);
    expect(parseCatalogIncludes(['main_image', 'component_products,main_image'])).toEqual(['main_image', 'component_products']);
    expect(parseCatalogIncludes('categories')).toEqual([]);
    expect(parseCatalogIncludes(undefined)).toEqual([]);
    expect(() => parseCatalogIncludes('a,b,c,d,e,f')).toThrow('include takes at most 5 names');
  });

  it("shows prices in the header's currency, else the store's default; a header naming no currency shows none", () => {
    expect(requestCurrency('eur', 'USD')).toBe('EUR');
    expect(requestCurrency(undefined, 'USD')).toBe('USD');
    expect(requestCurrency('  ', 'GBP')).toBe('GBP');
    expect(requestCurrency('euro', 'USD')).toBeNull();
  });

  it("merges the currency's members into meta, leaving the stored body as it is", () => {
    const p = product({ USD: { display_price: { with_tax: { amount: 100 } } } });
    expect(productInCurrency(p, 'USD').meta).toEqual({ catalog_source: 'pim', product_types: ['standard'], display_price: { with_tax: { amount: 100 } } });
    expect(productInCurrency(p, 'EUR')).toBe(p.body);
    expect(productInCurrency(p, null)).toBe(p.body);
    expect(p.body.meta.display_price).toBeUndefined();
  });

  it('keeps each included object once', () => {
    expect(uniqueById([{ id: 'a' }, null, { id: 'b' }, { id: 'a', x: 1 }])).toEqual([{ id: 'a' }, { id: 'b' }]);
  });
});
