#!/usr/bin/env node
// `npm run bench:restart`: how long `npm start` takes to answer /health on the embedded database, for a
// first start (it builds if the sources changed since the last build; `-- --rebuild` makes it build) and
// for the starts after it, with nothing changed (the build is skipped: scripts/build-if-stale.js). Each start runs on a PGlite data directory of its own
// made by the start before, so both open an existing database, as a restarted server does.
// Beside each start it times a bare NestJS application (bench/lib/bare-nest-app.js: one controller, plain
// `node`) to /health, the reference a restart is held to: absolute times vary about 2x from day to day on
// shared machines, the ratio much less. Target: a start with nothing changed within 3x the bare app's.
// Loopback only; each start is bounded (START_TIMEOUT_MS) and stopped with SIGTERM once it has answered.
'use strict';
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const START_TIMEOUT_MS = 180_000;

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const TARGET_RATIO = 3;

/** Runs `npm start` until /health answers 200; returns the milliseconds from spawn to that answer. */
function timeStart(dataDir) {
  return timeToHealth('npm', ['start', '--silent'], { PGLITE_DATA_DIR: dataDir });
}

/** The bare NestJS application, from `node` to its first 200 on /health. */
function timeBareNest() {
  return timeToHealth(process.execPath, [path.join(__dirname, 'lib', 'bare-nest-app.js')], {});
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timeToHealth(command, args, env) {
  const port = await freePort();
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', LOG_LEVEL: 'warn', WORKERS_ENABLED: 'false', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (Date.now() - started > START_TIMEOUT_MS) throw new Error(`no answer from /health within ${START_TIMEOUT_MS} ms`);
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.status === 200, () => false);
      if (ok) return Date.now() - started;
      await new Promise((r) => setTimeout(r, 25));
    }
  } finally {
    try {
      process.kill(-child.pid, 'SIGTERM'); // npm and the server it started
    } catch {}
    await exited;
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'commerce-api-restart-'));
  try {
    // As after an edit: the first start builds.
    if (process.argv.includes('--rebuild')) fs.rmSync(path.join(root, 'dist', '.build-stamp.json'), { force: true });
    // Interleaved, so that the reference and the server see the same load.
    const bare = [await timeBareNest()];
    const building = await timeStart(path.join(dataDir, 'pglite'));
    bare.push(await timeBareNest());
    const unchanged = await timeStart(path.join(dataDir, 'pglite'));
    bare.push(await timeBareNest());
    const again = await timeStart(path.join(dataDir, 'pglite'));
    const reference = median(bare);
    const ratio = (ms) => Math.round((ms / reference) * 10) / 10;
    const result = {
      node: process.version,
      first_start_ms: building,
      second_start_ms: unchanged,
      third_start_ms: again,
      bare_nest_start_ms: bare,
      second_start_ratio: ratio(unchanged),
      third_start_ratio: ratio(again),
      target_ratio: TARGET_RATIO,
    };
    console.log(JSON.stringify(result));
    console.log(
      `npm start to /health on PGlite (Node.js ${process.version}): first ${building} ms; then ${unchanged} ms and ${again} ms with nothing changed, ` +
        `${ratio(unchanged)}x and ${ratio(again)}x a bare NestJS app's ${reference} ms (median of ${bare.join(', ')} ms; target ≤ ${TARGET_RATIO}x)`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
