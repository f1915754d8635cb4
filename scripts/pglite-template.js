#!/usr/bin/env node
// Run by `npm run build` (and so by `npm start`): builds the PGlite template for the current
// prisma/migrations in node_modules/.cache/commerce-api unless it exists (a no-op then). A new, empty
// PGlite data directory is copied from it instead of running initdb and the migrations (see
// src/prisma/pglite-template.ts). It is only a speed-up: on failure this warns and exits 0, and the server
// then creates its database the slow way.
'use strict';
const path = require('node:path');
const { root, loadProjectModule: load } = require('./lib/load-project-module');

async function main() {
  const started = Date.now();
  const { checkTemplate, defaultTemplateOptions } = load('prisma/pglite-template');
  const opts = defaultTemplateOptions();
  const existing = checkTemplate(opts);
  if (existing.ok) {
    console.log(`PGlite template up to date: ${path.relative(root, existing.dir)}`);
    return;
  }
  const { buildPgliteTemplate } = load('prisma/pglite-template-builder');
  const { dir } = await buildPgliteTemplate(opts, (msg) => console.log(`  ${msg}`));
  console.log(`PGlite template built in ${Date.now() - started} ms: ${path.relative(root, dir)}`);
}

main().catch((e) => {
  console.warn(`Warning: no PGlite template (a new embedded database will run initdb instead): ${e instanceof Error ? e.message : e}`);
});
