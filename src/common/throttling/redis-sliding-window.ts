import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
// The record type is not re-exported from the package's index.
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';

/**
 * One request against a key's sliding window, atomically on the Redis server, with the server's clock (so
 * replicas with skewed clocks still share one window). Same rules as SlidingWindowStorage: the key's hits
 * are a sorted set of their expiry times; expired ones are dropped; a request is refused when `limit` hits
 * are live (or the key is blocked) and a refused request is not a hit; with a block duration, going over
 * the limit blocks the key that long. Returns the hits, whether refused, and the milliseconds until the
 * oldest hit expires and until the block ends.
 */
const HIT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local block = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local size = redis.call('ZCARD', KEYS[1])
local blockedUntil = tonumber(redis.call('GET', KEYS[2]) or '0')
local stillBlocked = blockedUntil > now
local refused = stillBlocked or size >= limit
if not refused then
  redis.call('ZADD', KEYS[1], now + ttl, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ttl)
  size = size + 1
elseif block > 0 and not stillBlocked then
  blockedUntil = now + block
  redis.call('SET', KEYS[2], blockedUntil, 'PX', block)
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local untilOldest = 0
if oldest[2] then untilOldest = tonumber(oldest[2]) - now end
local untilUnblocked = 0
if blockedUntil > now then untilUnblocked = blockedUntil - now end
return { size, refused and 1 or 0, untilOldest, untilUnblocked }
`;

const KEY_PREFIX = 'commerce-api:rate-limit:';

type HitReply = [number, number, number, number];

interface RedisWithHit extends Redis {
  slidingWindowHit(hits: string, blocked: string, ttl: number, limit: number, block: number, member: string): Promise<HitReply>;
}

/** Connection events the owner turns into its availability (see RateLimitStore). */
export interface RedisConnectionEvents {
  ready(): void;
  lost(reason: string): void;
}

/**
 * Sliding-window rate-limit counters in Redis, shared by every replica. Commands are not queued while
 * disconnected (they fail at once, and the caller counts in its own memory instead); the connection is
 * retried in the background for as long as the server runs.
 */
export class RedisSlidingWindow {
  private readonly redis: RedisWithHit;
  /** Hits of this process are told apart from other processes' hits made in the same millisecond. */
  private readonly memberPrefix = randomBytes(6).toString('hex');
  private sequence = 0;

  constructor(url: string, events: RedisConnectionEvents, commandTimeoutMs = 1_000) {
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: commandTimeoutMs,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 6), 5_000),
    }) as RedisWithHit;
    this.redis.defineCommand('slidingWindowHit', { numberOfKeys: 2, lua: HIT_SCRIPT });
    this.redis.on('ready', () => events.ready());
    this.redis.on('error', (err: Error) => events.lost(err.message));
    this.redis.on('close', () => events.lost('connection closed'));
  }

  get connected(): boolean {
    return this.redis.status === 'ready';
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    // A hash tag: both keys of a window live on one node of a Redis Cluster.
    const hits = `${KEY_PREFIX}{${key}}`;
    const member = `${this.memberPrefix}:${(this.sequence = (this.sequence + 1) % Number.MAX_SAFE_INTEGER)}`;
    const [size, refused, untilOldest, untilUnblocked] = (await this.redis.slidingWindowHit(hits, `${hits}:blocked`, ttl, limit, blockDuration, member)).map(Number);
    const isBlocked = refused === 1;
    const untilSlotFree = seconds(untilOldest);
    return {
      totalHits: size + (isBlocked ? 1 : 0),
      timeToExpire: untilSlotFree,
      isBlocked,
      timeToBlockExpire: !isBlocked ? 0 : untilUnblocked > 0 ? seconds(untilUnblocked) : untilSlotFree,
    };
  }

  async close(): Promise<void> {
    this.redis.removeAllListeners('close');
    this.redis.removeAllListeners('error').on('error', () => undefined);
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

function seconds(ms: number): number {
  return Math.max(0, Math.ceil(ms / 1000));
}
