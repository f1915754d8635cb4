import { createHash } from 'node:crypto';
import { rateLimitError } from './rate-limit.guard';
import { RateLimitStore } from './rate-limit.store';

/** Sign-in attempts allowed per sign-in name in a sliding window (guessing a password takes many). */
export const SIGN_IN_ATTEMPTS = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Counts one sign-in attempt for `name` (an email, a username) under `scope`, and throws 429 past the limit.
 * The counters are shared by every replica when they are in Redis, and keyed by a hash: they never hold the name.
 */
export async function countSignInAttempt(limits: RateLimitStore, scope: string, name: string): Promise<void> {
  const key = `${scope}:${createHash('sha256').update(name).digest('hex')}`;
  const record = await limits.increment(key, SIGN_IN_WINDOW_MS, SIGN_IN_ATTEMPTS, 0);
  if (record.isBlocked) throw rateLimitError({ limit: SIGN_IN_ATTEMPTS, ttl: SIGN_IN_WINDOW_MS, timeToBlockExpire: record.timeToBlockExpire });
}
