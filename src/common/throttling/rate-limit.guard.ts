import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { RequestBudget } from './request-budget';

/** Routes that are never rate limited: liveness probes must keep answering under load. */
const EXEMPT_PATHS = new Set(['/health', '/health/live', '/health/ready', '/docs', '/docs-json']);

/**
 * Spends one request of the caller's budget (RequestBudget) on every routed request but the probes and the docs.
 * Registered as a global guard after the bearer guard, so an authenticated request is keyed by its token, and a
 * request with a bad token was already refused (401). Over the budget: 429 in the error document format with
 * `Retry-After` (seconds until a hit expires). Counters live in RateLimitStore: in Redis, shared by the
 * replicas, when REDIS_URL is set.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly budget: RequestBudget) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (EXEMPT_PATHS.has(req.path.replace(/\/+$/, '') || '/')) return true;
    await this.budget.spend(req, http.getResponse<Response>());
    return true;
  }
}
