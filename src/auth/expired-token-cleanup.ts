import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER, RootLogger } from '../common/logging/logging.module';
import { DAY_MS } from '../common/time/durations';
import { PollingWorker } from '../common/workers/polling-worker';
import { AccessTokensRepository } from './access-tokens.repository';

/** Deletes access tokens a day after they expired, every 10 minutes (in every process, workers or not). */
@Injectable()
export class ExpiredTokenCleanup extends PollingWorker {
  constructor(
    private readonly tokens: AccessTokensRepository,
    @Inject(ROOT_LOGGER) logger: RootLogger,
  ) {
    super(logger, { enabled: true, everyMs: 10 * 60 * 1000, context: 'auth', failure: 'expired token cleanup failed' });
  }

  protected async pass(): Promise<void> {
    await this.tokens.deleteExpiredBefore(new Date(Date.now() - DAY_MS));
  }
}
