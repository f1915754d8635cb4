#!/usr/bin/env node
// Run by `npm start` (scripts/start.js) before the server: builds only what is out of date. `nest build` runs unless dist/ was built from
// exactly the current sources (src/, tsconfig.json, nest-cli.json, .swcrc: their contents are hashed); the PGlite
// template step runs unless it already ran for exactly the current prisma/ and package-lock.json (the template
// is made for the migrations and the PGlite version) and a template is in its cache. So a
// start with nothing changed goes straight to the server; the first start, or one after an edit, builds
// as `npm run build` does (the two steps side by side). `npm run build` itself always builds.
'use strict';
const { createHash } = require('node:crypto');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const stampFile = path.join(root, 'dist', '.build-stamp.json');

/** One hash of the contents (and relative paths) of every file under the given paths. */
function hashOf(paths) {
  const hash = createHash('sha256');
  const visit = (abs) => {
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) visit(path.join(abs, name));
      return;
    }
    hash.update(path.relative(root, abs)).update('\0').update(fs.readFileSync(abs)).update('\0');
  };
  for (const p of paths) visit(path.join(root, p));
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return {};
  }
}

function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('error', reject);
    child.once('close', (status) => (status === 0 ? resolve() : reject(new Error(`${path.basename(args[0])} exited with ${status}`))));
  });
}

async function main() {
  const started = Date.now();
  const sources = hashOf(['src', 'tsconfig.json', 'nest-cli.json', '.swcrc']);
  const prisma = hashOf(['prisma', 'package-lock.json']);
  const cacheDir = path.join(root, 'node_modules', '.cache', 'commerce-api');
  const templateCached = () =>
    fs.existsSync(cacheDir) && fs.readdirSync(cacheDir).some((d) => d.startsWith('pglite-') && fs.existsSync(path.join(cacheDir, d, 'template.json')));
  let stamp = readStamp();
  const current = stamp.sources === sources && fs.existsSync(path.join(root, 'dist', 'main.js'));
  const steps = [];
  if (!current) {
    // nest build empties dist/ first, the stamp with it: an interrupted build leaves no stamp behind.
    steps.push(run(process.execPath, [require.resolve('@nestjs/cli/bin/nest.js', { paths: [root] }), 'build']));
    stamp = { sources };
  }
  if (stamp.prisma !== prisma || !templateCached()) {
    // Beside the build (each mostly on one core), so while dist/ is being rewritten it loads the migrator
    // from the TypeScript sources. Never fails the start (it warns instead); the server then makes its
    // database without the template.
    steps.push(run(process.execPath, [path.join(__dirname, 'pglite-template.js')], current ? {} : { COMMERCE_API_LOAD_SOURCES: '1' }));
    stamp.prisma = prisma;
  }
  await Promise.all(steps);
  fs.writeFileSync(stampFile, JSON.stringify(stamp));
  console.log(current ? `dist/ is up to date with the sources (checked in ${Date.now() - started} ms)` : `built in ${Date.now() - started} ms`);
}

module.exports = main();
