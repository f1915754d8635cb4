import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Gauge, Histogram } from 'prom-client';
import { DatabasePools } from '../prisma/database-pools';
import { MetricsRegistry } from './metrics-registry';

/**
 * The database connection pools (`api`: the requests'; `webhooks`: the delivery pipeline's), read on each
 * scrape, and how long requests waited for a connection. On the embedded database (PGlite) both name its one
 * connection: in use while it has statements to run, the others waiting; no wait times.
 */
@Injectable()
export class DatabasePoolCollector implements OnApplicationBootstrap {
  private readonly wait: Histogram<'pool'>;

  constructor(
    metrics: MetricsRegistry,
    private readonly pools: DatabasePools,
  ) {
    const registers = [metrics.registry];
    new Gauge({
      name: 'commerce_db_pool_connections',
      help: 'Database connections by pool and state (in_use, idle)',
      labelNames: ['pool', 'state'],
      registers,
      collect() {
        for (const [pool, watch] of pools.entries()) {
          const usage = watch.usage();
          this.set({ pool, state: 'in_use' }, usage.inUse);
          this.set({ pool, state: 'idle' }, usage.idle);
        }
      },
    });
    new Gauge({
      name: 'commerce_db_pool_max_connections',
      help: 'Most connections a pool opens (DATABASE_POOL_MAX for the api pool)',
      labelNames: ['pool'],
      registers,
      collect() {
        for (const [pool, watch] of pools.entries()) this.set({ pool }, watch.usage().max);
      },
    });
    new Gauge({
      name: 'commerce_db_pool_waiting_requests',
      help: 'Requests waiting for a database connection, by pool',
      labelNames: ['pool'],
      registers,
      collect() {
        for (const [pool, watch] of pools.entries()) this.set({ pool }, watch.usage().waiting);
      },
    });
    this.wait = new Histogram({
      name: 'commerce_db_pool_wait_seconds',
      help: 'Time a request waited for a database connection, by pool (PostgreSQL only)',
      labelNames: ['pool'],
      buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
  }

  /** The pools are registered as their clients are built, all before the application starts. */
  onApplicationBootstrap() {
    for (const [pool, watch] of this.pools.entries()) watch.onWait((seconds) => this.wait.observe({ pool }, seconds));
  }
}
