'use strict';
// autocannon (programmatic) driven RUNS times; the figures are the medians of the runs.
const { performance } = require('node:perf_hooks');
const autocannon = require('autocannon');
const config = require('./config');
const { median, round } = require('./stats');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits (at most maxMs) until the server has finished the previous load: autocannon stops counting at the end of
 * a run, but the requests already sent are still being served, and the next measurement would pay for them.
 * Settled = over a 200 ms window the server used < 20 % of a core AND /health (which pings the database, so it
 * waits behind queued queries) answered within 50 ms, twice in a row. Returns the ms waited.
 */
function assertAlive(server) {
  if (server && !server.alive()) throw new Error('the server under test is no longer running');
}

async function settle(server, maxMs = 30000) {
  if (!server) return 0;
  assertAlive(server);
  const t0 = Date.now();
  let ok = 0;
  while (Date.now() - t0 < maxMs) {
    const c0 = server.cpuMs();
    const h0 = performance.now();
    const res = await fetch(`${server.base}/health`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
    if (res) await res.arrayBuffer();
    const healthMs = performance.now() - h0;
    await sleep(Math.max(0, 200 - healthMs));
    const busy = (server.cpuMs() - c0) / Math.max(200, performance.now() - h0);
    ok = res?.status === 200 && healthMs < 50 && busy < 0.2 ? ok + 1 : 0;
    if (ok >= 2) break;
  }
  return Date.now() - t0;
}

/**
 * Runs autocannon `config.runs` times against one URL on 127.0.0.1, after an unmeasured warm-up run of
 * `config.warmupS` (its req/s is kept as `warmup_rps`). Every run is bounded in time
 * (`durationS`) and in count (`maxOverallRequests`, default config.maxRequestsPerRun).
 * `perRun(i)` may return extra options for run i, the warm-up being run 0 when there is one (e.g. a request generator over a fresh pool).
 * Returns { rps, p50_ms, p99_ms, non2xx, errors, status_codes, requests, runs: [...] , peak_rss_mb }.
 */
async function measure(url, opts = {}, { server, perRun } = {}) {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error(`load: refusing a non-loopback URL ${url}`);
  const load = (run, duration) =>
    autocannon({
      url,
      connections: config.connections,
      duration,
      maxOverallRequests: config.maxRequestsPerRun,
      ...opts,
      ...(perRun ? perRun(run) : {}),
    });
  const rpsOf = (r) => (r.duration > 0 ? round(r.requests.total / r.duration) : null);
  let warmupRps = null;
  if (config.warmupRuns) {
    await settle(server);
    warmupRps = rpsOf(await load(0, config.warmupS));
    assertAlive(server);
  }
  const runs = [];
  for (let i = 0; i < config.runs; i++) {
    await settle(server);
    const cpu0 = server ? server.cpuMs() : null;
    const r = await load(config.warmupRuns + i, config.durationS);
    assertAlive(server);
    const total = r.requests.total;
    const cpu1 = server ? server.cpuMs() : null;
    runs.push({
      // Server process CPU (user + system) per completed request: less sensitive to a busy machine than req/s.
      server_cpu_ms_per_req: cpu0 !== null && cpu1 !== null && total ? round((cpu1 - cpu0) / total, 2) : null,
      rps: rpsOf(r),
      // autocannon reports 0 ms when no request completed: no latency was measured, and 0 would meet a p99 target.
      p50_ms: total ? r.latency.p50 : null,
      p99_ms: total ? r.latency.p99 : null,
      requests: total,
      duration_s: r.duration,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
      status_codes: Object.fromEntries(Object.entries(r.statusCodeStats || {}).map(([code, s]) => [code, s.count])),
    });
  }
  const statusCodes = {};
  for (const run of runs) for (const [code, n] of Object.entries(run.status_codes)) statusCodes[code] = (statusCodes[code] || 0) + n;
  return {
    rps: median(runs.map((r) => r.rps)),
    p50_ms: median(runs.map((r) => r.p50_ms)),
    p99_ms: median(runs.map((r) => r.p99_ms)),
    server_cpu_ms_per_req: median(runs.map((r) => r.server_cpu_ms_per_req)),
    requests: runs.reduce((a, r) => a + r.requests, 0),
    non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
    errors: runs.reduce((a, r) => a + r.errors, 0),
    status_codes: statusCodes,
    peak_rss_mb: server ? server.peakRssMb() : null,
    warmup_rps: warmupRps,
    runs,
  };
}

/**
 * Unloaded latency: `count` requests one after another (at most `maxMs` in all), after one warm-up request.
 * Returns { median_ms, min_ms, max_ms, n, statuses }.
 */
async function sequential(url, headers = {}, { count = config.sequentialCount, maxMs = 15000, server } = {}) {
  if (!/^http:\/\/127\.0\.0\.1:\d+\//.test(url)) throw new Error(`sequential: refusing a non-loopback URL ${url}`);
  await settle(server);
  const times = [];
  const statuses = {};
  const deadline = Date.now() + maxMs;
  for (let i = 0; i <= count && Date.now() < deadline; i++) {
    const t0 = performance.now();
    const r = await fetch(url, { headers, signal: AbortSignal.timeout(maxMs) }).catch(() => null);
    if (r) await r.arrayBuffer();
    const ms = performance.now() - t0;
    statuses[r ? r.status : 'error'] = (statuses[r ? r.status : 'error'] || 0) + 1;
    if (i > 0) times.push(ms); // the first one warms up
  }
  return {
    median_ms: round(median(times), 2),
    min_ms: times.length ? round(Math.min(...times), 2) : null,
    max_ms: times.length ? round(Math.max(...times), 2) : null,
    n: times.length,
    statuses,
  };
}

/** One line for the console. */
function brief(m) {
  return `${m.rps} req/s p50 ${m.p50_ms} ms p99 ${m.p99_ms} ms cpu ${m.server_cpu_ms_per_req ?? '-'} ms/req non2xx ${m.non2xx} errors ${m.errors} rss ${m.peak_rss_mb} MB`;
}

module.exports = { measure, sequential, settle, brief };
