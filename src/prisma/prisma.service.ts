import { Inject, Injectable, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { Prisma, PrismaClient } from '../generated/prisma/client';
import type { ListenTarget } from '../common/database/listen-connection';
import { ROOT_LOGGER, RootLogger } from '../common/logging/logging.module';
import { closeEmbedded, DatabaseOptions, describeDatabase, embeddedOrigin, openEmbeddedDatabase, poolQueryOf, poolWatchOf, prismaClientOptions, type PoolQuery } from './database-adapter';
import { prepared } from './prepared-statement';
import { DatabasePools } from './database-pools';
import type { ThreadEvent } from './embedded/embedded-database';
import { migrateDatabase } from './migrator';

/** A client or an open interactive transaction: repositories take either, so services own the boundary. */
export type Db = PrismaClient | Prisma.TransactionClient;

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnApplicationShutdown {
  readonly options: DatabaseOptions;
  private readonly poolQuery?: PoolQuery;

  constructor(
    private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    pools: DatabasePools,
  ) {
    const options: DatabaseOptions = { ...config.database };
    const clientOptions = prismaClientOptions(options);
    super(clientOptions);
    this.options = options;
    pools.register('api', poolWatchOf(clientOptions.adapter));
    this.poolQuery = poolQueryOf(clientOptions.adapter);
  }

  /**
   * A long read statement that writes resources as JSON text (a page, a document), prepared once per connection
   * (see prepared-statement.ts). On PostgreSQL it runs on the connection pool itself: the client's handling of a
   * raw query's rows cost more of the server's CPU than the rest of the request (0.8–1.1 ms against 0.3 ms for
   * a 195 KB products page). Its rows hold plain values only: text, integers, booleans.
   */
  queryPrepared<T>(statement: Prisma.Sql): Promise<T[]> {
    const marked = prepared(statement);
    return this.poolQuery ? this.poolQuery<T>({ text: marked.text, values: marked.values }) : this.$queryRaw<T[]>(marked);
  }

  get embedded(): boolean {
    return !this.options.databaseUrl;
  }

  /** Where a ListenConnection LISTENs on this database: its URL, or the embedded instance. */
  get listenTarget(): ListenTarget {
    return this.options.databaseUrl ?? { inProcess: () => openEmbeddedDatabase(this.options) };
  }

  async onModuleInit() {
    if (this.config.database.migrateOnStart) {
      const started = Date.now();
      const { applied } = await migrateDatabase(this.options, (msg) => this.logger.info({ context: 'migrate' }, msg));
      const origin = embeddedOrigin(this.options);
      if (origin?.created === 'initdb' && (origin.template === 'unusable' || origin.template === 'did-not-start')) {
        this.logger.warn({ context: 'migrate', ...origin }, 'PGlite template not usable: the database was created with initdb');
      }
      this.logger.info({ applied, ms: Date.now() - started, database: describeDatabase(this.options), ...origin }, 'database ready');
    }
    if (this.embedded) (await openEmbeddedDatabase(this.options)).onThreadEvent((e) => this.logThreadEvent(e));
    await this.$connect();
  }

  private logThreadEvent(e: ThreadEvent) {
    const context = 'embedded-database';
    if (e.event === 'lost') {
      const next = e.restarting ? 'starting a new one' : 'in memory, so it stays closed (restart the server)';
      this.logger.error({ context, reason: e.reason }, `embedded database thread ended; ${next}`);
    }
    else if (e.event === 'restart-failed') this.logger.error({ context, error: e.error, retryInMs: e.retryInMs }, 'embedded database did not start again; retrying');
    else this.logger.warn({ context, downMs: e.afterMs }, 'embedded database started again');
  }

  async onApplicationShutdown() {
    await this.$disconnect();
    await closeEmbedded(this.options);
  }
}
