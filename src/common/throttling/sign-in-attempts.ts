import { createHash } from 'node:crypto';
import { rateLimitError } from './request-budget';
import { RateLimitStore } from './rate-limit.store';

/** Sign-in attempts allowed per sign-in name in a sliding window (guessing a password takes many). */
export const SIGN_IN_ATTEMPTS = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Counts one attempt for `name` (an email, a username, a customer) under `scope`, and throws 429 once there
 * were more than `limit` in the sliding window. The counters are shared by every replica when they are in Redis,
 * and keyed by a hash: they never hold the name.
 */
export async function countAttempt(limits: RateLimitStore, scope: string, name: string, limit: number, windowMs: number): Promise<void> {
  const key = `${scope}:${createHash('sha256').update(name).digest('hex')}`;
  const record = await limits.increment(key, windowMs, limit, 0);
  if (record.isBlocked) throw rateLimitError({ limit, ttl: windowMs, timeToBlockExpire: record.timeToBlockExpire });
}

/** Counts one sign-in attempt for `name` under `scope` (SIGN_IN_ATTEMPTS per SIGN_IN_WINDOW_MS). */
export function countSignInAttempt(limits: RateLimitStore, scope: string, name: string): Promise<void> {
  return countAttempt(limits, scope, name, SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS);
}
