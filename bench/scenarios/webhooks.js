'use strict';
// Scenario 6: webhook delivery at 1, 10 and 100 enabled integrations (BENCH_WEBHOOK_LEVELS).
// Integrations are created through the API (webhook, enabled, observes product.created, url = the receiver
// in this process). Events are generated through the API: POST /v2/products, BENCH_WEBHOOK_CONCURRENCY in
// flight; each product's sku identifies its event. Per level and run, events = max(BENCH_WEBHOOK_MIN_EVENTS,
// BENCH_WEBHOOK_DELIVERIES / integrations), so the deliveries per round stay bounded.
// Latency = receiver arrival − the moment the POST /v2/products of that event was sent (one clock).
// Throughput window = first event sent → last delivery received.
const { performance } = require('node:perf_hooks');
const config = require('../lib/config');
const { apiClient, describeFailure } = require('../lib/api');
const { startReceiver } = require('../lib/receiver');
const { median, percentile, round } = require('../lib/stats');
const { settle } = require('../lib/load');

const EVENT = 'product.created';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function eventsFor(level) {
  return Math.max(config.webhookMinEvents, Math.ceil(config.webhookDeliveries / level));
}

async function createIntegrations(api, n, url, tag) {
  const ids = [];
  for (let i = 0; i < n; i++) {
    const body = {
      data: {
        type: 'integration',
        name: `bench ${tag} ${i}`,
        integration_type: 'webhook',
        enabled: true,
        observes: [EVENT],
        configuration: { url },
      },
    };
    const r = await api.post('/v2/integrations', body);
    if (r.status !== 201 || !r.json?.data?.id) throw new Error(describeFailure('POST', '/v2/integrations', r));
    ids.push(r.json.data.id);
  }
  return ids;
}

async function deleteIntegrations(api, ids) {
  for (const id of ids) await api.del(`/v2/integrations/${id}`);
}

/** One round: `events` products created, waits for events × level deliveries (bounded by webhookWaitS). */
async function runRound(server, api, receiver, level, events, tag) {
  const sent = new Map(); // sku → { at, integrations: Set, arrivals: [] }
  let duplicates = 0;
  let strays = 0;
  let delivered = 0;
  let lastArrival = 0;
  receiver.setHandler((d) => {
    const e = d.event === EVENT ? sent.get(d.sku) : undefined;
    if (!e) {
      strays++;
      return;
    }
    if (e.integrations.has(d.integrationId)) {
      duplicates++;
      return;
    }
    e.integrations.add(d.integrationId);
    e.arrivals.push(d.at);
    delivered++;
    lastArrival = Math.max(lastArrival, d.at);
  });

  const cpu0 = server.cpuMs();
  const t0 = performance.now();
  const genDeadline = Date.now() + Math.max(60_000, config.webhookWaitS * 1000);
  let next = 0;
  let failed = 0;
  let firstFailure = null;
  const worker = async () => {
    while (next < events && Date.now() < genDeadline) {
      const i = next++;
      const sku = `${tag}-${i}`;
      const entry = { at: performance.now(), integrations: new Set(), arrivals: [] };
      sent.set(sku, entry);
      const r = await api.post('/v2/products', {
        data: {
          type: 'product',
          name: `Webhook bench ${sku}`,
          slug: sku,
          sku,
          description: 'webhook benchmark event',
          price: [{ amount: 1000, currency: 'USD', includes_tax: true }],
          status: 'live',
          commodity_type: 'physical',
        },
      });
      if (r.status !== 201) {
        failed++;
        firstFailure ??= describeFailure('POST', '/v2/products', r);
        sent.delete(sku);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(config.webhookGenConcurrency, events) }, worker));
  const genMs = performance.now() - t0;
  const created = sent.size;
  const expected = created * level;

  const waitUntil = Date.now() + config.webhookWaitS * 1000;
  while (delivered < expected && Date.now() < waitUntil) await sleep(10);
  receiver.setHandler(() => {});
  const cpuMs = server.cpuMs() - cpu0;

  const latencies = [];
  let complete = 0;
  for (const e of sent.values()) {
    for (const a of e.arrivals) latencies.push(a - e.at);
    if (e.integrations.size === level) complete++;
  }
  const windowS = delivered ? (lastArrival - t0) / 1000 : null;
  return {
    events_requested: events,
    events_created: created,
    create_failures: failed,
    first_create_failure: firstFailure,
    events_created_per_s: round(created / (genMs / 1000)),
    deliveries_expected: expected,
    deliveries: delivered,
    missing: expected - delivered,
    duplicates,
    strays,
    window_s: windowS === null ? null : round(windowS, 2),
    deliveries_per_s: windowS ? round(delivered / windowS) : null,
    events_delivered_per_s: windowS ? round(complete / windowS) : null,
    latency_p50_ms: round(percentile(latencies, 50)),
    latency_p99_ms: round(percentile(latencies, 99)),
    latency_max_ms: round(latencies.length ? Math.max(...latencies) : null),
    // Server CPU for the whole round (creating the products, fan-out, deliveries) per delivery received.
    server_cpu_ms_per_delivery: delivered ? round(cpuMs / delivered, 2) : null,
  };
}

async function runWebhooks({ server, log, skipped, db }) {
  const api = await apiClient(server);
  const receiver = await startReceiver();
  const out = { event: EVENT, generation_concurrency: config.webhookGenConcurrency, levels: {} };
  const runTag = `wh-${Date.now().toString(36)}`;
  try {
    for (const level of config.webhookLevels) {
      let ids = [];
      try {
        ids = await createIntegrations(api, level, receiver.url, `${level}`);
      } catch (e) {
        skipped.push(`${db}: webhooks at ${level} integrations: ${e.message}`);
        await deleteIntegrations(api, ids);
        continue;
      }
      const events = eventsFor(level);
      // An unmeasured round first (config.warmupRuns): the first deliveries after start pay for JIT compilation
      // and new connections (here up to twice the CPU per delivery of later rounds). Kept as `warmup`.
      const settledRound = async (name) => {
        await settle(server);
        return runRound(server, api, receiver, level, events, `${runTag}-${level}-${name}`);
      };
      const warmup = config.warmupRuns ? await settledRound('warmup') : null;
      const rounds = [];
      for (let run = 0; run < config.runs; run++) rounds.push(await settledRound(run));
      await deleteIntegrations(api, ids);
      const m = (k) => median(rounds.map((r) => r[k]));
      const res = {
        integrations: level,
        events_per_run: events,
        deliveries_per_s: m('deliveries_per_s'),
        events_delivered_per_s: m('events_delivered_per_s'),
        events_created_per_s: m('events_created_per_s'),
        latency_p50_ms: m('latency_p50_ms'),
        latency_p99_ms: m('latency_p99_ms'),
        server_cpu_ms_per_delivery: m('server_cpu_ms_per_delivery'),
        missing: rounds.reduce((a, r) => a + r.missing, 0),
        duplicates: rounds.reduce((a, r) => a + r.duplicates, 0),
        create_failures: rounds.reduce((a, r) => a + r.create_failures, 0),
        peak_rss_mb: server.peakRssMb(),
        warmup,
        runs: rounds,
      };
      out.levels[level] = res;
      if (res.create_failures) skipped.push(`${db}: webhooks at ${level}: ${res.create_failures} product creations failed, e.g. ${rounds.find((r) => r.first_create_failure)?.first_create_failure}`);
      log(
        db,
        `webhooks ×${level}`,
        `${res.deliveries_per_s} deliveries/s, ${res.events_delivered_per_s} events/s (created ${res.events_created_per_s}/s), p50 ${res.latency_p50_ms} ms p99 ${res.latency_p99_ms} ms, cpu ${res.server_cpu_ms_per_delivery} ms/delivery, missing ${res.missing}`,
      );
    }
  } finally {
    out.receiver = receiver.stats();
    await receiver.close();
  }
  return out;
}

module.exports = { runWebhooks, eventsFor };
