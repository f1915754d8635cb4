#!/usr/bin/env node
// Compiles src/ into dist/ with SWC (`.swcrc`): the same output as `nest build` with the SWC builder
// (nest-cli.json, used by `npm run start:dev`), without loading the Nest CLI first, which takes longer than the
// compile itself. dist/ is emptied first, so a deleted source leaves no module behind. Then the server's bundle
// (lib/server-bundle.js), which `npm start` loads. Types are checked by `tsc`
// in `npm test` and `npm run lint:types`, not here.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { bundleServer } = require('./lib/server-bundle');

const root = path.resolve(__dirname, '..');

async function compile() {
  fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  const cli = require.resolve('@swc/cli/bin/swc.js', { paths: [root] });
  const args = [cli, 'src', '-d', 'dist', '--strip-leading-paths', '--config-file', '.swcrc', '--quiet'];
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('close', (status) => (status === 0 ? resolve() : reject(new Error(`swc exited with ${status}`))));
  });
  await bundleServer(root);
}

module.exports = { compile };

if (require.main === module) {
  compile().catch((e) => {
    process.stderr.write(`${e.message}\n`);
    process.exit(1);
  });
}
