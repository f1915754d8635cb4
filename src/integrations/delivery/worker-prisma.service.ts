import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { PrismaClient } from '../../generated/prisma/client';
import { poolWatchOf, prismaClientOptions } from '../../prisma/database-adapter';
import { DatabasePools } from '../../prisma/database-pools';

/**
 * Connections the webhook pipeline needs at most at once: one claim, one batch of records, one relay statement,
 * and a 410 transaction now and then.
 */
export const WORKER_POOL_MAX = 4;

/**
 * The webhook pipeline's own small connection pool (PostgreSQL; PGlite shares its one embedded instance).
 * Its statements are few and short, but on the API's pool they queue behind the requests' interactive
 * transactions: at 20 product creations in flight every claim and every record waited ~40 ms for a
 * connection, so delivery fell behind creation. Apart, neither side can starve the other.
 * Connects on first use (after PrismaService has migrated the database); closed at shutdown, after the
 * workers have drained (their beforeApplicationShutdown hooks run first).
 */
@Injectable()
export class WorkerPrismaService extends PrismaClient implements OnApplicationShutdown {
  constructor(config: AppConfig, pools: DatabasePools) {
    // Its statements are raw SQL but for a few rare ones (retention, auto-disable): it keeps no query plans, and
    // so no second copy of the ~14 MB graph the API's client caches its plans by (query-plan-cache.ts).
    const options = prismaClientOptions({ ...config.database, poolMax: WORKER_POOL_MAX }, { queryPlanCache: false });
    super(options);
    pools.register('webhooks', poolWatchOf(options.adapter));
  }

  async onApplicationShutdown() {
    await this.$disconnect();
  }
}
