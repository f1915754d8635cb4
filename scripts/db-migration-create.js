#!/usr/bin/env node
// npm run db:migration:create -- <name> — writes prisma/migrations/<timestamp>_<name>/migration.sql with
// the changes of prisma/schema.prisma since the last migration. Needs no database.
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
  const name = process.argv[2];
  if (!name) {
    console.error('Usage: npm run db:migration:create -- <name>');
    process.exit(2);
  }
  const { createMigration } = load('prisma/migrator');
  const file = await createMigration(name, {
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgliteDataDir: process.env.PGLITE_DATA_DIR || path.join(root, 'data', 'pglite'),
  });
  console.log(file ? `Created ${path.relative(process.cwd(), file)}` : 'No schema changes: no migration created');
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
