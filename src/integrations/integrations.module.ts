import { Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { DeliveryWorker } from './delivery/delivery.worker';
import { JobsRepository } from './delivery/jobs.repository';
import { Relay } from './delivery/relay.worker';
import { AttemptRecorder } from './delivery/attempt-recorder';
import { AutoDisableService } from './delivery/auto-disable.service';
import { IntegrationHealthRepository } from './delivery/integration-health.repository';
import { IntegrationDisabler } from './delivery/integration-disabler';
import { RetentionService } from './delivery/retention.service';
import { WebhookSender } from './delivery/webhook-sender';
import { WorkerPrismaService } from './delivery/worker-prisma.service';
import { IntegrationsController } from './integrations.controller';
import { IntegrationsRepository } from './integrations.repository';
import { IntegrationsService } from './integrations.service';
import { SsrfPolicy } from './ssrf';

/**
 * Integrations (webhooks): CRUD and logs over HTTP, plus the delivery pipeline — outbox relay, delivery worker,
 * retention, auto-disable — which runs in every replica when WORKERS_ENABLED (row locks keep replicas apart).
 */
@Module({
  controllers: [IntegrationsController],
  providers: [
    { provide: SsrfPolicy, useFactory: (config: AppConfig) => new SsrfPolicy(config.webhooks.allowedHosts), inject: [AppConfig] },
    IntegrationsRepository,
    IntegrationsService,
    WorkerPrismaService,
    JobsRepository,
    IntegrationHealthRepository,
    AttemptRecorder,
    WebhookSender,
    DeliveryWorker,
    Relay,
    RetentionService,
    IntegrationDisabler,
    AutoDisableService,
  ],
  exports: [IntegrationsService, Relay, DeliveryWorker, RetentionService, AutoDisableService],
})
export class IntegrationsModule {}
