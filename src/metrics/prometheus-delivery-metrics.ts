import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram } from 'prom-client';
import { CircuitStates, DeliveryMetrics } from './delivery-metrics';
import { MetricsRegistry } from './metrics-registry';

/** The webhook delivery worker's attempts, latencies and circuit breakers as Prometheus metrics. */
@Injectable()
export class PrometheusDeliveryMetrics extends DeliveryMetrics {
  private readonly attempts: Counter<'outcome'>;
  private readonly latency: Histogram;
  private readonly openings: Counter;
  private circuits?: CircuitStates;

  constructor(metrics: MetricsRegistry) {
    super();
    const registers = [metrics.registry];
    this.attempts = new Counter({
      name: 'commerce_webhook_delivery_attempts_total',
      help: 'Webhook delivery attempts by outcome: succeeded, or the error class (non_2xx, timeout, connection, rate_limited, gone, ...)',
      labelNames: ['outcome'],
      registers,
    });
    this.latency = new Histogram({
      name: 'commerce_webhook_event_to_delivery_seconds',
      help: 'Time from an event being written to its successful delivery to an integration (retries included)',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 7200, 21600, 86400],
      registers,
    });
    this.openings = new Counter({
      name: 'commerce_webhook_circuit_openings_total',
      help: "Times an integration's circuit breaker opened (deliveries held after repeated failures)",
      registers,
    });
    const circuits = (): CircuitStates | undefined => this.circuits;
    new Gauge({
      name: 'commerce_webhook_circuit_breakers',
      help: "Integrations whose circuit breaker is open (deliveries held) or half-open (one probe at a time), in this process",
      labelNames: ['state'],
      registers,
      collect() {
        const tripped = circuits()?.tripped() ?? [];
        const open = tripped.filter((id) => circuits()!.isOpen(id)).length;
        this.set({ state: 'open' }, open);
        this.set({ state: 'half_open' }, tripped.length - open);
      },
    });
  }

  attemptEnded(outcome: string, eventAgeMs: number): void {
    this.attempts.inc({ outcome });
    if (outcome === 'succeeded') this.latency.observe(Math.max(0, eventAgeMs) / 1000);
  }

  circuitOpened(): void {
    this.openings.inc();
  }

  watchCircuits(circuits: CircuitStates): void {
    this.circuits = circuits;
  }
}
