import { Injectable } from '@nestjs/common';
import type { PoolWatch } from './pool-watch';

/** The application's database connection pools by name (the API's, the webhook pipeline's), for the metrics. */
@Injectable()
export class DatabasePools {
  private readonly pools = new Map<string, PoolWatch>();

  register(name: string, watch: PoolWatch | undefined): void {
    if (watch) this.pools.set(name, watch);
  }

  entries(): [string, PoolWatch][] {
    return [...this.pools];
  }
}
