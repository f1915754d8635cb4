import { EventsPublisher } from '../../src/events/events.publisher';
import { EventName } from '../../src/events/event-names';
import { DeliveryWorker } from '../../src/integrations/delivery/delivery.worker';
import { Relay } from '../../src/integrations/delivery/relay.worker';
import { createTestApp, TestApp } from './test-app';
import { drainWebhooks, WebhookReceiver } from './webhook-receiver';

/**
 * Webhook tests against test apps whose workers are off (`drain` drives them): receivers on 127.0.0.1
 * allowed, fast retries, and no circuit breaker (tests of other behaviour fail many deliveries in a row; the
 * breaker has tests of its own). The send timeout is generous: a healthy receiver on a loaded machine must
 * never be cut off and sent the same event twice. Tests of the timeout set their own.
 */
export const WEBHOOK_TEST_ENV = {
  WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
  WEBHOOK_RETRY_SCHEDULE: '0,0.05,0.05,0.05',
  WEBHOOK_TIMEOUT_MS: '10000',
  WEBHOOK_BREAKER_FAILURES: '0',
};

export const NON_2XX = 'Received a status code outside of 2xx range - treating webhook as a fail';

export type CreatedIntegration = { id: string; configuration: { url: string; signing_secret?: string; [k: string]: unknown }; [k: string]: any };

/** An integration of `t` on `url` observing `observes`, created through the API (201 asserted). */
export async function createIntegration(t: TestApp, url: string, observes: string[], over: Record<string, unknown> = {}): Promise<CreatedIntegration> {
  const res = await t.http
    .post('/v2/integrations')
    .set(t.admin)
    .send({ data: { type: 'integration', name: 'hook', description: 'a hook', enabled: true, observes, configuration: { url }, ...over } });
  expect(res.status).toBe(201);
  return res.body.data;
}

/** A new real receiver and an enabled integration of `t` sending it `observes`; the caller closes the receiver. */
export async function integrationWithReceiver(t: TestApp, observes: string[], over: Record<string, unknown> = {}) {
  const receiver = await WebhookReceiver.start();
  const integration = await createIntegration(t, receiver.url, observes, over);
  return { receiver, integration };
}

/** Fans out the outbox and delivers until nothing is left (see drainWebhooks); for apps with workers off. */
export function drainApp(t: TestApp, timeoutMs?: number) {
  return drainWebhooks({ relay: t.app.get(Relay), delivery: t.app.get(DeliveryWorker), prisma: t.prisma }, timeoutMs);
}

/** Publishes an event as a service does (outside any business transaction). */
export function publishEvent(t: TestApp, name: EventName, payload: any) {
  return t.app.get(EventsPublisher).publish(t.prisma, name, payload);
}

/**
 * The hooks of a suite sharing one test app (workers off): receivers made with `receiver()` are closed and
 * every integration is disabled after each test, once what it queued has been delivered, so one test's
 * integrations never receive the next test's events.
 */
export function useWebhookApp(env: Record<string, string> = WEBHOOK_TEST_ENV) {
  let t: TestApp | undefined;
  let receivers: WebhookReceiver[] = [];
  // Generous hook ceilings: an app starts slowly on a loaded machine (PGlite especially).
  beforeAll(async () => {
    t = await createTestApp({ env });
  }, 300_000);
  afterEach(async () => {
    if (!t) return;
    await drainApp(t, 60_000);
    await t.prisma.integration.updateMany({ data: { enabled: false } });
    await Promise.all(receivers.map((r) => r.close()));
    receivers = [];
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });
  const suite = {
    get t() {
      return t!;
    },
    async receiver() {
      const r = await WebhookReceiver.start();
      receivers.push(r);
      return r;
    },
    integrate: (url: string, observes: string[], over: Record<string, unknown> = {}) => createIntegration(t!, url, observes, over),
    /** A receiver (closed after the test) and an integration sending it `observes`. */
    async integrationWithReceiver(observes: string[], over: Record<string, unknown> = {}) {
      const receiver = await suite.receiver();
      return { receiver, integration: await suite.integrate(receiver.url, observes, over) };
    },
    /** Drains the pipeline; a generous ceiling by default (a minute), for loaded machines. */
    drain: (timeoutMs = 60_000) => drainApp(t!, timeoutMs),
    publish: (name: EventName, payload: any) => publishEvent(t!, name, payload),
    jobOf: (integrationId: string) => t!.prisma.integrationJob.findFirstOrThrow({ where: { integrationId } }),
    logsOf: (integrationId: string) => t!.prisma.integrationLog.findMany({ where: { integrationId }, orderBy: { attempt: 'asc' } }),
  };
  return suite;
}
