import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { ApiError } from '../errors/api-error';
import { RateLimitStore } from './rate-limit.store';

/**
 * One request budget per access token (per client IP for requests without a validated token), shared by every
 * route: `RATE_LIMIT` requests per `RATE_LIMIT_WINDOW_MS`, a sliding window (each hit expires one window after
 * it was made). Spent by the rate-limit guard for routed requests and by the answers served before routing
 * (KeptAnswers), so both count against one budget and answer alike.
 */
@Injectable()
export class RequestBudget {
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(
    config: AppConfig,
    private readonly store: RateLimitStore,
  ) {
    this.limit = config.rateLimit.limit;
    this.windowMs = config.rateLimit.windowMs;
  }

  /**
   * Counts the request against its tracker's budget and sets `X-RateLimit-Limit`, `-Remaining` and `-Reset`
   * (seconds until a request is free again); over the budget it throws the 429 (with `Retry-After`).
   */
  async spend(req: Request, res: Response): Promise<void> {
    // blockDuration 0: a client over the limit is refused only until its oldest hit expires.
    const hit = await this.store.increment(`default:${trackerFor(req)}`, this.windowMs, this.limit, 0);
    if (hit.isBlocked) throw rateLimitError({ limit: this.limit, ttl: this.windowMs, timeToBlockExpire: hit.timeToBlockExpire });
    res.setHeader('X-RateLimit-Limit', String(this.limit));
    res.setHeader('X-RateLimit-Remaining', String(Math.max(0, this.limit - hit.totalHits)));
    res.setHeader('X-RateLimit-Reset', String(hit.timeToExpire));
  }
}

export function rateLimitError(detail: { limit: number; ttl: number; timeToBlockExpire: number }): ApiError {
  const retryAfter = Math.max(1, Math.ceil(detail.timeToBlockExpire || detail.ttl / 1000));
  return new ApiError(
    429,
    'Too Many Requests',
    `Rate limit of ${detail.limit} requests per ${formatWindow(detail.ttl)} exceeded; retry in ${retryAfter} second${retryAfter === 1 ? '' : 's'}`,
    undefined,
    { 'Retry-After': String(retryAfter) },
  );
}

/**
 * The rate-limit key of a request: the access token the bearer guard validated (by its row id, never the
 * token itself), else the client IP. An unvalidated Authorization header is ignored, so sending a made-up
 * token with each request to a public route (the token endpoint) cannot buy a fresh budget.
 */
export function trackerFor(req: Request): string {
  if (req.principal?.tokenId) return `token:${req.principal.tokenId}`;
  return `ip:${req.ip ?? req.socket?.remoteAddress ?? 'unknown'}`;
}

function formatWindow(ms: number): string {
  if (ms % 60_000 === 0) return ms === 60_000 ? 'minute' : `${ms / 60_000} minutes`;
  if (ms % 1000 === 0) return ms === 1000 ? 'second' : `${ms / 1000} seconds`;
  return `${ms} ms`;
}
