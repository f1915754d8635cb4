import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * This application's Prometheus registry (one per application, not prom-client's global one, so that
 * several applications in one process each count their own), with Node's process and runtime metrics:
 * CPU, memory, heap, garbage collection, handles, event-loop lag (`nodejs_eventloop_lag_*`).
 */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();

  constructor() {
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The text exposition of every metric; the collectors that query run now. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }
}
