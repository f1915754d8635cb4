import { BadRequestError } from '../common/errors/api-error';
import type { ReleasedProduct } from './release-reader';

export const CATALOG_INCLUDES = ['main_image', 'files', 'component_products'] as const;
export type CatalogInclude = (typeof CATALOG_INCLUDES)[number];

/** Elastic Path's limit on `include`, as elsewhere in this API. */
const MAX_INCLUDES = 5;

/**
 * `include=main_image,files` or `include=main_image&include=files` (either spelling, any case): the known names,
 * each once, in the order asked. Names of nothing a catalog product has are left out, as the other includes do.
 */
export function parseCatalogIncludes(raw: unknown): CatalogInclude[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const values = (Array.isArray(raw) ? raw : [raw]).map((v) => (typeof v === 'string' ? v : ''));
  const names = values.flatMap((v) => v.split(',')).map((n) => n.trim().toLowerCase()).filter(Boolean);
  if (names.length > MAX_INCLUDES) throw new BadRequestError(`include takes at most ${MAX_INCLUDES} names`, { parameter: 'include' });
  const known = names.map((n) => (n === 'main_images' ? 'main_image' : n)).filter((n): n is CatalogInclude => (CATALOG_INCLUDES as readonly string[]).includes(n));
  return [...new Set(known)];
}

const CURRENCY_CODE = /^[A-Za-z]{3}$/;

/**
 * The currency a catalog read shows display prices in: `X-Moltin-Currency` (any case), else the store's default.
 * A header that names no currency (not three letters) is taken as one no product is priced in: the products
 * answer without display prices, as they do for a currency of the store no price book prices them in.
 */
export function requestCurrency(header: string | undefined, storeDefault: string | undefined): string | null {
  const value = header?.trim();
  if (!value) return storeDefault ?? null;
  return CURRENCY_CODE.test(value) ? value.toUpperCase() : null;
}

/**
 * The product's object with `meta` shallow-merged with what the release holds for `currency`; a bundle's
 * `component_products` is merged component by component, so each keeps its `price` and `pricebook_id` beside
 * its `display_price`.
 */
export function productInCurrency(product: ReleasedProduct, currency: string | null): Record<string, any> {
  const forCurrency = currency ? product.byCurrency[currency] : undefined;
  if (!forCurrency) return product.body;
  const meta: Record<string, any> = { ...(product.body.meta ?? {}), ...forCurrency };
  const components = product.body.meta?.component_products;
  if (isObject(components) && isObject(forCurrency.component_products)) {
    meta.component_products = { ...components };
    for (const [id, shown] of Object.entries(forCurrency.component_products)) meta.component_products[id] = { ...(components[id] ?? {}), ...(shown as object) };
  }
  return { ...product.body, meta };
}

const isObject = (value: unknown): value is Record<string, any> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Objects with an `id`, each once, in first-seen order. */
export function uniqueById(objects: (Record<string, any> | null | undefined)[]): Record<string, any>[] {
  const seen = new Set<string>();
  const out: Record<string, any>[] = [];
  for (const object of objects) {
    if (!object || typeof object.id !== 'string' || seen.has(object.id)) continue;
    seen.add(object.id);
    out.push(object);
  }
  return out;
}


/**
 * A file as a release keeps it has links relative to the API (it was written with no request, so no origin): they
 * are made absolute with the request's origin, so a storefront's `<img src>` reaches the API, not the page's host.
 */
export function fileWithOrigin(file: Record<string, any>, base: string): Record<string, any> {
  const absolute = (url: unknown) => (typeof url === 'string' && url.startsWith('/') ? `${base}${url}` : url);
  return {
    ...file,
    ...(file.link ? { link: { ...file.link, href: absolute(file.link.href) } } : {}),
    ...(file.links ? { links: { ...file.links, self: absolute(file.links.self) } } : {}),
  };
}
