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
const { runOrdersList } = require('./scenarios/orders-list');
const { runCeiling, runNodeHttpCeiling } = require('./scenarios/ceiling');
const { runPracticalCeilings } = require('./scenarios/practical-ceiling');
const { runProductWrites } = require('./scenarios/product-writes');
const { runPricebookPrices } = require('./scenarios/pricebook-prices');
const { runShopperCatalog } = require('./scenarios/shopper-catalog');
const { UNCACHED_READS, ceilingBodies, addNodeHttpFractions, uncachedRows } = require('./lib/uncached');

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
  node_http_ceilings: {},
  databases: {},
  targets_summary: null,
  targets: [],
  warnings: [], // scenarios skipped and measurement caveats
  errors: [],
};

/** Per database, the bytes of the responses the ceilings replay (kept out of latest.json). */
const bodiesByDb = {};

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
      products: config.enabled('catalog') || config.enabled('ceiling') || config.enabled('shopper_catalog') ? config.products : 0,
      release: config.enabled('shopper_catalog'),
      authorizedOrders: config.enabled('transactions') ? authorizedOrdersNeeded() : 0,
      orders: config.enabled('deep_pages') ? config.orders : 0,
      keysetAt: config.enabled('deep_pages') ? config.keysetAt : 0,
    };
    const seeded = await db.withQuery((query) => seedAll(query, seedOpts));
    out.seed = { ...seedOpts, orders_total: seeded.orderCount, category_products: seeded.categoryProducts, first_category_products: seeded.firstCategoryProducts, ms: seeded.ms };
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
    const ctx = { server, seeded, log, skipped: results.warnings, db: kind, bodies: (bodiesByDb[kind] = {}) };
    try {
      if (config.enabled('catalog') || config.enabled('ceiling')) Object.assign(out, await runCatalog(ctx));
      if (kind === 'postgres' && config.enabled('ceiling')) await runPracticalCeilings(ctx, db.env.DATABASE_URL, out);
      if (config.enabled('transactions')) Object.assign(out, await runTransactions(ctx));
      if (config.enabled('deep_pages')) {
        out.orders_list_uncached = await runOrdersList(ctx);
        out.deep_pages = await runDeepPages(ctx);
      }
      if (config.enabled('product_writes')) out.product_writes = await runProductWrites(ctx);
      if (config.enabled('webhooks')) out.webhooks = await runWebhooks(ctx);
      if (config.enabled('pricebook_prices')) out.pricebook_prices = await runPricebookPrices(ctx);
      if (config.enabled('shopper_catalog')) Object.assign(out, await runShopperCatalog(ctx));
    } finally {
      out.peak_rss_mb = server.peakRssMb();
      const stopped = await server.stop();
      if (stopped.signal === 'SIGKILL') results.warnings.push(`${kind}: the server did not stop on SIGTERM within 15 s (killed)`);
    }
  } finally {
    await db.drop().catch((e) => results.errors.push(`${kind}: drop: ${e.message}`));
  }
}

async function runCeilings() {
  const cached = bodiesByDb.postgres?.products_cached || bodiesByDb.pglite?.products_cached;
  if (cached) results.ceiling = await runCeiling({ body: cached, log });
  else results.warnings.push('ceiling: no scenario 2 response to replay (Express)');
  const bodies = ceilingBodies(bodiesByDb);
  for (const [name, { body, from }] of Object.entries(bodies)) {
    results.node_http_ceilings[name] = { body_from: from, ...(await runNodeHttpCeiling({ body, name, log })) };
  }
  const missing = UNCACHED_READS.map((u) => u.name).filter((n) => !bodies[n]);
  if (missing.length) results.warnings.push(`ceiling: no response to replay (node:http): ${missing.join(', ')}`);
}

function printSummary() {
  console.log('\nUncached reads (Cache-Control: no-cache) vs bare node:http with the same bytes, and vs the practical ceiling (PostgreSQL):');
  console.log(`  ${'db'.padEnd(8)} ${'read'.padEnd(22)} ${'req/s'.padStart(8)} ${'node:http'.padStart(9)} ${'fraction'.padStart(8)} ${'practical'.padStart(9)} ${'fraction'.padStart(8)} ${'p99 ms'.padStart(7)} ${'cpu ms/req'.padStart(10)} ${'bytes'.padStart(7)}`);
  for (const u of uncachedRows(results.databases, results.node_http_ceilings)) {
    const cell = (v, w) => String(v ?? '-').padStart(w);
    console.log(`  ${u.db.padEnd(8)} ${u.name.padEnd(22)} ${cell(u.rps, 8)} ${cell(u.node_http_rps, 9)} ${cell(u.fraction, 8)} ${cell(u.practical_rps, 9)} ${cell(u.of_practical, 8)} ${cell(u.p99_ms, 7)} ${cell(u.cpu_ms_per_req, 10)} ${cell(u.body_bytes, 7)}`);
  }
  console.log('\nTargets:');
  for (const t of results.targets) {
    const met = t.met === null ? 'not measured' : t.met ? 'met' : 'MISSED';
    const mark = t.judged ? met : `reported (${t.met === null ? 'not measured' : t.met ? 'at or above' : 'below'})`;
    console.log(`  ${t.db.padEnd(8)} ${t.id.padEnd(44)} ${String(t.value).padStart(9)} (${t.target})  ${mark}`);
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

  // 1. Ceilings, after the databases: they replay the databases' responses (PostgreSQL's, else PGlite's).
  if (config.enabled('ceiling')) await runCeilings();
  for (const r of Object.values(results.databases)) {
    if (r.products_list) r.products_fraction_of_ceiling = ratio(r.products_list.rps, results.ceiling?.rps ?? null);
  }
  addNodeHttpFractions(results.databases, results.node_http_ceilings);
  for (const r of Object.values(results.databases)) {
    for (const name of ['shopper_products', 'shopper_node_products', 'shopper_product']) {
      if (r[`${name}_uncached`]) r[`${name}_vs_v2_products_uncached`] = ratio(r[`${name}_uncached`].rps, r.products_list_uncached?.rps ?? null);
    }
  }

  results.targets = evaluateTargets(results, config);
  const judged = results.targets.filter((t) => t.judged);
  results.targets_summary = {
    met: judged.filter((t) => t.met === true).length,
    missed: judged.filter((t) => t.met === false).length,
    not_measured: judged.filter((t) => t.met === null).length,
    reported: results.targets.length - judged.length,
  };
  clearTimeout(watchdog);
  const file = writeResults();
  printSummary();
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
