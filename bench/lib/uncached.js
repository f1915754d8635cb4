'use strict';
// The uncached reads (sent with `Cache-Control: no-cache`), each compared with a bare node:http server
// returning the same bytes (scenario 1): `<name>_uncached_fraction_of_node_http` = req/s ÷ that ceiling's req/s.
const { ratio } = require('./stats');
const { measure, brief } = require('./load');
const { describeFailure } = require('./api');

const NO_CACHE = { 'cache-control': 'no-cache' };

/**
 * name → the result key of its measurement in `databases.<db>`; only `products` is judged (on PostgreSQL).
 * `practical`: a products page whose practical ceiling is measured too (scenarios/practical-ceiling.js).
 */
const UNCACHED_READS = [
  { name: 'products', result: 'products_list_uncached', judged: true, practical: true },
  { name: 'products_one_category', result: 'products_list_one_category_uncached', practical: true },
  { name: 'products_storefront', result: 'products_list_storefront_uncached' },
  { name: 'category', result: 'category_include_uncached' },
  { name: 'orders', result: 'orders_list_uncached' },
  { name: 'transactions', result: 'transactions_list_uncached' },
  // A published release's reads are answered from what it keeps: ≥ 30 % of node:http, ≥ 5 × the uncached /v2 page.
  { name: 'shopper_products', result: 'shopper_products_uncached', judged: true, minFraction: 0.3, minVsV2: 5 },
  { name: 'shopper_node_products', result: 'shopper_node_products_uncached', judged: true, minFraction: 0.3, minVsV2: 5 },
  { name: 'shopper_product', result: 'shopper_product_uncached', judged: true, minFraction: 0.3, minVsV2: 5 },
];

/**
 * Measures GET `pathQ` sent with no-cache; the answer to one request first is kept in `ctx.bodies[name]` (for its
 * node:http ceiling). Returns { path, ...figures, body_bytes }, or undefined (noted in `skipped`) when not 200.
 */
async function measureUncached({ server, api, bodies, log, skipped, db }, name, label, pathQ) {
  const r = await api.get(pathQ, NO_CACHE);
  if (r.status !== 200) {
    skipped.push(`${db}: ${describeFailure('GET', pathQ, r)} (no-cache)`);
    return undefined;
  }
  bodies[name] = r.text;
  const m = await measure(server.base + pathQ, { headers: { ...api.authHeaders, ...NO_CACHE } }, { server });
  const res = { path: pathQ, ...m, body_bytes: Buffer.byteLength(r.text) };
  log(db, `${label}, uncached`, brief(res));
  if (!m.requests) skipped.push(`${db}: ${label}, uncached: no request completed within a ${m.runs[0]?.duration_s ?? '?'} s run (BENCH_DURATION_S)`);
  return res;
}

/** The response each node:http ceiling replays: PostgreSQL's when there is one, else PGlite's. */
function ceilingBodies(bodiesByDb) {
  const out = {};
  for (const { name } of UNCACHED_READS) {
    const db = ['postgres', 'pglite'].find((d) => bodiesByDb[d]?.[name]);
    if (db) out[name] = { body: bodiesByDb[db][name], from: db };
  }
  return out;
}

/** Sets `<name>_uncached_fraction_of_node_http` on every database's results (null when either side is missing). */
function addNodeHttpFractions(databases, ceilings) {
  for (const r of Object.values(databases)) {
    for (const { name, result } of UNCACHED_READS) {
      if (!r[result] && !ceilings?.[name]) continue;
      r[`${name}_uncached_fraction_of_node_http`] = ratio(r[result]?.rps ?? null, ceilings?.[name]?.rps ?? null);
    }
  }
}

/** One row per database and uncached read, for the console. */
function uncachedRows(databases, ceilings) {
  const rows = [];
  for (const [db, r] of Object.entries(databases)) {
    for (const { name, result } of UNCACHED_READS) {
      const m = r[result];
      if (!m) continue;
      rows.push({
        db,
        name,
        rps: m.rps,
        node_http_rps: ceilings?.[name]?.rps ?? null,
        fraction: r[`${name}_uncached_fraction_of_node_http`] ?? null,
        practical_rps: r.practical_ceilings?.[name]?.rps ?? null,
        of_practical: r[`${name}_uncached_fraction_of_practical_ceiling`] ?? null,
        p99_ms: m.p99_ms,
        cpu_ms_per_req: m.server_cpu_ms_per_req,
        body_bytes: m.body_bytes ?? null,
      });
    }
  }
  return rows;
}

module.exports = { NO_CACHE, measureUncached, UNCACHED_READS, ceilingBodies, addNodeHttpFractions, uncachedRows };
