import { delayAfterFailure } from './backoff';
import type { CircuitChange } from './circuit-breakers';
import type { ErrorClass } from './webhook-sender';

/** Published when a delivery failed its last scheduled attempt. */
export const EXHAUSTED_EVENT = 'webhook.delivery.exhausted';

/** The settings the retry policy reads (AppConfig.webhooks). */
export interface RetryPolicy {
  /** WEBHOOK_RETRY_SCHEDULE: seconds before attempt i+1 at [i] (so [0] is before the first attempt). */
  retryScheduleSeconds: number[];
  /** The worker's poll: a retry due sooner than this needs a wake-up of its own. */
  pollIntervalMs: number;
  /** How long an opened circuit holds the integration's deliveries. */
  breakerCooldownMs: number;
}

/** One attempt, as the policy sees it. */
export interface Attempt {
  /** 1-based; every try counts, throttled ones too. */
  number: number;
  /** Earlier tries of the job that were throttled (answered 429, or 503 with Retry-After). */
  throttledBefore: number;
  /** The event delivered. */
  eventName: string;
  /** What the receiver did. */
  result: { ok: boolean; errorClass: ErrorClass | null; retryAfterSeconds?: number };
  /** What the attempt did to the integration's circuit breaker. */
  circuit: CircuitChange;
}

/** What follows an attempt. */
export interface AttemptOutcome {
  /** The job's next state. */
  status: 'succeeded' | 'retrying' | 'failed';
  /** For `retrying`: milliseconds until the next attempt is due. */
  retryInMs?: number;
  /** Done in the transaction that records the attempt. */
  alsoDo?: 'disable-integration' | 'publish-exhausted';
  /** Wake the worker this long after the attempt is recorded: the retry comes due before the poll would see it. */
  wakeForRetryMs?: number;
  /** Wake the worker this long from now: the circuit opened, and its cool-down ends before the poll. */
  wakeForCircuitMs?: number;
}

/**
 * The retry policy (docs/webhook-delivery.md, "Retries"). A 2xx succeeds. 410 Gone fails the job and disables the
 * integration: the receiver asked us to stop. Any other failure is retried after the schedule's next delay (±20 %
 * jitter); a throttled try (429, or 503 with Retry-After) waits at least Retry-After and does not use up a scheduled
 * attempt (see delayAfterFailure). When the schedule is spent the job fails, with a `webhook.delivery.exhausted`
 * event, except for a delivery of that event itself (a receiver failing on it would start an endless chain).
 */
export function attemptOutcome(attempt: Attempt, policy: RetryPolicy, random = Math.random): AttemptOutcome {
  const wakeForCircuitMs = attempt.circuit === 'opened' ? policy.breakerCooldownMs + 1 : undefined;
  const { result } = attempt;
  if (result.ok) return { status: 'succeeded', wakeForCircuitMs };
  if (result.errorClass === 'gone') return { status: 'failed', alsoDo: 'disable-integration', wakeForCircuitMs };
  const throttled = result.errorClass === 'rate_limited';
  const delay = delayAfterFailure(
    policy.retryScheduleSeconds,
    { tries: attempt.number, throttledTries: attempt.throttledBefore + (throttled ? 1 : 0), throttled, retryAfterSeconds: result.retryAfterSeconds },
    random,
  );
  if (delay === null) {
    return { status: 'failed', alsoDo: attempt.eventName === EXHAUSTED_EVENT ? undefined : 'publish-exhausted', wakeForCircuitMs };
  }
  const retryInMs = delay * 1000;
  const wakeForRetryMs = retryInMs < policy.pollIntervalMs ? Math.ceil(retryInMs) : undefined;
  return { status: 'retrying', retryInMs, wakeForRetryMs, wakeForCircuitMs };
}
