import { Inject, Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { ROOT_LOGGER, RootLogger } from '../../common/logging/logging.module';
import { IdempotencyRepository } from './idempotency.repository';

/** How long an Idempotency-Key is remembered (Stripe's convention: 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Hourly purge of idempotency records older than the TTL (background work: off when WORKERS_ENABLED=false). */
@Injectable()
export class IdempotencyCleanup {
  constructor(
    private readonly records: IdempotencyRepository,
    private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  @Interval('idempotency-cleanup', 60 * 60 * 1000)
  async purge(): Promise<void> {
    if (!this.config.workersEnabled) return;
    try {
      const deleted = await this.records.deleteOlderThan(new Date(Date.now() - IDEMPOTENCY_TTL_MS));
      if (deleted) this.logger.info({ context: 'idempotency', deleted }, 'expired idempotency keys deleted');
    } catch (err) {
      this.logger.warn({ context: 'idempotency', err }, 'idempotency cleanup failed');
    }
  }
}
