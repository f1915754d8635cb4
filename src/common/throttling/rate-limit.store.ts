import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import { AppConfig } from '../../config/app-config';
import { ROOT_LOGGER, RootLogger } from '../logging/logging.module';
import type { RedisSlidingWindow } from './redis-sliding-window';
import { SlidingWindowStorage } from './sliding-window.storage';

/** Where the rate-limit counters are now, for /health/ready's details. */
export interface RateLimitStatus {
  /** `redis` with REDIS_URL set, else `memory`. */
  store: 'redis' | 'memory';
  /** Whether the limit is one for all replicas right now (false while Redis is unreachable). */
  shared: boolean;
  message?: string;
}

/**
 * The rate limiter's counters. With REDIS_URL set they live in Redis, one sliding window per token for all
 * replicas; while Redis is unreachable every request is still served, counted in this process's memory
 * (each replica then allows the whole limit), and the outage is logged once when it starts and once when
 * it ends. Without REDIS_URL the counters are this process's only.
 */
@Injectable()
export class RateLimitStore implements ThrottlerStorage, OnApplicationShutdown {
  private readonly local = new SlidingWindowStorage();
  private readonly redis?: RedisSlidingWindow;
  /** Set while Redis is configured but unusable, with the reason; logged once per outage. */
  private outage?: string;

  constructor(config: AppConfig, @Inject(ROOT_LOGGER) private readonly logger: RootLogger) {
    if (!config.rateLimit.redisUrl) return;
    this.outage = 'not connected yet';
    // Loaded only when REDIS_URL is set: the Redis client is a sizeable module a single process never needs.
    const { RedisSlidingWindow: SharedWindow } = require('./redis-sliding-window') as typeof import('./redis-sliding-window');
    this.redis = new SharedWindow(config.rateLimit.redisUrl, { ready: () => this.reachable(), lost: (reason) => this.unreachable(reason) });
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    if (this.redis?.connected) {
      try {
        const record = await this.redis.increment(key, ttl, limit, blockDuration);
        if (this.outage) this.reachable();
        return record;
      } catch (err) {
        this.unreachable((err as Error).message);
      }
    }
    return this.local.increment(key, ttl, limit, blockDuration);
  }

  status(): RateLimitStatus {
    if (!this.redis) return { store: 'memory', shared: false };
    if (this.outage) return { store: 'redis', shared: false, message: 'Redis unreachable: each server process counts its own rate limits' };
    return { store: 'redis', shared: true };
  }

  async onApplicationShutdown() {
    await this.redis?.close();
  }

  private reachable() {
    const was = this.outage;
    this.outage = undefined;
    if (!was) return;
    const message = was === 'not connected yet' ? 'Redis connected: rate limits are shared by all replicas' : 'Redis reachable again: rate limits are shared by all replicas';
    this.logger.info({ context: 'rate-limit' }, message);
  }

  private unreachable(reason: string) {
    if (this.outage && this.outage !== 'not connected yet') return;
    this.outage = reason;
    this.logger.warn({ context: 'rate-limit', reason }, 'Redis unreachable: rate limits are counted per server process until it is back');
  }
}
