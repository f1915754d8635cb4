import { Attempt, attemptOutcome, EXHAUSTED_EVENT, RetryPolicy } from './attempt-outcome';

/** Three attempts: the first at once, then 30 s and 5 min later. */
const policy: RetryPolicy = { retryScheduleSeconds: [0, 30, 300], pollIntervalMs: 1_000, breakerCooldownMs: 30_000 };
/** No jitter (the middle of its ±20 %). */
const noJitter = () => 0.5;

const attempt = (over: Partial<Attempt> & Pick<Attempt, 'result'>): Attempt => ({
  number: 1,
  throttledBefore: 0,
  eventName: 'order.paid',
  circuit: undefined,
  ...over,
});
const ok = { ok: true, errorClass: null };
const serverError = { ok: false, errorClass: 'non_2xx' as const };
const throttled = (retryAfterSeconds?: number) => ({ ok: false, errorClass: 'rate_limited' as const, retryAfterSeconds });

describe('the outcome of a delivery attempt', () => {
  it('a 2xx ends the job as succeeded', () => {
    expect(attemptOutcome(attempt({ result: ok }), policy)).toEqual({ status: 'succeeded' });
  });

  it('a 5xx is retried after the schedule\'s next delay (30 s after the first attempt, 5 min after the second)', () => {
    expect(attemptOutcome(attempt({ result: serverError }), policy, noJitter)).toEqual({ status: 'retrying', retryInMs: 30_000 });
    expect(attemptOutcome(attempt({ number: 2, result: serverError }), policy, noJitter)).toEqual({ status: 'retrying', retryInMs: 300_000 });
  });

  it('a retry delay carries ±20 % jitter', () => {
    expect(attemptOutcome(attempt({ result: serverError }), policy, () => 0).retryInMs).toBeCloseTo(24_000);
    expect(attemptOutcome(attempt({ result: serverError }), policy, () => 1).retryInMs).toBeCloseTo(36_000);
  });

  it('a timeout, a refused connection or a redirect is retried like a 5xx', () => {
    for (const errorClass of ['timeout_total', 'connect_refused', 'redirect', 'dns', 'network'] as const) {
      expect(attemptOutcome(attempt({ result: { ok: false, errorClass } }), policy, noJitter)).toEqual({ status: 'retrying', retryInMs: 30_000 });
    }
  });

  it('a 429 waits at least Retry-After, and does not use up a scheduled attempt', () => {
    expect(attemptOutcome(attempt({ result: throttled(120) }), policy, noJitter)).toEqual({ status: 'retrying', retryInMs: 120_000 });
    // Throttled on the last scheduled attempt: one more try, 5 min later (the delay of the retry it stands in for).
    expect(attemptOutcome(attempt({ number: 3, throttledBefore: 0, result: throttled() }), policy, noJitter)).toEqual({ status: 'retrying', retryInMs: 300_000 });
  });

  it('a receiver that always throttles still ends, after twice the schedule\'s attempts', () => {
    const last = attempt({ number: 6, throttledBefore: 5, result: throttled(1) });
    expect(attemptOutcome(last, policy, noJitter)).toEqual({ status: 'failed', alsoDo: 'publish-exhausted' });
  });

  it('a 410 Gone fails the job at once and disables the integration', () => {
    expect(attemptOutcome(attempt({ result: { ok: false, errorClass: 'gone' } }), policy)).toEqual({ status: 'failed', alsoDo: 'disable-integration' });
  });

  it('a failure of the last scheduled attempt fails the job and publishes webhook.delivery.exhausted', () => {
    expect(attemptOutcome(attempt({ number: 3, result: serverError }), policy, noJitter)).toEqual({ status: 'failed', alsoDo: 'publish-exhausted' });
  });

  it('an exhausted delivery of webhook.delivery.exhausted itself publishes nothing (no endless chain)', () => {
    expect(attemptOutcome(attempt({ number: 3, eventName: EXHAUSTED_EVENT, result: serverError }), policy)).toEqual({ status: 'failed' });
  });

  it('a retry due before the next poll wakes the worker for it; a later one is left to the poll', () => {
    const fast: RetryPolicy = { ...policy, retryScheduleSeconds: [0, 0.2, 5] };
    expect(attemptOutcome(attempt({ result: serverError }), fast, noJitter)).toEqual({ status: 'retrying', retryInMs: 200, wakeForRetryMs: 200 });
    expect(attemptOutcome(attempt({ number: 2, result: serverError }), fast, noJitter)).toEqual({ status: 'retrying', retryInMs: 5_000 });
  });

  it('an attempt that opens its integration\'s circuit wakes the worker when the cool-down is over', () => {
    expect(attemptOutcome(attempt({ result: serverError, circuit: 'opened' }), policy, noJitter)).toEqual({
      status: 'retrying',
      retryInMs: 30_000,
      wakeForCircuitMs: 30_001,
    });
    expect(attemptOutcome(attempt({ result: ok, circuit: 'closed' }), policy)).toEqual({ status: 'succeeded' });
  });
});
