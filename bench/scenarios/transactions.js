'use strict';
// Scenario 4: GET /v2/orders/{id}/transactions (no-cache), and POST .../transactions/{id}/capture on fresh authorizations.
// Every capture request takes the next seeded (order, authorize transaction) pair from the pool, so each one is a
// real authorized → paid transition (claim, gateway, order row lock, events). A run ends after its share of the
// pool (maxOverallRequests) or after BENCH_DURATION_S, whichever comes first.
const config = require('../lib/config');
const { measure, brief } = require('../lib/load');
const { apiClient, describeFailure } = require('../lib/api');
const { NO_CACHE } = require('../lib/uncached');

/** Pool entries one capture run may consume: its requests, plus one request built ahead per connection. */
function capturePoolPerRun() {
  return config.capturesPerRun + 2 * config.connections;
}

/** How many authorized orders to seed for this scenario (one extra for the probe). */
function authorizedOrdersNeeded() {
  return (config.warmupRuns + config.runs) * capturePoolPerRun() + 1;
}

const capturePath = (ref) => `/v2/orders/${ref.orderId}/transactions/${ref.transactionId}/capture`;

async function runTransactions({ server, seeded, log, skipped, db, bodies }) {
  const pool = seeded.authorized;
  if (pool.length < authorizedOrdersNeeded()) {
    skipped.push(`${db}: transactions: ${pool.length} authorized orders seeded, ${authorizedOrdersNeeded()} needed`);
    return null;
  }
  const api = await apiClient(server);
  const out = {};

  // GET /v2/orders/{id}/transactions with `Cache-Control: no-cache`, rotating over the seeded orders (read only;
  // before any capture). Transactions have no response cache, so every answer is built from the database either
  // way. Every order has one authorize transaction, so the answers differ only in ids and times; the first order's
  // answer is the one its node:http ceiling replays.
  const listPath = (ref) => `/v2/orders/${ref.orderId}/transactions`;
  const lp = await api.get(listPath(pool[0]), NO_CACHE);
  if (lp.status === 200) {
    bodies.transactions = lp.text;
    let i = 0;
    const m = await measure(
      `${server.base}/`,
      {
        headers: { ...api.authHeaders, ...NO_CACHE },
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({ ...req, path: listPath(pool[i++ % pool.length]) }),
          },
        ],
      },
      { server },
    );
    out.transactions_list_uncached = {
      path: '/v2/orders/{id}/transactions (rotating over the seeded authorized orders)',
      ...m,
      body_bytes: Buffer.byteLength(lp.text),
      transactions_per_order: Array.isArray(lp.json?.data) ? lp.json.data.length : null,
    };
    log(db, 'transactions list, uncached', brief(out.transactions_list_uncached));
    if (!m.requests) skipped.push(`${db}: transactions list, uncached: no request completed within a ${m.runs[0]?.duration_s ?? '?'} s run (BENCH_DURATION_S)`);
  } else skipped.push(`${db}: ${describeFailure('GET', listPath(pool[0]), lp)}`);

  // Probe: one capture, then the order must read back as paid.
  const probe = await api.post(capturePath(pool[0]));
  if (probe.status !== 200) {
    skipped.push(`${db}: ${describeFailure('POST', capturePath(pool[0]), probe)}`);
    return out;
  }
  const order = await api.get(`/v2/orders/${pool[0].orderId}`);
  const probeState = { transaction: probe.json?.data?.transaction_type + '/' + probe.json?.data?.status, order_payment: order.json?.data?.payment, order_status: order.json?.data?.status };
  if (probeState.order_payment !== 'paid') skipped.push(`${db}: capture probe left the order ${JSON.stringify(probeState)}, expected payment paid`);

  const perRun = capturePoolPerRun();
  out.capture = await measure(
    `${server.base}/`,
    { headers: api.authHeaders, method: 'POST', maxOverallRequests: config.capturesPerRun },
    {
      server,
      perRun: (run) => {
        const start = 1 + run * perRun;
        const end = start + perRun; // exclusive
        let next = start;
        return {
          requests: [
            {
              method: 'POST',
              // Past the run's slice (never expected) it repeats the last pair, which answers 422 and is counted.
              setupRequest: (req) => ({ ...req, path: capturePath(pool[Math.min(next++, end - 1)]) }),
            },
          ],
        };
      },
    },
  );
  out.capture.captures_per_run_max = config.capturesPerRun;
  out.capture.probe = probeState;
  log(db, 'capture', brief(out.capture));
  return out;
}

module.exports = { runTransactions, authorizedOrdersNeeded };
