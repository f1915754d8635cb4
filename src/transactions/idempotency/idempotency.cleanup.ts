import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { ROOT_LOGGER, RootLogger } from '../../common/logging/logging.module';
import { PollingWorker } from '../../common/workers/polling-worker';
import { IdempotencyRepository } from './idempotency.repository';

/** How long an Idempotency-Key is remembered (Stripe's convention: 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Hourly purge of idempotency records older than the TTL (background work: off when WORKERS_ENABLED=false). */
@Injectable()
export class IdempotencyCleanup extends PollingWorker {
  constructor(
    private readonly records: IdempotencyRepository,
    config: AppConfig,
    @Inject(ROOT_LOGGER) logger: RootLogger,
  ) {
    super(logger, { enabled: config.workersEnabled, everyMs: 60 * 60 * 1000, context: 'idempotency', failure: 'idempotency cleanup failed' });
  }

  protected async pass(): Promise<void> {
    try {
      const deleted = await this.records.deleteOlderThan(new Date(Date.now() - IDEMPOTENCY_TTL_MS));
      if (deleted) this.logger.info({ context: 'idempotency', deleted }, 'expired idempotency keys deleted');
    } catch (err) {
      this.logger.warn({ context: 'idempotency', err }, 'idempotency cleanup failed');
    }
  }
}
