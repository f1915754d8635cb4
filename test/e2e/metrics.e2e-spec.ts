import { randomUUID } from 'node:crypto';
import { EventsPublisher } from '../../src/events/events.publisher';
import { DeliveryWorker } from '../../src/integrations/delivery/delivery.worker';
import { Relay } from '../../src/integrations/delivery/relay.worker';
import { expectErrorDocument } from '../support/documents';
import { freePort, sample } from '../support/prometheus-text';
import { createTestApp, TestApp } from '../support/test-app';
import { testDbKind } from '../support/test-database';
import { WebhookReceiver } from '../support/webhook-receiver';

describe('Prometheus metrics', () => {
  let t: TestApp;
  let metricsPort: number;
  const receivers: WebhookReceiver[] = [];

  const scrape = async () => {
    const res = await t.http.get('/metrics').set(t.admin);
    expect(res.status).toBe(200);
    return res.text;
  };
  const integrate = async (url: string) => {
    const res = await t.http
      .post('/v2/integrations')
      .set(t.admin)
      .send({ data: { type: 'integration', name: 'hook', enabled: true, observes: ['order.paid'], configuration: { url } } });
    expect(res.status).toBe(201);
  };

  beforeAll(async () => {
    metricsPort = await freePort();
    t = await createTestApp({
      env: {
        METRICS_PORT: String(metricsPort),
        WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
        WEBHOOK_RETRY_SCHEDULE: '0,600',
        WEBHOOK_BREAKER_FAILURES: '1',
        WEBHOOK_BREAKER_COOLDOWN_MS: '600000',
      },
    });
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await t?.close();
  });

  it('needs a client-credentials token on the API port, and serves the text format with process and runtime metrics', async () => {
    expectErrorDocument(await t.http.get('/metrics'), 401);
    expectErrorDocument(await t.http.get('/metrics').set(t.storefront), 403);
    const res = await t.http.get('/metrics').set(t.admin);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain;.*version=0\.0\.4/);
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(sample(res.text, name)).toBeGreaterThanOrEqual(0);
    }
    expect(sample(res.text, 'commerce_db_pool_max_connections', { pool: 'api' })).toBeGreaterThanOrEqual(1);
    expect(sample(res.text, 'commerce_db_pool_max_connections', { pool: 'webhooks' })).toBeGreaterThanOrEqual(1);
    expect(sample(res.text, 'commerce_db_pool_connections', { pool: 'api', state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(sample(res.text, 'commerce_db_pool_waiting_requests', { pool: 'api' })).toBe(0);
    // Every statement on PostgreSQL first takes a connection from the pool (PGlite has no pool).
    if (testDbKind() === 'postgres') expect(sample(res.text, 'commerce_db_pool_wait_seconds_count', { pool: 'api' })).toBeGreaterThan(0);
  });

  it('times HTTP requests by route pattern and status, never by the raw path', async () => {
    const before = await scrape();
    const count = (text: string, route: string, status: string) =>
      sample(text, 'http_request_duration_seconds_count', { method: 'GET', route, status }) ?? 0;
    const id = randomUUID();
    for (let i = 0; i < 3; i++) expect((await t.http.get('/v2/products').set(t.admin)).status).toBe(200);
    expectErrorDocument(await t.http.get(`/v2/products/${id}`).set(t.admin), 404);
    expectErrorDocument(await t.http.get(`/v2/no-such-thing/${id}`).set(t.admin), 404);
    const after = await scrape();
    expect(count(after, '/v2/products', '200') - count(before, '/v2/products', '200')).toBe(3);
    expect(count(after, '/v2/products/:id', '404') - count(before, '/v2/products/:id', '404')).toBe(1);
    expect(count(after, '(unmatched)', '404') - count(before, '(unmatched)', '404')).toBe(1);
    expect(sample(after, 'http_request_duration_seconds_bucket', { route: '/v2/products', status: '200', le: '+Inf' })).toBeGreaterThanOrEqual(3);
    expect(after).not.toContain(id);
  });

  it('shows webhook jobs due, attempts by outcome, event-to-delivery latency and open circuits moving with deliveries', async () => {
    const ok = await WebhookReceiver.start();
    const failing = await WebhookReceiver.start();
    receivers.push(ok, failing);
    failing.always({ status: 500, body: 'down' });
    await integrate(ok.url);
    await integrate(failing.url);
    // Events written so far (the integrations' own) are fanned out: none observed by these two.
    await t.app.get(Relay).tick();
    const start = await scrape();
    const attempts = (text: string, outcome: string) => sample(text, 'commerce_webhook_delivery_attempts_total', { outcome }) ?? 0;
    expect(sample(start, 'commerce_webhook_jobs_due')).toBe(0);
    expect(sample(start, 'commerce_webhook_events_undispatched')).toBe(0);
    expect(sample(start, 'commerce_webhook_circuit_breakers', { state: 'open' })).toBe(0);

    await t.app.get(EventsPublisher).publish(t.prisma, 'order.paid', { data: { type: 'order', id: randomUUID() } });
    expect(sample(await scrape(), 'commerce_webhook_events_undispatched')).toBe(1);
    await t.app.get(Relay).tick();
    const queued = await scrape();
    expect(sample(queued, 'commerce_webhook_events_undispatched')).toBe(0);
    expect(sample(queued, 'commerce_webhook_jobs_due')).toBe(2);
    expect(sample(queued, 'commerce_webhook_jobs_oldest_due_age_seconds')).toBeGreaterThanOrEqual(0);

    await t.app.get(DeliveryWorker).tick();
    const delivered = await scrape();
    expect(ok.requests).toHaveLength(1);
    expect(failing.requests).toHaveLength(1);
    expect(attempts(delivered, 'succeeded') - attempts(start, 'succeeded')).toBe(1);
    expect(attempts(delivered, 'non_2xx') - attempts(start, 'non_2xx')).toBe(1);
    const latencies = (text: string) => sample(text, 'commerce_webhook_event_to_delivery_seconds_count') ?? 0;
    expect(latencies(delivered) - latencies(start)).toBe(1);
    expect(sample(delivered, 'commerce_webhook_event_to_delivery_seconds_sum')).toBeGreaterThan(0);
    // The failed job waits for its retry (in 600 s): nothing is due now.
    expect(sample(delivered, 'commerce_webhook_jobs_due')).toBe(0);
    // One failure opens the failing receiver's circuit (WEBHOOK_BREAKER_FAILURES=1).
    expect(sample(delivered, 'commerce_webhook_circuit_breakers', { state: 'open' })).toBe(1);
    expect((sample(delivered, 'commerce_webhook_circuit_openings_total') ?? 0) - (sample(start, 'commerce_webhook_circuit_openings_total') ?? 0)).toBe(1);
  });

  it('serves GET /metrics without a token on METRICS_PORT, and nothing else there', async () => {
    const base = `http://127.0.0.1:${metricsPort}`;
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(sample(await res.text(), 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0);
    const other = await fetch(`${base}/v2/products`);
    expect(other.status).toBe(404);
    expect((await other.json()).errors[0].status).toBe(404);
    // The API port still asks for a token.
    expectErrorDocument(await t.http.get('/metrics'), 401);
  });
});
