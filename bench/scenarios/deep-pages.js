'use strict';
// Scenario 5: GET /v2/orders first page vs page[offset]=9975 vs the keyset walks at record 100,000
// (sort=created_at&filter=ge(created_at,<created_at of that record>), and sort=id&filter=gt(id,<id of the
// record 100,000 in id order>)), over 100,000+ seeded orders.
// /v2/orders refuses offsets above 10,000 (HARD_OFFSET_LIMIT), so 9,975 is the deepest offset page.
//
// Each URL is measured twice:
//   unloaded: BENCH_SEQUENTIAL requests one at a time → median latency. ratio = deep median ÷ first median.
//             This is the target's ratio: the per-request cost, whatever the machine's concurrency.
//   loaded:   autocannon at BENCH_CONNECTIONS like the other scenarios; loaded_ratio = first req/s ÷ deep req/s.
//             With slow pages and short runs few requests complete (in-flight ones are not counted), so
//             it is reported, not judged.
const config = require('../lib/config');
const { measure, sequential, brief } = require('../lib/load');
const { apiClient, describeFailure } = require('../lib/api');
const { ratio } = require('../lib/stats');

const LIMIT = 25;

function paths(keysetCreatedAt, keysetId) {
  return {
    first: `/v2/orders?page[limit]=${LIMIT}`,
    offset: `/v2/orders?page[limit]=${LIMIT}&page[offset]=${config.deepOffset}`,
    keyset: `/v2/orders?page[limit]=${LIMIT}&sort=created_at&filter=ge(created_at,${encodeURIComponent(keysetCreatedAt)})`,
    keyset_id: `/v2/orders?page[limit]=${LIMIT}&sort=id&filter=gt(id,${keysetId})`,
  };
}

async function runDeepPages({ server, seeded, log, skipped, db }) {
  if (!seeded.keysetCreatedAt) {
    skipped.push(`${db}: deep pages: no orders seeded`);
    return null;
  }
  const api = await apiClient(server);
  const p = paths(seeded.keysetCreatedAt, seeded.keysetId);
  const out = {
    orders: seeded.orderCount,
    keyset_record: Math.min(config.keysetAt, seeded.orderCount),
    keyset_created_at: seeded.keysetCreatedAt,
    keyset_id: seeded.keysetId,
    offset: config.deepOffset,
  };
  for (const [name, pathQ] of Object.entries(p)) {
    const r = await api.get(pathQ);
    const items = Array.isArray(r.json?.data) ? r.json.data : [];
    if (r.status !== 200 || items.length !== LIMIT) {
      skipped.push(`${db}: deep pages ${name}: ${describeFailure('GET', pathQ, r)} (${items.length} items)`);
      continue;
    }
    if (name === 'keyset') {
      const first = items[0]?.meta?.timestamps?.created_at;
      out.keyset_first_item_created_at = first;
      if (first && Date.parse(first) !== Date.parse(seeded.keysetCreatedAt)) {
        skipped.push(`${db}: deep pages keyset page starts at ${first}, expected ${seeded.keysetCreatedAt}`);
      }
    }
    if (name === 'keyset_id' && !(items[0].id > seeded.keysetId)) {
      skipped.push(`${db}: deep pages id keyset page starts at ${items[0].id}, not after ${seeded.keysetId}`);
    }
    const unloaded = await sequential(server.base + pathQ, api.authHeaders, { server });
    const loaded = await measure(server.base + pathQ, { headers: api.authHeaders }, { server });
    out[name] = { path: pathQ, unloaded, ...loaded };
    log(db, `orders ${name}`, `unloaded median ${unloaded.median_ms} ms (n=${unloaded.n}); loaded ${brief(loaded)}`);
    if (!config.quick && loaded.p99_ms > (config.durationS * 1000) / 2) {
      skipped.push(
        `${db}: deep pages ${name}: loaded p99 ${loaded.p99_ms} ms is over half of a ${config.durationS} s run (requests in flight at the end are not counted)`,
      );
    }
  }
  if (out.first) {
    for (const name of ['offset', 'keyset', 'keyset_id']) {
      if (!out[name]) continue;
      out[`${name}_ratio`] = ratio(out[name].unloaded.median_ms, out.first.unloaded.median_ms);
      out[`${name}_loaded_ratio`] = ratio(out.first.rps, out[name].rps);
    }
  }
  return out;
}

module.exports = { runDeepPages };
