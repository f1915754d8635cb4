import { Module } from '@nestjs/common';
import { RateLimitStore } from './rate-limit.store';

/** The rate limiter's counters (in Redis with REDIS_URL), for the throttler and the readiness probe. */
@Module({ providers: [RateLimitStore], exports: [RateLimitStore] })
export class RateLimitStoreModule {}
