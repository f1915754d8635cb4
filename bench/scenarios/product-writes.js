'use strict';
// Scenario 8: creating products, the legacy catalog's `POST /v2/products` and PXM's `POST /pcm/products` side by
// side in one run, each request a new product (its own SKU and slug), so the two rates compare on one machine
// at one moment: products/s (= req/s of 201s), p50/p99, server CPU per product. Target: PXM within 20 % of legacy.
const { apiClient, describeFailure } = require('../lib/api');
const { measure, brief } = require('../lib/load');

const legacyBody = (key) => ({
  data: { type: 'product', name: `Bench product ${key}`, slug: `bench-${key}`, sku: `BENCH-${key}`, description: 'A product created by the benchmark', manage_stock: false, status: 'live', commodity_type: 'physical', price: [{ amount: 1200, currency: 'USD', includes_tax: true }] },
});
const pcmBody = (key) => ({
  data: { type: 'product', attributes: { name: `Bench product ${key}`, slug: `bench-${key}`, sku: `BENCH-${key}`, description: 'A product created by the benchmark', status: 'live', commodity_type: 'physical' } },
});

const WRITES = [
  { name: 'v2_products_create', path: '/v2/products', body: legacyBody },
  { name: 'pcm_products_create', path: '/pcm/products', body: pcmBody },
];

async function runProductWrites(ctx) {
  const { server, log, skipped, db } = ctx;
  const api = await apiClient(server);
  const out = {};
  for (const w of WRITES) {
    const probe = await api.post(w.path, w.body(`probe-${w.name}`));
    if (probe.status !== 201) {
      skipped.push(`${db}: ${w.name}: ${describeFailure('POST', w.path, probe)}`);
      continue;
    }
    let next = 0;
    const m = await measure(
      `${server.base}${w.path}`,
      {
        method: 'POST',
        headers: { ...api.authHeaders, 'content-type': 'application/json' },
        requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, body: JSON.stringify(w.body(`${w.name}-${process.pid}-${next++}`)) }) }],
      },
      { server },
    );
    out[w.name] = { path: `POST ${w.path}`, products_per_s: m.status_codes['201'] !== undefined ? m.rps : 0, ...m };
    log(db, `${w.name}`, brief(m));
  }
  const legacy = out.v2_products_create?.products_per_s;
  const pcm = out.pcm_products_create?.products_per_s;
  if (legacy && pcm) out.pcm_products_create_vs_v2 = Math.round((pcm / legacy) * 1000) / 1000;
  return out;
}

module.exports = { runProductWrites };
