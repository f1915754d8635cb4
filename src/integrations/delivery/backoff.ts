/** Longest wait we ever schedule (also caps Retry-After). */
export const MAX_DELAY_SECONDS = 24 * 3600;

/**
 * Seconds to wait before attempt `nextAttempt` (1-based), or null when the schedule is exhausted.
 * `schedule[i]` is the delay before attempt i+1, so `schedule[0]` is the delay before the first attempt.
 * Every non-zero delay gets ±20 % jitter; 429/503 with Retry-After wait max(Retry-After, scheduled).
 */
export function delayBeforeAttempt(schedule: number[], nextAttempt: number, retryAfterSeconds?: number, random = Math.random): number | null {
  if (nextAttempt > schedule.length) return null;
  const base = schedule[nextAttempt - 1];
  const jittered = base === 0 ? 0 : base * (0.8 + 0.4 * random());
  const delay = retryAfterSeconds !== undefined ? Math.max(retryAfterSeconds, jittered) : jittered;
  return Math.min(delay, MAX_DELAY_SECONDS);
}

/** A failed try of a job: its number (every try counts), and how many of its tries were throttled. */
export interface FailedTry {
  /** 1-based, this one included. */
  tries: number;
  /** Tries answered 429 (or 503 with Retry-After), this one included. */
  throttledTries: number;
  /** Whether this one was throttled. */
  throttled: boolean;
  retryAfterSeconds?: number;
}

/**
 * Seconds to wait after a failed try, or null when the job has failed for good. A throttled try does not
 * use up a scheduled attempt (docs/webhook-delivery.md, "Retries"): it waits max(Retry-After, the delay before the retry it
 * stands in for), and the schedule carries on where it was. At most `schedule.length` throttled tries are
 * forgiven, so a receiver that always throttles still ends (after twice the schedule's attempts).
 */
export function delayAfterFailure(schedule: number[], failed: FailedTry, random = Math.random): number | null {
  const forgiven = Math.min(failed.throttledTries, schedule.length);
  const used = failed.tries - forgiven;
  const free = failed.throttled && failed.throttledTries <= schedule.length;
  return delayBeforeAttempt(schedule, free ? Math.max(used, 1) + 1 : used + 1, failed.retryAfterSeconds, random);
}
