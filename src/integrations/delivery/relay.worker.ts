import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ROOT_LOGGER, RootLogger } from '../../common/logging/logging.module';
import { AppConfig } from '../../config/app-config';
import { EventsPublisher } from '../../events/events.publisher';
import { PrismaService } from '../../prisma/prisma.service';
import { DeliveryWorker } from './delivery.worker';
import { JobsRepository } from './jobs.repository';

const INTERVAL = 'webhook-relay';
const BATCH = 100;

/**
 * Fan-out (WEBHOOKS.md §8.2 step 2): claims undispatched outbox events with FOR UPDATE SKIP LOCKED in a
 * short transaction, inserts one job per enabled integration observing each event (the unique
 * (event, integration) pair makes a re-run harmless) and marks the events dispatched. Polls, and wakes
 * at once after EventsPublisher publishes.
 */
@Injectable()
export class Relay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running?: Promise<number>;
  private stopping = false;
  private wakeTimer?: NodeJS.Timeout;
  private unsubscribe?: () => void;

  constructor(
    private readonly config: AppConfig,
    private readonly prisma: PrismaService,
    private readonly jobs: JobsRepository,
    private readonly delivery: DeliveryWorker,
    private readonly events: EventsPublisher,
    private readonly scheduler: SchedulerRegistry,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  onApplicationBootstrap() {
    if (!this.config.workersEnabled) return;
    // publish() runs inside the caller's transaction, so the first wake may come before the commit:
    // look again shortly after (the poll interval is the fallback either way).
    this.unsubscribe = this.events.onPublished(() => {
      this.wake(5);
      setTimeout(() => this.wake(0), 60).unref();
    });
    this.scheduler.addInterval(INTERVAL, setInterval(() => this.wake(0), this.config.webhooks.pollIntervalMs));
    this.wake(0);
  }

  async beforeApplicationShutdown() {
    this.stopping = true;
    this.unsubscribe?.();
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    if (this.scheduler.doesExist('interval', INTERVAL)) this.scheduler.deleteInterval(INTERVAL);
    await this.running?.catch(() => undefined);
  }

  private wake(delayMs: number) {
    if (this.stopping || this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.drain().catch((err) => this.logger.error({ err, context: 'webhooks' }, 'outbox relay failed'));
    }, delayMs);
  }

  private async drain() {
    let fanned = 0;
    while (!this.stopping) {
      const n = await this.tick();
      fanned += n;
      if (n < BATCH) break;
    }
    if (fanned) this.delivery.wake(0);
  }

  /** One batch: returns how many events it dispatched. */
  tick(): Promise<number> {
    if (this.running) return this.running.then(() => this.tick());
    this.running = this.dispatchBatch().finally(() => (this.running = undefined));
    return this.running;
  }

  private async dispatchBatch(): Promise<number> {
    const firstDelayMs = (this.config.webhooks.retryScheduleSeconds[0] ?? 0) * 1000;
    return this.prisma.$transaction(async (tx) => {
      const events = await this.jobs.claimEvents(BATCH, tx);
      if (!events.length) return 0;
      const integrations = await this.jobs.enabledObservers([...new Set(events.map((e) => e.name))], tx);
      const due = new Date(Date.now() + firstDelayMs);
      const rows = events.flatMap((event) =>
        integrations.filter((i) => i.observes.includes(event.name)).map((i) => ({ eventId: event.id, integrationId: i.id, nextAttemptAt: due })),
      );
      await this.jobs.createJobs(rows, tx);
      await this.jobs.markDispatched(
        events.map((e) => e.id),
        tx,
      );
      return events.length;
    });
  }
}
