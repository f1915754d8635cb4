import type { ThrottlerStorage } from '@nestjs/throttler';
// The record type is not re-exported from the package's index.
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';

const SWEEP_EVERY_MS = 60_000;
/** Drop the expired front of a log once it is this long and more than half of the log. */
const COMPACT_AT = 1024;

/** One key's hits as their expiry times, oldest first (a window is the same length for every hit of a key). */
class HitLog {
  private expiries: number[] = [];
  private head = 0;
  blockedUntil = 0;

  get size(): number {
    return this.expiries.length - this.head;
  }

  /** Expiry of the oldest live hit (after prune), or undefined when there is none. */
  get oldest(): number | undefined {
    return this.size ? this.expiries[this.head] : undefined;
  }

  get newest(): number | undefined {
    return this.size ? this.expiries[this.expiries.length - 1] : undefined;
  }

  prune(now: number): void {
    while (this.head < this.expiries.length && this.expiries[this.head] <= now) this.head++;
    if (this.head >= COMPACT_AT && this.head * 2 > this.expiries.length) {
      this.expiries = this.expiries.slice(this.head);
      this.head = 0;
    }
  }

  add(expiry: number): void {
    this.expiries.push(expiry);
  }
}

/**
 * Rate-limit counters in this process's memory: a sliding window per key, each hit expiring `ttl` ms after
 * it was made. It replaces @nestjs/throttler's in-memory storage, which on every request copies the key's
 * whole list of hits and spreads it into Math.min: 170 µs per request for a token near the default budget
 * (6,000 a minute), 3.4 ms at 60,000. Hits arrive in time order, so the oldest live hit is
 * the first: pruning moves an index, and a request costs O(1) amortized. Idle keys are dropped at most once
 * a minute, on a request (no timer).
 *
 * `timeToExpire` (X-RateLimit-Reset) is the time until the oldest hit expires, when a request is free again;
 * with `blockDuration` > 0 a key over its limit stays refused that long.
 */
export class SlidingWindowStorage implements ThrottlerStorage {
  private readonly logs = new Map<string, HitLog>();
  private nextSweep: number;

  constructor(private readonly clock: () => number = () => performance.now()) {
    this.nextSweep = this.clock() + SWEEP_EVERY_MS;
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const now = this.clock();
    if (now >= this.nextSweep) this.evictIdle(now);
    let log = this.logs.get(key);
    if (!log) {
      log = new HitLog();
      this.logs.set(key, log);
    }
    log.prune(now);
    const stillBlocked = log.blockedUntil > now;
    const isBlocked = stillBlocked || log.size >= limit;
    if (!isBlocked) log.add(now + ttl);
    else if (blockDuration > 0 && !stillBlocked) log.blockedUntil = now + blockDuration;
    const untilSlotFree = seconds((log.oldest ?? now) - now);
    return {
      totalHits: log.size + (isBlocked ? 1 : 0),
      timeToExpire: untilSlotFree,
      isBlocked,
      timeToBlockExpire: !isBlocked ? 0 : log.blockedUntil > now ? seconds(log.blockedUntil - now) : untilSlotFree,
    };
  }

  /** Keys being tracked (for tests and diagnostics). */
  get trackedKeys(): number {
    return this.logs.size;
  }

  private evictIdle(now: number): void {
    this.nextSweep = now + SWEEP_EVERY_MS;
    for (const [key, log] of this.logs) {
      if (log.blockedUntil <= now && (log.newest ?? 0) <= now) this.logs.delete(key);
    }
  }
}

function seconds(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}
