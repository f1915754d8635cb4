import { Global, Module } from '@nestjs/common';
import { DatabasePoolCollector } from './database-pool.collector';
import { DeliveryMetrics } from './delivery-metrics';
import { HttpMetrics } from './http-metrics';
import { MetricsController } from './metrics.controller';
import { MetricsRegistry } from './metrics-registry';
import { MetricsServer } from './metrics-server';
import { PrometheusDeliveryMetrics } from './prometheus-delivery-metrics';
import { WebhookQueueCollector } from './webhook-queue.collector';

/**
 * Prometheus metrics: `GET /metrics` (client-credentials token), and on METRICS_PORT without one. Global,
 * so that the webhook pipeline reports into DeliveryMetrics and configureApp installs the HTTP timing.
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [
    MetricsRegistry,
    HttpMetrics,
    { provide: DeliveryMetrics, useClass: PrometheusDeliveryMetrics },
    WebhookQueueCollector,
    DatabasePoolCollector,
    MetricsServer,
  ],
  exports: [MetricsRegistry, HttpMetrics, DeliveryMetrics],
})
export class MetricsModule {}
