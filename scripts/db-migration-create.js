#!/usr/bin/env node
// npm run db:migration:create -- <name> — writes prisma/migrations/<timestamp>_<name>/migration.sql with
// the changes of prisma/schema.prisma since the last migration. Needs no database.
'use strict';
const path = require('node:path');
const { root, loadProjectModule: load } = require('./lib/load-project-module');

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
