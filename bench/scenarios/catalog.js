'use strict';
// Scenario 2: GET /v2/products?page[limit]=25&include=main_image,categories on the seeded catalog: 25 products in
// 25 categories of ~100 (~190 KB). Uncached also at page[offset]=300: 25 products of one category of 300 (~50 KB),
// and the first page asked with a storefront (implicit) token, which sees live products and categories only.
// Scenario 3: GET /v2/categories/{id}?include=products (a category of ~100 products).
// Plus /health as a reference point (no auth, no database beyond a ping).
// Catalog reads are served from the response cache when nothing changed; each is measured again with
// `Cache-Control: no-cache` (`*_uncached`), which makes the server build every answer from the database.
// The uncached answers' bytes go to `bodies` for their node:http ceilings (scenario 1); the cached products
// page's, as `products_cached`, for the Express ceiling.
const { measure, brief } = require('../lib/load');
const { apiClient, describeFailure } = require('../lib/api');
const { measureUncached } = require('../lib/uncached');

const PRODUCTS_PATH = '/v2/products?page[limit]=25&include=main_image,categories';
const PRODUCTS_ONE_CATEGORY_PATH = `${PRODUCTS_PATH}&page[offset]=300`;

async function runCatalog(ctx) {
  const { server, seeded, log, skipped, db, bodies } = ctx;
  const api = await apiClient(server);
  const uc = { ...ctx, api };
  const out = {};
  out.health = await measure(`${server.base}/health`, {}, { server });
  log(db, 'health', brief(out.health));

  const pr = await api.get(PRODUCTS_PATH);
  if (pr.status === 200) {
    bodies.products_cached = pr.text;
    out.products_list = { ...(await measure(server.base + PRODUCTS_PATH, { headers: api.authHeaders }, { server })), body_bytes: Buffer.byteLength(pr.text) };
    log(db, 'products list', brief(out.products_list));
    out.products_list_uncached = await measureUncached(uc, 'products', 'products list', PRODUCTS_PATH);
    out.products_list_one_category_uncached = await measureUncached(uc, 'products_one_category', 'products list, one category', PRODUCTS_ONE_CATEGORY_PATH);
    const shopper = await apiClient(server, await server.storefrontToken());
    out.products_list_storefront_uncached = await measureUncached({ ...uc, api: shopper }, 'products_storefront', 'products list, storefront', PRODUCTS_PATH);
  } else skipped.push(`${db}: ${describeFailure('GET', PRODUCTS_PATH, pr)}`);

  if (seeded.categoryId) {
    const cp = `/v2/categories/${seeded.categoryId}?include=products`;
    const r = await api.get(cp);
    if (r.status === 200) {
      out.category_include = {
        ...(await measure(server.base + cp, { headers: api.authHeaders }, { server })),
        products_in_category: seeded.categoryProducts,
        body_bytes: Buffer.byteLength(r.text),
      };
      log(db, 'category include', brief(out.category_include));
      out.category_include_uncached = await measureUncached(uc, 'category', 'category include', cp);
    } else skipped.push(`${db}: ${describeFailure('GET', cp, r)}`);
  } else skipped.push(`${db}: no seeded category, scenario 3 not run`);
  return out;
}

module.exports = { runCatalog, PRODUCTS_PATH };
