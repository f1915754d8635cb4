'use strict';
// Spawns the real build (`node dist/main.js`) on 127.0.0.1 against a benchmark database.
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const config = require('./config');
const { onCleanup } = require('./cleanup');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Node flags of `npm start` (or of the script BENCH_START_SCRIPT names): `node <flags> scripts/start.js` (which
 * builds what changed, then runs dist/main.js) or `node <flags> dist/main.js` in package.json, so the server runs
 * with the flags users run it with (the harness has built already and runs dist/main.js itself).
 */
function startFlags() {
  const name = config.startScript;
  const script = require(path.join(config.root, 'package.json')).scripts[name];
  const m = /^node\s+(.*?)\s*(?:dist\/main|scripts\/start)\.js$/.exec((script ?? '').trim());
  if (!m) throw new Error(`package.json scripts["${name}"] is not "node [flags] scripts/start.js" or "node [flags] dist/main.js": ${script}`);
  return m[1].split(/\s+/).filter(Boolean);
}

/** Settings the harness always sets (they win over the caller's environment). */
function serverEnv(db, port, extraEnv) {
  const env = { ...process.env };
  for (const k of ['DATABASE_URL', 'PGLITE_DATA_DIR', 'FILES_DIR']) delete env[k];
  return {
    ...env,
    ...db.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    CLIENT_ID: config.clientId,
    CLIENT_SECRET: config.clientSecret,
    // The per-request access log (info) costs throughput; warnings and errors still show.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    // One token drives thousands of requests per second: lift the per-token budget (default 6,000 in the
    // default one-minute window, which would answer 429 within seconds).
    RATE_LIMIT: '10000000',
    ...extraEnv,
  };
}

let clockTicks = null;
/** CPU time (user + system) consumed by a process so far, in ms, from /proc/<pid>/stat; null if unreadable. */
function cpuMs(pid) {
  try {
    if (clockTicks === null) {
      try {
        clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
      } catch {
        clockTicks = 100;
      }
    }
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return null;
  }
}

function procStatusKb(pid, field) {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Starts the server and waits for 200 on /health (at most 60 s).
 * @returns {{ base, port, pid, coldMs, peakRssMb(), rssMb(), stop(), token() }}
 */
async function startServer(db, extraEnv = {}) {
  // A port left busy (e.g. by another program) is skipped: up to 5 ports are tried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(db, extraEnv);
    } catch (e) {
      if (attempt >= 5 || !/EADDRINUSE/.test(e.message)) throw e;
    }
  }
}

/** Rejects (EADDRINUSE) when something already listens on 127.0.0.1:port, so /health would not be ours. */
function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (e) => reject(new Error(`port ${port}: ${e.code || e.message}`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

async function startServerOnce(db, extraEnv) {
  const distMain = path.join(config.root, 'dist', 'main.js');
  if (!fs.existsSync(distMain)) throw new Error('dist/main.js is missing: run `npm run build` first');
  const port = config.allocatePort();
  await assertPortFree(port);
  const env = serverEnv(db, port, extraEnv);
  const t0 = process.hrtime.bigint();
  const child = spawn(process.execPath, [...startFlags(), distMain], { cwd: config.root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d) => {
    if (process.env.BENCH_SERVER_LOG) fs.appendFileSync(process.env.BENCH_SERVER_LOG, d);
    output = (output + d).slice(-6000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
  let stopping = false;
  let onCrash = null;
  child.once('exit', (code, signal) => {
    if (!stopping && onCrash) onCrash({ code, signal, output });
  });

  const kill = async () => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill('SIGTERM');
    // The server drains for at most SHUTDOWN_TIMEOUT_MS (10 s); PGlite must close cleanly to be reopened.
    const res = await Promise.race([exited, sleep(15000).then(() => null)]);
    if (res) return res;
    child.kill('SIGKILL');
    return exited;
  };
  const unregister = onCleanup(kill);

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60000;
  for (;;) {
    if (child.exitCode !== null) {
      unregister();
      throw new Error(`server exited with ${child.exitCode}: ${output}`);
    }
    if (Date.now() > deadline) {
      await kill();
      unregister();
      throw new Error(`server did not answer /health within 60 s: ${output}`);
    }
    try {
      const r = await fetch(`${base}/health`, { signal: AbortSignal.timeout(1000) });
      if (r.status === 200 && child.exitCode === null) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const coldMs = Number(process.hrtime.bigint() - t0) / 1e6;
  let tokenPromise;
  let storefrontTokenPromise;

  return {
    base,
    port,
    pid: child.pid,
    coldMs,
    /** Peak resident set size of the server process so far (VmHWM), MB. */
    peakRssMb: () => {
      const kb = procStatusKb(child.pid, 'VmHWM');
      return kb === null ? null : Math.round(kb / 1024);
    },
    rssMb: () => {
      const kb = procStatusKb(child.pid, 'VmRSS');
      return kb === null ? null : Math.round(kb / 1024);
    },
    /** False once the process has exited. */
    alive: () => child.exitCode === null && child.signalCode === null,
    /** Called with { code, signal, output } if the server exits before stop(). */
    onCrash(fn) {
      onCrash = fn;
    },
    /** CPU time the server process has used so far (user + system), ms. */
    cpuMs: () => cpuMs(child.pid),
    output: () => output,
    /** One client-credentials token for the whole server lifetime (TOKEN_TTL_SECONDS defaults to 1 h). */
    token: () => (tokenPromise ??= fetchToken(base)),
    /** One implicit (storefront) token for the whole server lifetime: it sees live products and categories only. */
    storefrontToken: () => (storefrontTokenPromise ??= fetchToken(base, 'implicit')),
    async stop() {
      const res = await kill();
      unregister();
      return res;
    },
  };
}

async function fetchToken(base, grant = 'client_credentials') {
  const secret = grant === 'client_credentials' ? `&client_secret=${config.clientSecret}` : '';
  const r = await fetch(`${base}/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=${grant}&client_id=${config.clientId}${secret}`,
  });
  const j = await r.json();
  if (!j.access_token) throw new Error(`token: ${r.status} ${JSON.stringify(j)}`);
  return j.access_token;
}

module.exports = { startFlags, startServer };
