import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER, RootLogger } from '../../common/logging/logging.module';
import { PollingWorker } from '../../common/workers/polling-worker';
import { AppConfig } from '../../config/app-config';
import { IntegrationDisabler } from './integration-disabler';
import { IntegrationHealthRepository } from './integration-health.repository';
import { WorkerPrismaService } from './worker-prisma.service';
import { DAY_MS, HOUR_MS } from '../../common/time/durations';

const CHECK_EVERY_MS = 10 * 60_000;
/** Failures must span this much of the period at least (12 h of 5 days, docs/webhook-delivery.md). */
const MIN_SPAN_MS = 12 * HOUR_MS;

/**
 * Disables an enabled integration whose every delivery attempt failed for WEBHOOK_AUTO_DISABLE_DAYS (docs/webhook-delivery.md),
 * with an `integration.updated` event, so a receiver that is gone for good stops costing attempts; the
 * user turns it on again (PUT `enabled: true`) when it is back, and redelivers what failed meanwhile.
 */
@Injectable()
export class AutoDisableService extends PollingWorker {
  constructor(
    private readonly config: AppConfig,
    private readonly prisma: WorkerPrismaService,
    private readonly health: IntegrationHealthRepository,
    private readonly disabler: IntegrationDisabler,
    @Inject(ROOT_LOGGER) logger: RootLogger,
  ) {
    const enabled = config.workersEnabled && config.webhooks.autoDisableDays !== 0;
    super(logger, { enabled, everyMs: CHECK_EVERY_MS, context: 'webhooks', failure: 'auto-disable check failed' });
  }

  protected async pass() {
    await this.disableFailing(this.config.webhooks.autoDisableDays * DAY_MS);
  }

  /** Disables the integrations failing for `periodMs` (failures at least min(12 h, half of it) apart); returns their ids. */
  async disableFailing(periodMs: number): Promise<string[]> {
    const ids = await this.prisma.$transaction(async (tx) => {
      const failing = await this.health.lockFailingIntegrations(tx, periodMs, Math.min(MIN_SPAN_MS, periodMs / 2));
      for (const id of failing) await this.disabler.disable(id, tx);
      return failing;
    });
    for (const id of ids) {
      this.logger.warn({ context: 'webhooks', integrationId: id, periodMs }, 'integration disabled: every delivery attempt failed for the period');
    }
    return ids;
  }
}
