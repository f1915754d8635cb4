'use strict';
// Shopper catalog (`shopper_catalog`): reads of a published release, asked by a storefront (implicit token) with
// `Cache-Control: no-cache`, as a storefront's own cache would ask. A release never changes, so its finished
// answers are kept whatever the client's Cache-Control (PreparedReads): these measure that path, each against a
// bare node:http server sending the same bytes (scenario 1) and against the uncached `/v2/products` page.
//   shopper_products       GET /catalog/products?page[limit]=25&include=main_image
//   shopper_node_products  GET /catalog/nodes/{node of 300 products}/relationships/products?page[limit]=25&include=main_image
//   shopper_product        GET /catalog/products/{id}
const { apiClient, describeFailure } = require('../lib/api');
const { measureUncached } = require('../lib/uncached');

async function runShopperCatalog(ctx) {
  const { server, seeded, skipped, db } = ctx;
  const release = seeded.release;
  if (!release?.nodeId || !release.productId) {
    skipped.push(`${db}: no seeded release, shopper catalog not run`);
    return {};
  }
  const shopper = await apiClient(server, await server.storefrontToken());
  const uc = { ...ctx, api: shopper };
  const probe = await shopper.get('/catalog/products?page[limit]=25&include=main_image');
  if (probe.status !== 200) {
    skipped.push(`${db}: ${describeFailure('GET', '/catalog/products', probe)}`);
    return {};
  }
  return {
    shopper_products_uncached: await measureUncached(uc, 'shopper_products', 'shopper catalog products', '/catalog/products?page[limit]=25&include=main_image'),
    shopper_node_products_uncached: await measureUncached(uc, 'shopper_node_products', 'shopper catalog node products', `/catalog/nodes/${release.nodeId}/relationships/products?page[limit]=25&include=main_image`),
    shopper_product_uncached: await measureUncached(uc, 'shopper_product', 'shopper catalog product', `/catalog/products/${release.productId}`),
  };
}

module.exports = { runShopperCatalog };
