#!/usr/bin/env node
// npm run db:migrate — applies pending prisma/migrations to DATABASE_URL, or to the embedded PGlite
// database in PGLITE_DATA_DIR (default ./data/pglite) when DATABASE_URL is unset.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

/** The compiled module from dist/ when it is up to date, else the TypeScript source through ts-node. */
function load(mod) {
  const src = path.join(root, 'src', `${mod}.ts`);
  const built = [path.join(root, 'dist', `${mod}.js`), path.join(root, 'dist', 'src', `${mod}.js`)].find((f) => fs.existsSync(f));
  if (built && (!fs.existsSync(src) || fs.statSync(built).mtimeMs >= fs.statSync(src).mtimeMs)) return require(built);
  require('ts-node').register({ transpileOnly: true, project: path.join(root, 'tsconfig.json') });
  return require(src);
}

async function main() {
  const { migrateDatabase } = load('prisma/migrator');
  const { describeDatabase, closeEmbedded } = load('prisma/database-adapter');
  const opts = {
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDataDir: process.env.PGLITE_DATA_DIR || path.join(root, 'data', 'pglite'),
  };
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
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
