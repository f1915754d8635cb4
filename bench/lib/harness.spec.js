'use strict';
// A tiny smoke run of the benchmark harness (never a benchmark): the load loop and the API client against a
// plain node:http server on 127.0.0.1. Settings come from BENCH_* variables, read when config.js loads.
process.env.BENCH_DURATION_S = '0.3';
process.env.BENCH_RUNS = '2';
process.env.BENCH_WARMUP_S = '0.2';
process.env.BENCH_CONNECTIONS = '2';
process.env.BENCH_WEBHOOK_PACED_RATE = '200';
process.env.BENCH_WEBHOOK_PACED_S = '0.5';
process.env.BENCH_PORT = String(40_000 + Math.floor(Math.random() * 20_000));

const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { measure } = require('./load');
const { apiClient } = require('./api');
const { median, percentile } = require('./stats');
const { startReceiver } = require('./receiver');
const { pacedRound } = require('../scenarios/webhooks');
const { runNodeHttpCeiling } = require('../scenarios/ceiling');
const { runPracticalCeiling, pageDocument } = require('../scenarios/practical-ceiling');
const config = require('./config');
const { ceilingBodies, addNodeHttpFractions } = require('./uncached');
const { evaluateTargets } = require('./targets');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Records every request (method, url, headers, body, arrival time `at`) and answers `respond(req, body)` →
 * [status, text], or a promise of it.
 */
async function startServer(respond = () => [200, '{"ok":true}']) {
  const seen = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ method: req.method, url: req.url, headers: req.headers, body, at: performance.now() });
      const [status, text] = await respond(req, body);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(text);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return { base, seen, close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))) };
}

describe('bench harness', () => {
  test('measure: an unmeasured warm-up (run 0), then BENCH_RUNS measured runs with medians', async () => {
    const srv = await startServer();
    try {
      const asked = [];
      const result = await measure(`${srv.base}/x`, {}, {
        perRun: (run) => {
          asked.push(run);
          return { headers: { 'x-run': String(run) } };
        },
      });
      expect(asked).toEqual([0, 1, 2]);
      expect(result.warmup_rps).toBeGreaterThan(0);
      expect(result.runs).toHaveLength(2);
      expect(result.rps).toBe(median(result.runs.map((r) => r.rps)));
      expect(result.non2xx).toBe(0);
      expect(result.status_codes['200']).toBe(result.requests);
      // The warm-up's requests reached the server but are not counted.
      const warmupRequests = srv.seen.filter((r) => r.headers['x-run'] === '0').length;
      expect(warmupRequests).toBeGreaterThan(0);
      expect(srv.seen.length - warmupRequests).toBeGreaterThanOrEqual(result.requests);
    } finally {
      await srv.close();
    }
  });

  test('measure: a run in which no request completes has 0 req/s and no latency (not 0 ms)', async () => {
    const srv = await startServer(() => sleep(1500).then(() => [200, '{}']));
    try {
      const result = await measure(`${srv.base}/slow`);
      expect(result.requests).toBe(0);
      expect(result.rps).toBe(0);
      expect(result.runs.map((r) => r.p99_ms)).toEqual([null, null]);
      expect(result).toMatchObject({ p50_ms: null, p99_ms: null });
    } finally {
      await srv.close();
    }
  });

  test('measure refuses a URL that is not on 127.0.0.1', async () => {
    await expect(measure('http://example.com/')).rejects.toThrow(/non-loopback/);
  });

  test('apiClient: bearer token, JSON body with its length, parsed answers; a refused connection is status 0', async () => {
    const srv = await startServer((req) => (req.url === '/text' ? [500, 'not json'] : [201, '{"data":{"id":"p1"}}']));
    const server = { base: srv.base, token: async () => 'tok-1' };
    try {
      const api = await apiClient(server);
      const created = await api.post('/v2/products', { data: { name: 'Café' } });
      expect(created).toMatchObject({ status: 201, json: { data: { id: 'p1' } } });
      const req = srv.seen[0];
      expect(req).toMatchObject({ method: 'POST', url: '/v2/products', body: '{"data":{"name":"Café"}}' });
      expect(req.headers).toMatchObject({ authorization: 'Bearer tok-1', 'content-type': 'application/json' });
      expect(Number(req.headers['content-length'])).toBe(Buffer.byteLength(req.body));
      expect(await api.get('/text')).toEqual({ status: 500, text: 'not json', json: null });
      expect(srv.seen[1].headers['content-type']).toBeUndefined();
    } finally {
      await srv.close();
    }
    const refused = await (await apiClient(server)).get('/v2/products');
    expect(refused.status).toBe(0);
    expect(refused.text).toMatch(/ECONNREFUSED/);
  });

  test('paced webhook round: open loop at the asked rate, latency counted from each event\'s slot', async () => {
    // Stands in for the server: its product.created reaches the receiver 40 ms after each POST for each of two
    // integrations, and no POST /v2/products is answered before all 50 have arrived. A closed loop (one event
    // per answer) would never get past the first POST; counted from the answer, every latency would be < 0.
    const receiver = await startReceiver();
    const EVENTS = 50;
    let delivered = 0;
    let allArrived;
    const barrier = new Promise((resolve) => (allArrived = resolve));
    const answeredAt = [];
    const slow = await startServer(async (_req, body) => {
      const sku = JSON.parse(body).data.sku;
      await sleep(40);
      for (const integration of ['i1', 'i2']) {
        const delivery = JSON.stringify({ id: sku, triggered_by: 'product.created', integration: { id: integration }, payload: { data: { sku } } });
        await fetch(receiver.url, { method: 'POST', body: delivery, headers: { 'content-type': 'application/json' } });
      }
      if (++delivered === EVENTS) allArrived();
      await barrier;
      answeredAt.push(performance.now());
      return [201, '{"data":{}}'];
    });
    const server = { base: slow.base, token: async () => 't', cpuMs: () => 0 };
    try {
      const api = await apiClient(server);
      const r = await pacedRound(server, api, receiver, 2, 'paced-test');
      // 200 deliveries/s over 2 integrations = 100 events/s for 0.5 s.
      expect(r).toMatchObject({ offered_deliveries_per_s: 200, offered_events_per_s: 100, events_requested: 50, events_created: 50 });
      expect(r).toMatchObject({ deliveries: 100, missing: 0, duplicates: 0, create_failures: 0 });
      // Sent on schedule whatever the answers do: all 50 POSTs arrived before the first answer left.
      expect(slow.seen).toHaveLength(EVENTS);
      expect(Math.max(...slow.seen.map((s) => s.at))).toBeLessThanOrEqual(Math.min(...answeredAt));
      // Latency from the slot: at least the 40 ms the stand-in holds an event back, though every answer came
      // after its deliveries (from the answer it would be negative).
      expect(r.latency_p50_ms).toBeGreaterThanOrEqual(40);
    } finally {
      await slow.close();
      await receiver.close();
    }
  });

  test('node:http ceiling: answers every request with the same bytes, content-type and content-length, measured like a scenario', async () => {
    const body = '{"data":[{"name":"Café"}]}';
    const seen = [];
    const ceiling = await runNodeHttpCeiling({ body, name: 'products', log: (...a) => seen.push(a.join(' ')) });
    expect(ceiling.body_bytes).toBe(Buffer.byteLength(body));
    expect(ceiling.rps).toBeGreaterThan(0);
    expect(ceiling.runs).toHaveLength(2);
    expect(ceiling.status_codes['200']).toBe(ceiling.requests);
    expect(seen[0]).toMatch(/^ceiling node:http products /);

    const { nodeHttpServer } = require('../scenarios/ceiling');
    const srv = nodeHttpServer(Buffer.from(body));
    await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
    try {
      for (let i = 0; i < 2; i++) {
        const r = await fetch(`http://127.0.0.1:${srv.address().port}/any?x=${i}`);
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(Number(r.headers.get('content-length'))).toBe(Buffer.byteLength(body));
        expect(await r.text()).toBe(body);
      }
    } finally {
      srv.closeAllConnections();
      await new Promise((resolve) => srv.close(resolve));
    }
  });

  test('practical ceiling: the statement run for every request, its rows written as one page; a page of another size refused', async () => {
    const statement = {
      text: `SELECT 0 AS section, 0 AS n, NULL::text AS json, $1::int AS total
        UNION ALL SELECT 1, g, '{"id":' || g || '}', NULL FROM generate_series(1, $1::int) g
        UNION ALL SELECT 2, 1, '{"id":"f"}', NULL ORDER BY 1, 2`,
      values: [3],
    };
    const page = '{"data":[{"id":1},{"id":2},{"id":3}],"included":{"main_images":[{"id":"f"}]},"meta":{"results":{"total":3}}}';
    expect(pageDocument([{ section: 0, total: 3 }, { section: 1, json: '{"id":1}' }, { section: 1, json: '{"id":2}' }, { section: 1, json: '{"id":3}' }, { section: 2, json: '{"id":"f"}' }], ['main_images']).join('')).toBe(page);
    const seen = [];
    const run = (products) => runPracticalCeiling({ databaseUrl: config.pgAdminUrl, statement, includeKeys: ['main_images'], products, label: 'x', log: (...a) => seen.push(a.join(' ')) });
    const r = await run(3);
    expect(r).toMatchObject({ body_bytes: Buffer.byteLength(page), non2xx: 0 });
    expect(r.rps).toBeGreaterThan(0);
    expect(r.status_codes['200']).toBe(r.requests);
    expect(seen[0]).toMatch(/^postgres practical ceiling x /);
    await expect(run(2)).rejects.toThrow("the practical ceiling's page has 3 products, the service's 2");
  });

  test('uncached reads: PostgreSQL\'s bytes for the ceilings, else PGlite\'s; fractions per database; only products judged, on PostgreSQL', () => {
    const bodies = ceilingBodies({ postgres: { products: 'pg-p' }, pglite: { products: 'pgl-p', orders: 'pgl-o' } });
    expect(bodies).toEqual({ products: { body: 'pg-p', from: 'postgres' }, orders: { body: 'pgl-o', from: 'pglite' } });

    const m = (rps, p99, cpu) => ({ rps, p99_ms: p99, server_cpu_ms_per_req: cpu });
    const results = {
      ceiling: { rps: 4000 },
      databases: {
        postgres: { products_list: m(2000, 40), products_list_uncached: m(600, 90, 1.5), orders_list_uncached: m(200, 300, 4), products_uncached_fraction_of_practical_ceiling: 0.8 },
        pglite: { products_list_uncached: m(300, 150, 3) },
      },
    };
    addNodeHttpFractions(results.databases, { products: { rps: 10000 }, orders: { rps: 8000 } });
    expect(results.databases.postgres).toMatchObject({ products_uncached_fraction_of_node_http: 0.06, orders_uncached_fraction_of_node_http: 0.025 });
    expect(results.databases.pglite.products_uncached_fraction_of_node_http).toBe(0.03);
    expect(results.databases.postgres).not.toHaveProperty('category_uncached_fraction_of_node_http');

    const targets = evaluateTargets(results, { connections: 50, keysetAt: 100000, deepOffset: 9975 });
    const t = (db, id) => targets.find((x) => x.db === db && x.id === id);
    expect(t('postgres', 'products_fraction_of_ceiling')).toMatchObject({ value: 0.5, met: true, judged: true });
    expect(t('postgres', 'products_uncached_fraction_of_node_http')).toMatchObject({ value: 0.06, target: '>= 0.05', met: true, judged: true });
    expect(t('postgres', 'products_uncached_p99_ms')).toMatchObject({ value: 90, target: '<= 100', met: true, judged: true });
    expect(t('postgres', 'products_uncached_cpu_ms_per_req')).toMatchObject({ value: 1.5, target: '<= 2', met: true, judged: true });
    expect(t('postgres', 'orders_uncached_fraction_of_node_http')).toMatchObject({ value: 0.025, met: false, judged: false, note: 'reported' });
    expect(t('postgres', 'category_uncached_fraction_of_node_http')).toMatchObject({ value: null, met: null, judged: false });
    expect(t('pglite', 'products_uncached_fraction_of_node_http')).toMatchObject({ value: 0.03, met: false, judged: false });
    expect(t('pglite', 'products_uncached_p99_ms')).toBeUndefined();
    expect(t('postgres', 'products_uncached_fraction_of_practical_ceiling')).toMatchObject({ value: 0.8, target: '>= 0.7', met: true, judged: false });
    expect(t('pglite', 'products_uncached_fraction_of_practical_ceiling')).toBeUndefined();
    // Nine reads (six uncached pages and the shopper catalog's three prepared ones) on two databases.
    expect(targets.filter((x) => x.id.endsWith('_fraction_of_node_http'))).toHaveLength(18);
  });

  test('stats: lower median and nearest-rank percentile', () => {
    expect(median([3, 1, 2, 4])).toBe(2);
    expect(median([null, 5])).toBe(5);
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
    expect(percentile([10, 20, 30, 40], 99)).toBe(40);
  });

  test('server flags: those of the package.json script BENCH_START_SCRIPT names, refused when it is not node … scripts/start.js or dist/main.js', () => {
    const { startFlags } = require('./server');
    const config = require('./config');
    const { scripts } = require('../../package.json');
    const chosen = config.startScript;
    try {
      expect(startFlags()).toEqual(scripts.start.replace(/^node\s+/, '').replace(/\s*(dist\/main|scripts\/start)\.js$/, '').split(/\s+/));
      config.startScript = 'start:small';
      expect(startFlags()).toEqual(expect.arrayContaining(['--liftoff-only', '--max-semi-space-size=4']));
      config.startScript = 'build';
      expect(() => startFlags()).toThrow(/scripts\["build"\] is not "node \[flags\] scripts\/start\.js" or "node \[flags\] dist\/main\.js"/);
    } finally {
      config.startScript = chosen;
    }
  });
});
