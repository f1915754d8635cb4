/** What the webhook pipeline's circuit breakers tell the metrics (CircuitBreakers has it). */
export interface CircuitStates {
  /** Integrations whose circuit is open or half-open. */
  tripped(): string[];
  isOpen(integrationId: string): boolean;
}

/**
 * What the webhook delivery worker reports to the metrics. An abstract class so that it is its own
 * injection token; MetricsModule provides the Prometheus implementation.
 */
export abstract class DeliveryMetrics {
  /**
   * An attempt ended: `outcome` is `succeeded` or the attempt's error class; `eventAgeMs` is how long
   * after its event was written the attempt ended.
   */
  abstract attemptEnded(outcome: string, eventAgeMs: number): void;
  abstract circuitOpened(): void;
  /** The worker's circuit breakers, read on every scrape. */
  abstract watchCircuits(circuits: CircuitStates): void;
}
