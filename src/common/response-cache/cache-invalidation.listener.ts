import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { PrismaService } from '../../prisma/prisma.service';
import { ListenConnection } from '../database/listen-connection';
import { ROOT_LOGGER, RootLogger } from '../logging/logging.module';
import { ResponseCache } from './response-cache';

/**
 * Channel the catalog tables' triggers NOTIFY on every committed change (see the migrations). An empty
 * payload drops every cached response; `<type>:<id>` (a product whose stock level alone changed) drops the
 * cached responses that show that resource.
 */
export const CATALOG_CHANNEL = 'commerce_catalog';

/**
 * Drops the response cache on every committed catalog change, whoever made it: another replica, a SQL
 * session, or code of ours that bypassed the controllers. On PostgreSQL through a LISTEN connection (the
 * cache is suspended until it listens, and again whenever it drops); PGlite calls its listeners before
 * the committing query returns, so there the drop is immediate.
 */
@Injectable()
export class CacheInvalidationListener implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private stop?: () => Promise<void>;

  constructor(
    private readonly prisma: PrismaService,
    private readonly cache: ResponseCache,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  async onApplicationBootstrap() {
    if (!this.cache.enabled) return;
    this.cache.suspend();
    const connection = new ListenConnection(
      this.prisma.listenTarget,
      CATALOG_CHANNEL,
      { onListening: () => this.cache.resume(), onNotification: (payload) => this.changed(payload), onLost: () => this.cache.suspend() },
      this.logger,
    );
    this.stop = () => connection.stop();
    await connection.start();
  }

  private changed(payload: string) {
    if (payload) this.cache.invalidateResource(payload);
    else this.cache.invalidate();
  }

  async beforeApplicationShutdown() {
    await this.stop?.().catch(() => undefined);
  }
}
