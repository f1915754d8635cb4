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
