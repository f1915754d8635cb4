#!/usr/bin/env node
// One-command benchmark: `npm run bench` (full) or `npm run bench -- --quick` (smoke). See bench/README.md.
// Loopback only; every load loop is bounded in time and count; a watchdog ends the whole run.
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const config = require('./lib/config');
const { runCleanup } = require('./lib/cleanup');
const { createDatabase } = require('./lib/database');
const { seedAll } = require('./lib/seed');
const { startFlags, startServer } = require('./lib/server');
const { evaluateTargets } = require('./lib/targets');
const { round, ratio } = require('./lib/stats');
const { runCatalog } = require('./scenarios/catalog');
const { runTransactions, authorizedOrdersNeeded } = require('./scenarios/transactions');
const { runDeepPages } = require('./scenarios/deep-pages');
const { runWebhooks } = require('./scenarios/webhooks');
const { runCeiling } = require('./scenarios/ceiling');

const started = Date.now();
const log = (...a) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s]`, ...a);

const results = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  cpu_model: os.cpus()[0]?.model,
  quick: config.quick,
  settings: {
    duration_s: config.durationS,
    runs: config.runs,
    connections: config.connections,
    products: config.products,
    orders: config.orders,
    keyset_at: config.keysetAt,
    deep_offset: config.deepOffset,
    captures_per_run: config.capturesPerRun,
    webhook_deliveries_per_level: config.webhookDeliveries,
    webhook_levels: config.webhookLevels,
    webhook_paced_deliveries_per_s: config.webhookPacedRate,
    webhook_paced_s: config.webhookPacedS,
    dbs: config.dbs,
    start_script: config.startScript,
    server_flags: startFlags(),
    glibc_tunables: process.env.GLIBC_TUNABLES || null,
    scenarios: config.scenarios ? [...config.scenarios] : 'all',
  },
  ceiling: null,
  databases: {},
  targets_summary: null,
  targets: [],
  warnings: [], // scenarios skipped and measurement caveats
  errors: [],
};

function writeResults(partial) {
  results.elapsed_s = round((Date.now() - started) / 1000);
  if (partial) results.partial = partial;
  fs.mkdirSync(config.resultsDir, { recursive: true });
  const file = path.join(config.resultsDir, 'latest.json');
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(results, null, 2) + '\n');
  fs.renameSync(`${file}.tmp`, file);
  return file;
}

/** Cold start on a fresh database, SQL seeding with no server running, then every scenario on one server. */
async function runDatabase(kind) {
  const out = {};
  results.databases[kind] = out;
  const db = await createDatabase(kind);
  try {
    // 7. Cold start: spawn → first 200 on /health, on a fresh database (so migrations included).
    let server = await startServer(db);
    out.cold_start_ms = Math.round(server.coldMs);
    log(kind, 'cold start', out.cold_start_ms, 'ms');
    const exit = await server.stop();
    if (exit.signal === 'SIGKILL') results.warnings.push(`${kind}: the server did not stop on SIGTERM within 15 s (killed)`);

    const seedOpts = {
      products: config.enabled('catalog') || config.enabled('ceiling') ? config.products : 0,
      authorizedOrders: config.enabled('transactions') ? authorizedOrdersNeeded() : 0,
      orders: config.enabled('deep_pages') ? config.orders : 0,
      keysetAt: config.enabled('deep_pages') ? config.keysetAt : 0,
    };
    const seeded = await db.withQuery((query) => seedAll(query, seedOpts));
    out.seed = { ...seedOpts, orders_total: seeded.orderCount, category_products: seeded.categoryProducts, ms: seeded.ms };
    log(kind, 'seeded by SQL', JSON.stringify(out.seed));

    server = await startServer(db);
    out.restart_ms = Math.round(server.coldMs);
    out.rss_at_start_mb = server.rssMb(); // before any load: what the process needs just to run
    server.onCrash(({ code, signal, output }) => {
      const why = code === 0 ? ' — exit 0 is its graceful stop on SIGTERM/SIGINT, so something outside the harness signalled it' : '';
      const msg = `${kind}: the server exited during the benchmark (code ${code}, signal ${signal})${why}; its last output:\n${output}`;
      log(msg);
      results.errors.push(msg);
    });
    const ctx = { server, seeded, log, skipped: results.warnings, db: kind };
    try {
      if (config.enabled('catalog') || config.enabled('ceiling')) {
        const { results: r, productsBody } = await runCatalog(ctx);
        Object.assign(out, r);
        out.products_body = productsBody;
      }
      if (config.enabled('transactions')) Object.assign(out, await runTransactions(ctx));
      if (config.enabled('deep_pages')) out.deep_pages = await runDeepPages(ctx);
      if (config.enabled('webhooks')) out.webhooks = await runWebhooks(ctx);
    } finally {
      out.peak_rss_mb = server.peakRssMb();
      const stopped = await server.stop();
      if (stopped.signal === 'SIGKILL') results.warnings.push(`${kind}: the server did not stop on SIGTERM within 15 s (killed)`);
    }
  } finally {
    await db.drop().catch((e) => results.errors.push(`${kind}: drop: ${e.message}`));
  }
}

async function main() {
  const watchdog = setTimeout(async () => {
    console.error(`watchdog: the benchmark exceeded ${config.watchdogS} s; stopping`);
    results.errors.push(`watchdog: stopped after ${config.watchdogS} s`);
    await runCleanup();
    console.error('partial results:', writeResults('watchdog'));
    process.exit(2);
  }, config.watchdogS * 1000);
  watchdog.unref();
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.once(sig, async () => {
      console.error(`${sig}: stopping servers, dropping databases`);
      await runCleanup();
      writeResults(sig);
      process.exit(130);
    });
  }
  log(`server: node ${results.settings.server_flags.join(' ')} dist/main.js (package.json "${config.startScript}")` +
    (results.settings.glibc_tunables ? `, GLIBC_TUNABLES=${results.settings.glibc_tunables}` : ''));

  for (const kind of config.dbs) {
    try {
      await runDatabase(kind);
    } catch (e) {
      log(kind, 'FAILED', e.message);
      results.errors.push(`${kind}: ${e.stack || e.message}`);
    }
  }

  // 1. Ceiling, after the databases: it needs scenario 2's body (PostgreSQL's, else PGlite's).
  const body = results.databases.postgres?.products_body || results.databases.pglite?.products_body;
  for (const r of Object.values(results.databases)) delete r.products_body;
  if (config.enabled('ceiling')) {
    if (body) results.ceiling = await runCeiling({ body, log });
    else results.warnings.push('ceiling: no scenario 2 response to replay');
  }
  for (const r of Object.values(results.databases)) {
    if (r.products_list) r.products_fraction_of_ceiling = ratio(r.products_list.rps, results.ceiling?.rps ?? null);
    if (r.products_list_uncached) r.products_uncached_fraction_of_ceiling = ratio(r.products_list_uncached.rps, results.ceiling?.rps ?? null);
  }

  results.targets = evaluateTargets(results, config);
  results.targets_summary = {
    met: results.targets.filter((t) => t.met === true).length,
    missed: results.targets.filter((t) => t.met === false).length,
    not_measured: results.targets.filter((t) => t.met === null).length,
  };
  clearTimeout(watchdog);
  const file = writeResults();
  console.log('\nTargets:');
  for (const t of results.targets) {
    const mark = t.met === null ? 'not measured' : t.met ? 'met' : 'MISSED';
    console.log(`  ${t.db.padEnd(8)} ${t.id.padEnd(32)} ${String(t.value).padStart(9)} (${t.target})  ${mark}`);
  }
  if (results.warnings.length) console.log('\nWarnings (skipped scenarios, caveats):\n  ' + results.warnings.join('\n  '));
  if (results.errors.length) console.log('\nErrors:\n  ' + results.errors.join('\n  '));
  console.log(`\nwritten ${path.relative(process.cwd(), file)} in ${results.elapsed_s} s`);
}

main().then(
  () => process.exit(results.errors.length ? 1 : 0),
  async (e) => {
    console.error(e);
    await runCleanup();
    process.exit(1);
  },
);
