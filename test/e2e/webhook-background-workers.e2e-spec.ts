import { randomUUID } from 'node:crypto';
import { EventsPublisher } from '../../src/events/events.publisher';
import { EventName } from '../../src/events/event-names';
import { DeliveryWorker } from '../../src/integrations/delivery/delivery.worker';
import { Relay } from '../../src/integrations/delivery/relay.worker';
import { createTestApp, TestApp } from '../support/test-app';
import { drainWebhooks, MisbehavingReceiver, WebhookReceiver } from '../support/webhook-receiver';
import { eventually } from '../support/eventually';
import { createIntegration, publishEvent, WEBHOOK_TEST_ENV } from '../support/webhooks';

/** The relay and delivery workers running on their own (WORKERS_ENABLED): slots, wake-ups, shutdown, and the circuit breaker. */

// Each test starts its own app, which takes long on a loaded machine.
jest.setTimeout(300_000);

// The workers run on their own; the poll is ten minutes away, so whatever is sent in a test was woken up.
const BACKGROUND = { WORKERS_ENABLED: 'true', WEBHOOK_POLL_INTERVAL_MS: '600000' };

describe('webhook workers in the background', () => {
  const integrate = (t: TestApp, url: string, observes: EventName[]) => createIntegration(t, url, observes);

  it('sends claimed jobs as slots free up; gives back those that wait too long for one, and all unsent ones at shutdown', async () => {
    // 2 slots, one lane each: two hanging receivers hold both slots (for as long as the test keeps their
    // connections open; the send timeout is a minute away); the third integration's job is claimed ahead and
    // must wait for a slot.
    const a = await MisbehavingReceiver.start('hang');
    const b = await MisbehavingReceiver.start('hang');
    const c = await WebhookReceiver.start();
    const env = { ...WEBHOOK_TEST_ENV, ...BACKGROUND, WEBHOOK_CONCURRENCY: '2', WEBHOOK_RETRY_SCHEDULE: '0,600', WEBHOOK_TIMEOUT_MS: '60000', WEBHOOK_CONNECT_TIMEOUT_MS: '1000' };
    const t = await createTestApp({ env });
    let closing: Promise<void> | undefined;
    try {
      await createIntegration(t, a.url, ['order.paid']);
      await createIntegration(t, b.url, ['order.paid']);
      const C = (await createIntegration(t, c.url, ['order.created'])).id;
      await publishEvent(t, 'order.paid', { data: { type: 'order', id: randomUUID() } });
      await a.waitFor(1, 30_000);
      await b.waitFor(1, 30_000);
      await publishEvent(t, 'order.created', { data: { type: 'order', id: randomUUID() } });
      const cJob = () => t.prisma.integrationJob.findFirst({ where: { integrationId: C } });
      // Claimed while both slots hang…
      await eventually(async () => (await cJob())?.status === 'in_flight', 'the job claimed');
      // …and given back (attempt and lease undone) once it has waited WEBHOOK_CONNECT_TIMEOUT_MS for a slot.
      const back = await eventually(async () => ((j) => j?.status === 'pending' && j)(await cJob()), 'the job given back');
      expect(back).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
      expect(c.requests).toHaveLength(0);
      // Sent as soon as a slot frees up (the hanging sends fail when their connections drop), as attempt 1.
      a.drop();
      b.drop();
      await c.waitFor(1, 30_000);
      expect(c.requests.map((q) => q.body.attempt)).toEqual([1]);

      // Shutdown: both slots hang again (the retries are ten minutes away, so: new events); a job claimed
      // ahead of them is given back unsent, while the sends still hang, rather than left to its lease.
      await publishEvent(t, 'order.paid', { data: { type: 'order', id: randomUUID() } });
      await a.waitFor(2, 30_000);
      await b.waitFor(2, 30_000);
      await publishEvent(t, 'order.created', { data: { type: 'order', id: randomUUID() } });
      const second = async () => (await t.prisma.integrationJob.findMany({ where: { integrationId: C }, orderBy: { createdAt: 'asc' } }))[1];
      await eventually(async () => (await second())?.status === 'in_flight', 'the second job claimed');
      closing = t.close(); // waits for the two hanging sends, with the database still open
      const givenBack = await eventually(async () => ((j) => j?.status === 'pending' && j)(await second()), 'the second job given back');
      expect(givenBack).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
      expect(c.requests).toHaveLength(1);
      a.drop();
      b.drop();
    } finally {
      await Promise.all([a.close(), b.close()]);
      await (closing ?? t.close());
      await c.close();
    }
  }, 180_000);

  it('sends a backlog held back by slots and lanes as sends end, without waiting for the poll', async () => {
    // 2 slots, one lane per integration: each claim can take one job of this integration, so the next must
    // be claimed when a send ends (a finished send claims again only when the last claim may have left some).
    const r = await WebhookReceiver.start();
    r.always({ status: 200, delay: 50 });
    const env = { ...WEBHOOK_TEST_ENV, ...BACKGROUND, WEBHOOK_CONCURRENCY: '2' };
    const t = await createTestApp({ env });
    try {
      await integrate(t, r.url, ['order.paid']);
      await t.prisma.$transaction(async (tx) => {
        for (let i = 0; i < 6; i++) await t.app.get(EventsPublisher).publish(tx, 'order.paid', { data: { type: 'order', id: randomUUID() } });
      });
      // Well before the next poll, ten minutes after the start.
      await r.waitFor(6, 60_000);
      expect(new Set(r.requests.map((q) => q.body.id)).size).toBe(6);
    } finally {
      await t.close();
      await r.close();
    }
  });

  it('wake at once on publish (no waiting for the poll) and stop cleanly on shutdown', async () => {
    const r = await WebhookReceiver.start();
    const t = await createTestApp({ env: { ...WEBHOOK_TEST_ENV, ...BACKGROUND } });
    try {
      await integrate(t, r.url, ['order.paid']);
      await t.app.get(EventsPublisher).publish(t.prisma, 'order.paid', { data: { type: 'order', id: randomUUID() } });
      await r.waitFor(1, 60_000); // well before the next poll, ten minutes after the start
      r.respond({ status: 200, delay: 200 });
      await t.app.get(EventsPublisher).publish(t.prisma, 'order.paid', { data: { type: 'order', id: randomUUID() } });
      await r.waitFor(2, 60_000);
    } finally {
      await t.close(); // awaits the in-flight (delayed) send
      await r.close();
    }
  });
});

describe('webhook circuit breaker', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const BREAKER_ENV = { ...WEBHOOK_TEST_ENV, WEBHOOK_BREAKER_FAILURES: '3', WEBHOOK_RETRY_SCHEDULE: '0,0.02,0.02,0.02,0.02,0.02,0.02,0.02' };
  const integrate = async (t: TestApp, url: string) => (await createIntegration(t, url, ['account.deleted'])).id;

  /**
   * The delivery worker's circuit breakers read a clock the test moves: a cool-down ends when the test says
   * so, whatever the load on the machine (retries still come due on the real clock, 20 ms apart).
   */
  const breakerClock = (t: TestApp) => {
    const clock = { now: Date.now() };
    const worker = t.app.get(DeliveryWorker) as unknown as { lanes: { breakers: { now: () => number } } };
    worker.lanes.breakers.now = () => clock.now;
    return clock;
  };

  it('holds a failing integration\'s jobs, attempts unspent, for the cool-down; then probes one at a time, opens again on a failed probe, closes after 5 successes', async () => {
    const COOLDOWN_MS = 60_000;
    const t = await createTestApp({ env: { ...BREAKER_ENV, WEBHOOK_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS) } });
    const clock = breakerClock(t);
    const failing = await WebhookReceiver.start();
    const healthy = await WebhookReceiver.start();
    try {
      failing.always({ status: 500 });
      const A = await integrate(t, failing.url);
      await integrate(t, healthy.url);
      const relay = t.app.get(Relay);
      const delivery = t.app.get(DeliveryWorker);
      const pump = async () => (await relay.tick()) + (await delivery.tick());
      /** Pumps a while, with the failed jobs' retries (due 20 ms later) coming due in between. */
      const pumpAWhile = async () => {
        for (let i = 0; i < 15; i++) {
          await pump();
          await sleep(20);
        }
      };
      for (let i = 0; i < 6; i++) await t.app.get(EventsPublisher).publish(t.prisma, 'account.deleted', { type: 'account', id: randomUUID() });
      const attemptsOfA = async () => (await t.prisma.integrationJob.aggregate({ where: { integrationId: A }, _sum: { attempts: true } }))._sum.attempts;

      // Three failures in a row open the circuit (the first claim sends all six at once, so it may see more):
      // nothing more is sent to A while it is open, though its jobs are due; the other integration gets all six.
      while (failing.requests.length < 3) await pump();
      const failed = failing.requests.length;
      expect(failed).toBeGreaterThanOrEqual(3);
      await pumpAWhile(); // the breakers' clock stands still: still within the cool-down
      expect(failing.requests).toHaveLength(failed);
      expect(healthy.requests).toHaveLength(6);
      expect(await attemptsOfA()).toBe(failed);
      const due = await t.prisma.integrationJob.count({ where: { integrationId: A, status: { in: ['pending', 'retrying'] }, nextAttemptAt: { lte: new Date() } } });
      expect(due).toBeGreaterThan(0);

      // Half-open after the cool-down: one probe; it fails, so the circuit opens again.
      clock.now += COOLDOWN_MS - 1;
      await pumpAWhile();
      expect(failing.requests).toHaveLength(failed); // not a millisecond early
      clock.now += 1;
      await pump();
      expect(failing.requests).toHaveLength(failed + 1);
      await pumpAWhile();
      expect(failing.requests).toHaveLength(failed + 1);

      // The receiver recovers: probes one at a time until five succeeded, then the share again.
      failing.reset().always({ status: 204, delay: 30 });
      clock.now += COOLDOWN_MS;
      await drainWebhooks({ relay, delivery, prisma: t.prisma }, 60_000);
      expect(failing.requests).toHaveLength(6);
      expect(failing.maxInFlight).toBe(1);
      expect(await attemptsOfA()).toBe(failed + 1 + 6);
      failing.reset().always({ status: 204, delay: 30 });
      for (let i = 0; i < 6; i++) await t.app.get(EventsPublisher).publish(t.prisma, 'account.deleted', { type: 'account', id: randomUUID() });
      await drainWebhooks({ relay, delivery, prisma: t.prisma }, 60_000);
      expect(failing.requests).toHaveLength(6);
      expect(failing.maxInFlight).toBeGreaterThan(1); // the circuit closed after the fifth successful probe
    } finally {
      await t.close();
      await Promise.all([failing.close(), healthy.close()]);
    }
  });

  it('in the background: the worker sends again when the cool-down ends, without waiting for the poll', async () => {
    const COOLDOWN_MS = 600;
    const r = await WebhookReceiver.start();
    r.respond({ status: 500 }, { status: 500 }, { status: 500 }).always({ status: 204 });
    const env = { ...BREAKER_ENV, ...BACKGROUND, WEBHOOK_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS) };
    const t = await createTestApp({ env });
    try {
      await integrate(t, r.url);
      await t.app.get(EventsPublisher).publish(t.prisma, 'account.deleted', { type: 'account', id: randomUUID() });
      await r.waitFor(4, 60_000);
      expect(r.requests.map((q) => q.body.attempt)).toEqual([1, 2, 3, 4]);
      const held = r.requests[3].at - r.requests[2].at;
      expect(held).toBeGreaterThanOrEqual(COOLDOWN_MS - 50); // the retry was due after 20 ms
      expect(held).toBeLessThan(60_000); // not the poll, ten minutes away
    } finally {
      await t.close();
      await r.close();
    }
  });
});
