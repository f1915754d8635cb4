'use strict';
// Price books: POST /pcm/pricebooks/{id}/prices, each request a new SKU with USD tiers, all into one book; then,
// on the book those runs filled, unloaded reads of a page and of one SKU (eq) from its indexes.
const { apiClient, describeFailure } = require('../lib/api');
const { measure, sequential, brief } = require('../lib/load');

const priceBody = (sku) => ({
  data: { type: 'product-price', attributes: { sku, currencies: { USD: { amount: 1999, includes_tax: false, tiers: { min_10: { minimum_quantity: 10, amount: 1799 } } } } } },
});

async function runPricebookPrices(ctx) {
  const { server, log, skipped, db } = ctx;
  const api = await apiClient(server);
  const book = await api.post('/pcm/pricebooks', { data: { type: 'pricebook', attributes: { name: 'Bench price book' } } });
  if (book.status !== 201) {
    skipped.push(`${db}: price books: ${describeFailure('POST', '/pcm/pricebooks', book)}`);
    return undefined;
  }
  const pricesPath = `/pcm/pricebooks/${book.json.data.id}/prices`;
  const probe = await api.post(pricesPath, priceBody('bench-probe'));
  if (probe.status !== 201) {
    skipped.push(`${db}: price books: ${describeFailure('POST', pricesPath, probe)}`);
    return undefined;
  }
  let next = 0;
  const out = {};
  out.create = await measure(
    `${server.base}${pricesPath}`,
    { headers: { ...api.authHeaders, 'content-type': 'application/json' }, method: 'POST' },
    {
      server,
      perRun: () => ({
        requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: JSON.stringify(priceBody(`bench-${next++}`)) }) }],
      }),
    },
  );
  log(db, 'price creates', brief(out.create));
  const filled = await api.get(`${pricesPath}?page[limit]=1`);
  out.prices_in_book = filled.json?.meta?.results?.total ?? null;
  const middle = `bench-${Math.floor(next / 2)}`;
  out.page_unloaded = await sequential(`${server.base}${pricesPath}?page[limit]=25&page[offset]=100`, api.authHeaders, { server });
  out.eq_sku_unloaded = await sequential(`${server.base}${pricesPath}?filter=eq(sku,${middle})`, api.authHeaders, { server });
  log(db, 'price book of', out.prices_in_book, 'prices: page', out.page_unloaded.median_ms, 'ms, eq(sku)', out.eq_sku_unloaded.median_ms, 'ms');
  return out;
}

module.exports = { runPricebookPrices };
