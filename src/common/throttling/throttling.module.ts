import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimitStoreModule } from './rate-limit-store.module';
import { RequestBudget } from './request-budget';

/**
 * Per-token rate limiting (`RATE_LIMIT` per `RATE_LIMIT_WINDOW_MS`, default 6000 per minute), one limit for
 * all replicas when REDIS_URL is set (see RateLimitStore).
 * Import it after AuthModule: global guards run in registration order, so the bearer guard has already
 * refused bad tokens (401) and the budget is only spent by requests that could be served.
 */
@Module({
  imports: [RateLimitStoreModule],
  providers: [RequestBudget, { provide: APP_GUARD, useClass: RateLimitGuard }],
  exports: [RequestBudget],
})
export class ThrottlingModule {}
