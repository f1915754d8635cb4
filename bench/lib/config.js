'use strict';
// Benchmark settings: command-line flag `--quick` and BENCH_* environment variables (see bench/README.md).
const path = require('node:path');

const QUICK = process.argv.includes('--quick');

function num(name, full, quick) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return QUICK ? quick : full;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

const config = {
  quick: QUICK,
  root: path.resolve(__dirname, '..', '..'),
  resultsDir: path.resolve(__dirname, '..', 'results'),
  durationS: num('BENCH_DURATION_S', 5, 1),
  runs: Math.max(1, Math.round(num('BENCH_RUNS', 3, 1))),
  /** An unmeasured warm-up before every measurement (s of load; webhooks: one round), so JIT compilation and
   *  first connections are not counted; 0 turns it off. */
  warmupS: num('BENCH_WARMUP_S', 2, 0),
  connections: Math.max(1, Math.round(num('BENCH_CONNECTIONS', 50, 50))),
  /** Unloaded (one-at-a-time) requests per deep-page URL. */
  sequentialCount: Math.max(1, Math.round(num('BENCH_SEQUENTIAL', 20, 5))),
  /** Safety cap on requests per autocannon run (duration is the normal bound). */
  maxRequestsPerRun: Math.round(num('BENCH_MAX_REQUESTS', 200_000, 50_000)),
  products: Math.round(num('BENCH_PRODUCTS', 10_000, 1_000)),
  /** Live PXM products of the catalog the publish scenario publishes. */
  publishProducts: Math.round(num('BENCH_PUBLISH_PRODUCTS', 10_000, 1_000)),
  /** Orders for the deep-page scenario (the keyset walk starts at record BENCH_KEYSET_AT). */
  orders: Math.round(num('BENCH_ORDERS', 101_000, 20_000)),
  keysetAt: Math.round(num('BENCH_KEYSET_AT', 100_000, 19_900)),
  deepOffset: Math.round(num('BENCH_DEEP_OFFSET', 9_975, 9_975)),
  /** Authorized orders seeded per capture run (each capture request takes a fresh one). */
  capturesPerRun: Math.round(num('BENCH_CAPTURES', 4_000, 1_000)),
  /** Webhook deliveries per integration level and run; events = max(min, deliveries / integrations). */
  webhookDeliveries: Math.round(num('BENCH_WEBHOOK_DELIVERIES', 2_000, 100)),
  webhookMinEvents: Math.round(num('BENCH_WEBHOOK_MIN_EVENTS', 20, 2)),
  webhookLevels: (process.env.BENCH_WEBHOOK_LEVELS || '1,10,100').split(',').map(Number).filter((n) => n > 0),
  /** Event-generating requests (POST /v2/products) in flight at once. */
  webhookGenConcurrency: Math.max(1, Math.round(num('BENCH_WEBHOOK_CONCURRENCY', 20, 20))),
  /** Paced webhook rounds: deliveries per second asked for (events/s = this ÷ integrations), and for how long. */
  webhookPacedRate: num('BENCH_WEBHOOK_PACED_RATE', 500, 500),
  webhookPacedS: num('BENCH_WEBHOOK_PACED_S', 4, 1),
  /** Longest wait for the deliveries of one round after its last event was created. */
  webhookWaitS: num('BENCH_WEBHOOK_WAIT_S', 60, 20),
  pgAdminUrl: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  dbs: (process.env.BENCH_DBS || 'postgres,pglite').split(',').map((s) => s.trim()).filter(Boolean),
  scenarios: process.env.BENCH_SCENARIOS ? new Set(process.env.BENCH_SCENARIOS.split(',').map((s) => s.trim())) : null,
  /** Hard limit for the whole benchmark; on expiry every child is killed and the partial results written. */
  watchdogS: num('BENCH_WATCHDOG_S', 1800, 300),
  clientId: 'bench-client',
  clientSecret: 'bench-secret-bench-secret-1234567890',
  firstPort: Math.round(num('BENCH_PORT', 39100, 39100)),
  /** The package.json script whose node flags the server runs with (`start`, or `start:small`). */
  startScript: process.env.BENCH_START_SCRIPT || 'start',
};

/** Warm-up runs before the measured ones: request generators (`perRun`) must provide for them too. */
config.warmupRuns = config.warmupS > 0 ? 1 : 0;

for (const db of config.dbs) {
  if (!['postgres', 'pglite'].includes(db)) throw new Error(`BENCH_DBS: unknown database "${db}" (postgres, pglite)`);
}

let nextPort = config.firstPort;
/** Ports from BENCH_PORT (39100) upwards; every server the harness starts is on 127.0.0.1. */
config.allocatePort = () => nextPort++;

/** True when a scenario is selected (BENCH_SCENARIOS=catalog,transactions,deep_pages,webhooks,ceiling; default all). */
config.enabled = (name) => !config.scenarios || config.scenarios.has(name);

module.exports = config;
