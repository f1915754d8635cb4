'use strict';
// Scenario 6: webhook delivery at 1, 10 and 100 enabled integrations (BENCH_WEBHOOK_LEVELS).
// Integrations are created through the API (webhook, enabled, observes product.created, url = the receiver
// in this process). Events are generated through the API, POST /v2/products; each product's sku identifies
// its event. Two kinds of round per level:
// - burst (throughput): events = max(BENCH_WEBHOOK_MIN_EVENTS, BENCH_WEBHOOK_DELIVERIES / integrations),
//   BENCH_WEBHOOK_CONCURRENCY creations in flight; window = first event sent → last delivery received. Its
//   latency is mostly how long the burst takes to drain (twice the burst, twice the p50), so it is reported,
//   not judged.
// - paced (latency): events at BENCH_WEBHOOK_PACED_RATE / integrations per second for BENCH_WEBHOOK_PACED_S,
//   open loop, i.e. deliveries asked for at the target rate; the latency target is judged on these.
// Latency = receiver arrival − the moment the event's POST /v2/products was due (one clock).
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

function productBody(sku) {
  return {
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
  };
}

/**
 * Records the receiver's deliveries of this round's events (by sku) and creates them. `at` of an event is the
 * moment its POST was due: when it was sent in a burst, or its slot in a paced round (so a sender or server that
 * falls behind the schedule shows as latency, not as a lower offered rate).
 */
function eventRound(api, receiver, level) {
  const sent = new Map(); // sku → { at, integrations: Set, arrivals: [] }
  const state = { sent, duplicates: 0, strays: 0, delivered: 0, lastArrival: 0, failed: 0, firstFailure: null };
  receiver.setHandler((d) => {
    const e = d.event === EVENT ? sent.get(d.sku) : undefined;
    if (!e) {
      state.strays++;
      return;
    }
    if (e.integrations.has(d.integrationId)) {
      state.duplicates++;
      return;
    }
    e.integrations.add(d.integrationId);
    e.arrivals.push(d.at);
    state.delivered++;
    state.lastArrival = Math.max(state.lastArrival, d.at);
  });
  state.createEvent = async (sku, at) => {
    sent.set(sku, { at, integrations: new Set(), arrivals: [] });
    const r = await api.post('/v2/products', productBody(sku));
    if (r.status !== 201) {
      state.failed++;
      state.firstFailure ??= describeFailure('POST', '/v2/products', r);
      sent.delete(sku);
    }
  };
  /** Waits for every delivery of the events created (bounded by webhookWaitS), then summarises the round. */
  state.finish = async ({ t0, genMs, events, cpu0, server }) => {
    const created = sent.size;
    const expected = created * level;
    const waitUntil = Date.now() + config.webhookWaitS * 1000;
    while (state.delivered < expected && Date.now() < waitUntil) await sleep(10);
    receiver.setHandler(() => {});
    const cpuMs = server.cpuMs() - cpu0;
    const latencies = [];
    let complete = 0;
    for (const e of sent.values()) {
      for (const a of e.arrivals) latencies.push(a - e.at);
      if (e.integrations.size === level) complete++;
    }
    const { delivered } = state;
    const windowS = delivered ? (state.lastArrival - t0) / 1000 : null;
    return {
      events_requested: events,
      events_created: created,
      create_failures: state.failed,
      first_create_failure: state.firstFailure,
      events_created_per_s: round(created / (genMs / 1000)),
      deliveries_expected: expected,
      deliveries: delivered,
      missing: expected - delivered,
      duplicates: state.duplicates,
      strays: state.strays,
      window_s: windowS === null ? null : round(windowS, 2),
      deliveries_per_s: windowS ? round(delivered / windowS) : null,
      events_delivered_per_s: windowS ? round(complete / windowS) : null,
      latency_p50_ms: round(percentile(latencies, 50)),
      latency_p99_ms: round(percentile(latencies, 99)),
      latency_max_ms: round(latencies.length ? Math.max(...latencies) : null),
      // Server CPU for the whole round (creating the products, fan-out, deliveries) per delivery received.
      server_cpu_ms_per_delivery: delivered ? round(cpuMs / delivered, 2) : null,
    };
  };
  return state;
}

/** A burst: `events` products created as fast as BENCH_WEBHOOK_CONCURRENCY requests in flight allow. */
async function burstRound(server, api, receiver, level, events, tag) {
  const tracker = eventRound(api, receiver, level);
  const cpu0 = server.cpuMs();
  const t0 = performance.now();
  const genDeadline = Date.now() + Math.max(60_000, config.webhookWaitS * 1000);
  let next = 0;
  const worker = async () => {
    while (next < events && Date.now() < genDeadline) {
      const i = next++;
      await tracker.createEvent(`${tag}-${i}`, performance.now());
    }
  };
  await Promise.all(Array.from({ length: Math.min(config.webhookGenConcurrency, events) }, worker));
  return tracker.finish({ t0, genMs: performance.now() - t0, events, cpu0, server });
}

/**
 * A paced round: events at a steady rate of BENCH_WEBHOOK_PACED_RATE ÷ integrations per second for
 * BENCH_WEBHOOK_PACED_S, each POST sent when its slot comes whatever the earlier ones are doing (open loop).
 */
async function pacedRound(server, api, receiver, level, tag) {
  const perS = config.webhookPacedRate / level;
  const events = Math.max(1, Math.round(perS * config.webhookPacedS));
  const tracker = eventRound(api, receiver, level);
  const cpu0 = server.cpuMs();
  const t0 = performance.now();
  const inFlight = [];
  let lateMs = 0;
  for (let i = 0; i < events; i++) {
    const due = t0 + (i * 1000) / perS;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    lateMs = Math.max(lateMs, performance.now() - due);
    inFlight.push(tracker.createEvent(`${tag}-${i}`, due));
  }
  await Promise.all(inFlight);
  const result = await tracker.finish({ t0, genMs: performance.now() - t0, events, cpu0, server });
  return { offered_deliveries_per_s: config.webhookPacedRate, offered_events_per_s: round(perS, 2), sender_max_late_ms: round(lateMs), ...result };
}

/** Medians of the rounds' figures and totals of what went wrong. */
function summarize(rounds) {
  const m = (k) => median(rounds.map((r) => r[k]));
  const total = (k) => rounds.reduce((a, r) => a + r[k], 0);
  return {
    deliveries_per_s: m('deliveries_per_s'),
    events_delivered_per_s: m('events_delivered_per_s'),
    events_created_per_s: m('events_created_per_s'),
    latency_p50_ms: m('latency_p50_ms'),
    latency_p99_ms: m('latency_p99_ms'),
    server_cpu_ms_per_delivery: m('server_cpu_ms_per_delivery'),
    missing: total('missing'),
    duplicates: total('duplicates'),
    create_failures: total('create_failures'),
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
      const settled = async (round) => {
        await settle(server);
        return round();
      };
      const burst = (name) => settled(() => burstRound(server, api, receiver, level, events, `${runTag}-${level}-${name}`));
      // An unmeasured burst first (config.warmupRuns): the first deliveries after start pay for JIT compilation
      // and new connections (here up to twice the CPU per delivery of later rounds). Kept as `warmup`.
      const warmup = config.warmupRuns ? await burst('warmup') : null;
      const rounds = [];
      for (let run = 0; run < config.runs; run++) rounds.push(await burst(run));
      const pacedRounds = [];
      for (let run = 0; run < config.runs; run++) {
        pacedRounds.push(await settled(() => pacedRound(server, api, receiver, level, `${runTag}-${level}-paced${run}`)));
      }
      await deleteIntegrations(api, ids);
      const burstSummary = summarize(rounds);
      const pacedSummary = summarize(pacedRounds);
      const res = {
        integrations: level,
        events_per_run: events,
        // Burst: throughput. Its latency is mostly the time the burst takes to drain, so it grows with the burst.
        deliveries_per_s: burstSummary.deliveries_per_s,
        events_delivered_per_s: burstSummary.events_delivered_per_s,
        events_created_per_s: burstSummary.events_created_per_s,
        burst_latency_p50_ms: burstSummary.latency_p50_ms,
        burst_latency_p99_ms: burstSummary.latency_p99_ms,
        server_cpu_ms_per_delivery: burstSummary.server_cpu_ms_per_delivery,
        // Paced: event-to-delivery latency while the server delivers BENCH_WEBHOOK_PACED_RATE per second.
        paced: {
          offered_deliveries_per_s: config.webhookPacedRate,
          offered_events_per_s: pacedRounds[0].offered_events_per_s,
          events_per_run: pacedRounds[0].events_requested,
          ...pacedSummary,
          sender_max_late_ms: median(pacedRounds.map((r) => r.sender_max_late_ms)),
          runs: pacedRounds,
        },
        missing: burstSummary.missing + pacedSummary.missing,
        duplicates: burstSummary.duplicates + pacedSummary.duplicates,
        create_failures: burstSummary.create_failures + pacedSummary.create_failures,
        peak_rss_mb: server.peakRssMb(),
        warmup,
        runs: rounds,
      };
      out.levels[level] = res;
      if (res.create_failures) {
        const first = [...rounds, ...pacedRounds].find((r) => r.first_create_failure)?.first_create_failure;
        skipped.push(`${db}: webhooks at ${level}: ${res.create_failures} product creations failed, e.g. ${first}`);
      }
      const { paced } = res;
      log(
        db,
        `webhooks ×${level}`,
        `burst ${res.deliveries_per_s} deliveries/s, ${res.events_delivered_per_s} events/s (created ${res.events_created_per_s}/s), p50 ${res.burst_latency_p50_ms} ms, cpu ${res.server_cpu_ms_per_delivery} ms/delivery; ` +
          `paced at ${paced.offered_deliveries_per_s}/s: ${paced.deliveries_per_s} deliveries/s, p50 ${paced.latency_p50_ms} ms p99 ${paced.latency_p99_ms} ms; missing ${res.missing}`,
      );
    }
  } finally {
    out.receiver = receiver.stats();
    await receiver.close();
  }
  return out;
}

module.exports = { runWebhooks, eventsFor, pacedRound };
