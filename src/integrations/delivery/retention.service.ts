import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ROOT_LOGGER, RootLogger } from '../../common/logging/logging.module';
import { AppConfig } from '../../config/app-config';
import { JobsRepository } from './jobs.repository';
import { DAY_MS } from '../../common/time/durations';

const INTERVAL = 'webhook-retention';

/** Deletes finished jobs with their logs, and dispatched events nothing refers to, after WEBHOOK_RETENTION_DAYS. */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobsRepository,
    private readonly scheduler: SchedulerRegistry,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  onApplicationBootstrap() {
    if (!this.config.workersEnabled) return;
    const run = () =>
      this.purgeOlderThan(this.config.webhooks.retentionDays).catch((err) => this.logger.error({ err, context: 'webhooks' }, 'retention purge failed'));
    this.scheduler.addInterval(INTERVAL, setInterval(run, DAY_MS));
  }

  beforeApplicationShutdown() {
    if (this.scheduler.doesExist('interval', INTERVAL)) this.scheduler.deleteInterval(INTERVAL);
  }

  async purgeOlderThan(days: number) {
    const removed = await this.jobs.purgeOlderThan(new Date(Date.now() - days * DAY_MS));
    this.logger.info({ context: 'webhooks', ...removed, days }, 'webhook retention purge');
    return removed;
  }
}
