#!/usr/bin/env node
// Runs `prisma generate` offline. Every prisma CLI command first fetches the native schema engine
// unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file; generate never runs it, so any file will do.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
let cli;
try {
  cli = require.resolve('prisma/build/index.js', { paths: [root] });
} catch {
  // Installed without dev dependencies (e.g. `npm ci --omit=dev` in an image built from a
  // generated client): nothing to generate with.
  console.warn('prisma-generate: the prisma CLI is not installed; skipping prisma generate');
  process.exit(0);
}

function placeholderEngine() {
  for (const dir of [path.join(root, 'node_modules', '.cache', 'prisma-offline'), path.join(os.tmpdir(), 'prisma-offline')]) {
    try {
      const file = path.join(dir, 'schema-engine-placeholder');
      fs.mkdirSync(dir, { recursive: true });
      if (!fs.existsSync(file)) fs.writeFileSync(file, '#!/bin/sh\necho "placeholder: the native schema engine is not used here" >&2\nexit 1\n', { mode: 0o755 });
      return file;
    } catch {
      // read-only location: try the next one
    }
  }
  throw new Error('prisma-generate: cannot create a placeholder schema engine file');
}

const env = {
  ...process.env,
  CHECKPOINT_DISABLE: '1', // no update check (needs the internet)
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
};
if (!env.PRISMA_SCHEMA_ENGINE_BINARY || !fs.existsSync(env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = placeholderEngine();
}

const result = spawnSync(process.execPath, [cli, 'generate', '--schema', path.join(root, 'prisma', 'schema.prisma')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
if (result.error) {
  console.error(result.error);
  process.exit(1);
}
process.exit(result.status ?? 1);
