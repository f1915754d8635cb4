#!/usr/bin/env node
// npm run db:migrate — applies pending prisma/migrations to DATABASE_URL, or to the embedded PGlite
// database in PGLITE_DATA_DIR (default ./data/pglite) when DATABASE_URL is unset.
'use strict';
const path = require('node:path');
const { root, loadProjectModule: load } = require('./lib/load-project-module');

async function main() {
  const { migrateDatabase } = load('prisma/migrator');
  const { describeDatabase, closeEmbedded } = load('prisma/database-adapter');
  const opts = {
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDataDir: process.env.PGLITE_DATA_DIR || path.join(root, 'data', 'pglite'),
  };
  if (!opts.databaseUrl && !opts.pgliteDataDir.startsWith('memory://')) {
    load('config/data-directories').assertWritableDirectory({ variable: 'PGLITE_DATA_DIR', dir: opts.pgliteDataDir });
  }
  console.log(`Migrating ${describeDatabase(opts)}`);
  const started = Date.now();
  try {
    const { applied } = await migrateDatabase(opts, (msg) => console.log(`  ${msg}`));
    console.log(applied.length ? `Applied ${applied.length} migration(s)` : 'No pending migrations', `in ${Date.now() - started} ms`);
  } finally {
    await closeEmbedded(opts);
  }
}

main().catch((e) => {
  // A data directory this user cannot write is a deployment mistake with a fix, told like the server tells it.
  const misconfigured = e instanceof load('config/app-config').ConfigError;
  console.error(misconfigured ? `Configuration error: ${e.message}` : e instanceof Error ? e.message : e);
  process.exit(misconfigured ? 78 : 1);
});
