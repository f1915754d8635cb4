import { Inject, Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { ROOT_LOGGER, RootLogger } from '../common/logging/logging.module';
import { PrismaService } from '../prisma/prisma.service';
import { MetricsRegistry } from './metrics-registry';

/** A scrape does not wait longer than this for the queue's counts (a slow database must not hang it). */
const QUERY_TIMEOUT_MS = 2_000;

interface QueueState {
  due: number;
  oldest_due_seconds: number;
  undispatched: number;
}

/**
 * The webhook queue as the database has it, counted on each scrape (one statement, on the API's pool):
 * jobs due now (pending or retrying whose time has come, or in flight with an expired lease), how long the
 * oldest of them has been due, and events not yet fanned out to jobs. Shared by every replica: each one
 * reports the same numbers. When the database does not answer in time, these gauges read NaN.
 */
@Injectable()
export class WebhookQueueCollector {
  constructor(
    metrics: MetricsRegistry,
    private readonly prisma: PrismaService,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {
    const registers = [metrics.registry];
    let state: Promise<QueueState | undefined> | undefined;
    // The three gauges share one query per scrape: the first collect starts it, the others reuse it.
    const read = () => (state ??= this.read().finally(() => setImmediate(() => (state = undefined))));
    const gauge = (name: string, help: string, pick: (s: QueueState) => number) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const s = await read();
          this.set(s ? pick(s) : NaN);
        },
      });
    gauge('commerce_webhook_jobs_due', 'Webhook delivery jobs due now (across all replicas)', (s) => s.due);
    gauge(
      'commerce_webhook_jobs_oldest_due_age_seconds',
      'How long the oldest due webhook job has been due (0 when none is)',
      (s) => s.oldest_due_seconds,
    );
    gauge(
      'commerce_webhook_events_undispatched',
      'Events written and not yet fanned out to delivery jobs',
      (s) => s.undispatched,
    );
  }

  private async read(): Promise<QueueState | undefined> {
    let timer: NodeJS.Timeout | undefined;
    try {
      const rows = await Promise.race([
        this.prisma.$queryRaw<QueueState[]>`
          WITH due AS (
            SELECT next_attempt_at FROM integration_jobs
            WHERE (status IN ('pending', 'retrying') AND next_attempt_at <= now())
               OR (status = 'in_flight' AND locked_until < now())
          )
          SELECT (SELECT count(*) FROM due)::int AS due,
                 coalesce((SELECT extract(epoch FROM now() - min(next_attempt_at)) FROM due), 0)::float8 AS oldest_due_seconds,
                 (SELECT count(*) FROM outbox_events WHERE dispatched_at IS NULL)::int AS undispatched`,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer in ${QUERY_TIMEOUT_MS} ms`)), QUERY_TIMEOUT_MS);
        }),
      ]);
      const [row] = rows;
      return { due: Number(row.due), oldest_due_seconds: Math.max(0, Number(row.oldest_due_seconds)), undispatched: Number(row.undispatched) };
    } catch (err) {
      this.logger.warn({ context: 'metrics', error: (err as Error).message }, 'webhook queue metrics unavailable: the database did not answer');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
