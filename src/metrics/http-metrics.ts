import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Histogram } from 'prom-client';
import { MetricsRegistry } from './metrics-registry';

/** Requests that matched no route (404s, CORS preflights, bodies refused before routing) share one label. */
const UNMATCHED = '(unmatched)';

/** HTTP request durations by method, route pattern (`/v2/products/:id`, never the raw path) and status. */
@Injectable()
export class HttpMetrics {
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor(metrics: MetricsRegistry) {
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from receiving an HTTP request to the end of its response, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [metrics.registry],
    });
  }

  /** Express middleware; installed first, so that it times every request, refused ones included. */
  middleware(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      const started = performance.now();
      res.once('finish', () => {
        const route = (req.route as { path?: unknown } | undefined)?.path;
        this.duration.observe(
          { method: req.method, route: typeof route === 'string' ? route : UNMATCHED, status: String(res.statusCode) },
          (performance.now() - started) / 1000,
        );
      });
      next();
    };
  }
}
