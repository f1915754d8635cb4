import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { ListenConnection } from '../common/database/listen-connection';
import { ROOT_LOGGER, RootLogger } from '../common/logging/logging.module';
import { PrismaService } from '../prisma/prisma.service';
import { CurrenciesService } from './currencies.service';

/** Channel the currencies table's trigger NOTIFYs on every committed change (see its migration). */
export const CURRENCIES_CHANNEL = 'commerce_currencies';

/**
 * Keeps the formats `formatted` amounts are written with equal to the store's currencies: loaded at start
 * and again whenever any replica (or a SQL session) commits a change to them.
 */
@Injectable()
export class CurrencyFormatsListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private stop?: () => Promise<void>;

  constructor(
    private readonly prisma: PrismaService,
    private readonly currencies: CurrenciesService,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  async onApplicationBootstrap() {
    await this.currencies.reloadFormats();
    const reload = () => void this.currencies.reloadFormats().catch((err: unknown) => this.logger.warn({ err }, 'currency formats not reloaded'));
    const connection = new ListenConnection(this.prisma.listenTarget, CURRENCIES_CHANNEL, { onListening: reload, onNotification: reload }, this.logger);
    this.stop = () => connection.stop();
    await connection.start();
  }

  async beforeApplicationShutdown() {
    await this.stop?.().catch(() => undefined);
  }
}
