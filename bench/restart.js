#!/usr/bin/env node
// `npm run bench:restart`: how long `npm start` takes to answer /health on the embedded database, for a
// first start (it builds if the sources changed since the last build; `-- --rebuild` makes it build) and
// for the starts after it, with nothing changed (the build is skipped: scripts/build-if-stale.js). Each start runs on a PGlite data directory of its own
// made by the start before, so both open an existing database, as a restarted server does.
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

/** Runs `npm start` until /health answers 200; returns the milliseconds from spawn to that answer. */
async function timeStart(dataDir) {
  const port = await freePort();
  const started = Date.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', PGLITE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', WORKERS_ENABLED: 'false' },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (Date.now() - started > START_TIMEOUT_MS) throw new Error(`no answer from /health within ${START_TIMEOUT_MS} ms`);
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
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
    const building = await timeStart(path.join(dataDir, 'pglite'));
    const unchanged = await timeStart(path.join(dataDir, 'pglite'));
    const again = await timeStart(path.join(dataDir, 'pglite'));
    const result = { first_start_ms: building, second_start_ms: unchanged, third_start_ms: again, target_ms: 3000 };
    console.log(JSON.stringify(result));
    console.log(`npm start to /health on PGlite: first ${building} ms; then ${unchanged} ms and ${again} ms with nothing changed (target ≤ 3000 ms)`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
