import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER, RootLogger } from '../../common/logging/logging.module';
import { PollingWorker } from '../../common/workers/polling-worker';
import { AppConfig } from '../../config/app-config';
import { OutboxRepository } from '../../events/outbox.repository';
import { DAY_MS } from '../../common/time/durations';
import { JobsRepository } from './jobs.repository';
import { WorkerPrismaService } from './worker-prisma.service';

/** Deletes finished jobs with their logs, and dispatched events nothing refers to, after WEBHOOK_RETENTION_DAYS; daily. */
@Injectable()
export class RetentionService extends PollingWorker {
  constructor(
    private readonly config: AppConfig,
    private readonly prisma: WorkerPrismaService,
    private readonly jobs: JobsRepository,
    private readonly outbox: OutboxRepository,
    @Inject(ROOT_LOGGER) logger: RootLogger,
  ) {
    super(logger, { enabled: config.workersEnabled, everyMs: DAY_MS, context: 'webhooks', failure: 'retention purge failed' });
  }

  protected async pass() {
    await this.purgeOlderThan(this.config.webhooks.retentionDays);
  }

  /** Finished jobs (and their logs), then dispatched events with no job left, in one transaction. */
  async purgeOlderThan(days: number) {
    const cutoff = new Date(Date.now() - days * DAY_MS);
    const removed = await this.prisma.$transaction(async (tx) => {
      const { logs, jobs } = await this.jobs.deleteFinishedBefore(cutoff, tx);
      return { logs, jobs, events: await this.outbox.deleteDispatchedBefore(cutoff, tx) };
    });
    this.logger.info({ context: 'webhooks', ...removed, days }, 'webhook retention purge');
    return removed;
  }
}
