'use strict';
// Part of scenario 5: GET /v2/orders?page[limit]=25&include=items with `Cache-Control: no-cache` (orders have no
// response cache, so every answer is built from the database either way), on the seeded orders of one item each.
const { apiClient, describeFailure } = require('../lib/api');
const { measureUncached, NO_CACHE } = require('../lib/uncached');

const LIMIT = 25;
const ORDERS_ITEMS_PATH = `/v2/orders?page[limit]=${LIMIT}&include=items`;

async function runOrdersList(ctx) {
  const { server, log, skipped, db } = ctx;
  const api = await apiClient(server);
  const probe = await api.get(ORDERS_ITEMS_PATH, NO_CACHE);
  const orders = Array.isArray(probe.json?.data) ? probe.json.data.length : 0;
  const items = Array.isArray(probe.json?.included?.items) ? probe.json.included.items.length : 0;
  if (probe.status !== 200 || orders !== LIMIT || items < LIMIT) {
    skipped.push(`${db}: orders list: ${describeFailure('GET', ORDERS_ITEMS_PATH, probe)} (${orders} orders, ${items} included items)`);
    return undefined;
  }
  const res = await measureUncached({ ...ctx, api }, 'orders', 'orders list include=items', ORDERS_ITEMS_PATH);
  if (res) Object.assign(res, { orders_per_page: orders, included_items: items });
  return res;
}

module.exports = { runOrdersList, ORDERS_ITEMS_PATH };
