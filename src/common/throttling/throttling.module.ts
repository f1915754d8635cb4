import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import { AppConfig } from '../../config/app-config';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitStoreModule } from './rate-limit-store.module';
import { RateLimitStore } from './rate-limit.store';

/**
 * Per-token rate limiting (`RATE_LIMIT` per `RATE_LIMIT_WINDOW_MS`, default 6000 per minute), one limit for
 * all replicas when REDIS_URL is set (see RateLimitStore).
 * Import it after AuthModule: global guards run in registration order, so the bearer guard has already
 * refused bad tokens (401) and the budget is only spent by requests that could be served.
 */
@Module({
  imports: [
    RateLimitStoreModule,
    ThrottlerModule.forRootAsync({
      imports: [RateLimitStoreModule],
      inject: [AppConfig, RateLimitStore],
      useFactory: (config: AppConfig, storage: RateLimitStore) => ({
        // blockDuration 0: a sliding window; a client over the limit is refused only until its oldest hit expires.
        throttlers: [{ name: 'default', limit: config.rateLimit.limit, ttl: config.rateLimit.windowMs, blockDuration: 0 }],
        storage,
      }),
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }],
})
export class ThrottlingModule {}
