#!/usr/bin/env node
// Run by `npm start` (scripts/start.js) before the server: builds only what is out of date. src/ is compiled
// (scripts/compile.js) unless dist/ was built from exactly the current sources (src/, tsconfig.json, .swcrc:
// their contents are hashed, unless every file's size and modification time are those recorded when the contents
// last matched: a restart with nothing changed stats ~600 files instead of reading them, ~8 ms against ~70). The
// PGlite template is built when none exists for exactly the current prisma/ and package-lock.json (it is made for
// the migrations and the PGlite version), but the server is not kept waiting for it: it is only a speed-up for new
// data directories (the server's own new data directory is made by initdb on the database's thread while the
// application loads), so it is built in a child process at the lowest CPU priority once dist/ is ready. `npm run
// build` itself always builds both.
'use strict';
const { createHash } = require('node:crypto');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { compile } = require('./compile');

const root = path.resolve(__dirname, '..');
const stampFile = path.join(root, 'dist', '.build-stamp.json');

/** One hash over every file under the given paths: its relative path and what `describe(file, stat)` gives. */
function hashFiles(paths, describe) {
  const hash = createHash('sha256');
  const visit = (abs) => {
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) visit(path.join(abs, name));
      return;
    }
    hash.update(path.relative(root, abs)).update('\0').update(describe(abs, stat)).update('\0');
  };
  for (const p of paths) visit(path.join(root, p));
  return hash.digest('hex');
}

const hashOf = (paths) => hashFiles(paths, (abs) => fs.readFileSync(abs));
const statsOf = (paths) => hashFiles(paths, (_abs, stat) => `${stat.size}:${stat.mtimeMs}`);

/**
 * `{ hash, stats }` of the files under `paths`: their contents hash, taken from `recorded` (what the stamp holds
 * for them) when their sizes and modification times are those recorded with it, and their stat fingerprint.
 */
function contentsOf(paths, recorded) {
  const stats = statsOf(paths);
  return { hash: recorded?.stats === stats && recorded.hash ? recorded.hash : hashOf(paths), stats };
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return {};
  }
}

/** The template step, in the background at the lowest priority; the stamp records it once it has succeeded. */
function buildTemplateInBackground(prisma) {
  // Its progress lines would interleave with the server's log; a failure is still said (on stderr).
  const child = spawn(process.execPath, [path.join(__dirname, 'pglite-template.js')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  child.once('error', () => {}); // a template is only a speed-up: without one, a new database runs initdb
  try {
    os.setPriority(child.pid, 19);
  } catch {
    // the priority is a courtesy to the server starting beside it
  }
  child.once('close', (status) => {
    if (status === 0) writeStamp({ ...readStamp(), prisma });
  });
  child.unref();
}

function writeStamp(stamp) {
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, JSON.stringify(stamp));
}

async function main() {
  const started = Date.now();
  const stamp = readStamp();
  const sources = contentsOf(['src', 'tsconfig.json', '.swcrc'], stamp.sources);
  const prisma = contentsOf(['prisma', 'package-lock.json'], stamp.prisma);
  const cacheDir = path.join(root, 'node_modules', '.cache', 'commerce-api');
  const templateCached = () =>
    fs.existsSync(cacheDir) && fs.readdirSync(cacheDir).some((d) => d.startsWith('pglite-') && fs.existsSync(path.join(cacheDir, d, 'template.json')));
  const current = stamp.sources?.hash === sources.hash && fs.existsSync(path.join(root, 'dist', 'main.js'));
  const templateCurrent = stamp.prisma?.hash === prisma.hash;
  // What the stamp says of the template stays (it does not depend on the compile), with the files' current stats
  // when their contents are those it was built for: then the next start need not read them again.
  const next = { sources, prisma: templateCurrent ? prisma : stamp.prisma };
  if (!current) {
    // compile() empties dist/ first, the stamp with it: an interrupted build leaves no stamp behind.
    await compile();
    writeStamp(next);
  } else if (stamp.sources.stats !== sources.stats || stamp.prisma?.stats !== next.prisma?.stats) {
    writeStamp(next);
  }
  if (!templateCurrent || !templateCached()) buildTemplateInBackground(prisma);
  console.log(current ? `dist/ is up to date with the sources (checked in ${Date.now() - started} ms)` : `built in ${Date.now() - started} ms`);
}

module.exports = main();
