import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Request } from 'express';
import { ApiError } from '../errors/api-error';

/** Routes that are never rate limited: liveness probes must keep answering under load. */
const EXEMPT_PATHS = new Set(['/health', '/health/live', '/health/ready', '/docs', '/docs-json']);

/**
 * One request budget per access token (per client IP for requests without a validated token), shared by
 * every route: `RATE_LIMIT` requests per `RATE_LIMIT_WINDOW_MS`, a sliding window (each hit expires
 * one window after it was made). Registered as a global guard after the bearer guard, so an
 * authenticated request is keyed by its token, and a request with a bad token was already refused (401).
 * Over the budget: 429 in the error document format with `Retry-After` (seconds until a hit expires).
 * Counters live in RateLimitStore: in Redis, shared by the replicas, when REDIS_URL is set.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    return EXEMPT_PATHS.has(req.path.replace(/\/+$/, '') || '/');
  }

  protected override async getTracker(req: Record<string, any>): Promise<string> {
    return trackerFor(req as Request);
  }

  /** One bucket per tracker across all routes (the default key is per route). */
  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:${tracker}`;
  }

  protected override async throwThrottlingException(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    throw rateLimitError(detail);
  }
}

export function rateLimitError(detail: Pick<ThrottlerLimitDetail, 'limit' | 'ttl' | 'timeToBlockExpire'>): ApiError {
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
