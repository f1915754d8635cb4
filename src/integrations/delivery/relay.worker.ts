import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ROOT_LOGGER, RootLogger } from '../../common/logging/logging.module';
import { AppConfig } from '../../config/app-config';
import { EventsPublisher } from '../../events/events.publisher';
import { DeliveryWorker } from './delivery.worker';
import { JobsRepository } from './jobs.repository';
import { soon } from './soon';

const INTERVAL = 'webhook-relay';
const BATCH = 100;
/** Debounce of a wake-up on news of events: a few ms of latency for fewer, fuller fan-out statements. */
const SOON_MS = 5;

/**
 * Fan-out (docs/architecture.md, "An event"): claims undispatched outbox events with FOR UPDATE SKIP LOCKED,
 * inserts one job per enabled integration observing each event (the unique (event, integration) pair
 * makes a re-run harmless) and marks the events dispatched, all in one statement (JobsRepository.fanOut),
 * so a wake-up that finds nothing costs one cheap statement. Polls, and wakes at once when events commit.
 */
@Injectable()
export class Relay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running?: Promise<number>;
  private draining?: Promise<void>;
  private drainAgain = false;
  /** Jobs this relay has created so far (a drain that created none has nothing to wake the delivery for). */
  private jobsCreated = 0;
  private stopping = false;
  /** Cancels the pending wake-up, if any. */
  private cancelWake?: () => void;
  private unsubscribe?: () => void;

  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobsRepository,
    private readonly delivery: DeliveryWorker,
    private readonly events: EventsPublisher,
    private readonly scheduler: SchedulerRegistry,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {}

  onApplicationBootstrap() {
    if (!this.config.workersEnabled) return;
    this.unsubscribe = this.events.onPublished((committed) => {
      this.wake(SOON_MS);
      // Published in this process, maybe before its transaction commits: look again shortly after (the
      // poll interval is the fallback either way). A commit announced by NOTIFY needs no second look.
      if (!committed) setTimeout(() => this.wake(0), 60).unref();
    });
    this.scheduler.addInterval(INTERVAL, setInterval(() => this.wake(0), this.config.webhooks.pollIntervalMs));
    this.wake(0);
  }

  async beforeApplicationShutdown() {
    this.stopping = true;
    this.unsubscribe?.();
    this.cancelWake?.();
    if (this.scheduler.doesExist('interval', INTERVAL)) this.scheduler.deleteInterval(INTERVAL);
    await this.draining?.catch(() => undefined);
    await this.running?.catch(() => undefined);
  }

  /** Drains soon (debounced, so events committed close together share one statement). */
  private wake(delayMs: number) {
    if (this.stopping || this.cancelWake) return;
    this.cancelWake = soon(() => {
      this.cancelWake = undefined;
      this.kick();
    }, delayMs);
  }

  /** One drain at a time; wake-ups meanwhile make one more drain after it, not one each. */
  private kick() {
    if (this.draining) {
      this.drainAgain = true;
      return;
    }
    this.draining = this.drain()
      .catch((err) => this.logger.error({ err, context: 'webhooks' }, 'outbox relay failed'))
      .finally(() => {
        this.draining = undefined;
        if (this.drainAgain) {
          this.drainAgain = false;
          this.wake(0);
        }
      });
  }

  private async drain() {
    const before = this.jobsCreated;
    while (!this.stopping) {
      if ((await this.tick()) < BATCH) break;
    }
    if (this.jobsCreated !== before) this.delivery.wake(0);
  }

  /** One batch: returns how many events it dispatched. */
  tick(): Promise<number> {
    if (this.running) return this.running.then(() => this.tick());
    this.running = this.dispatchBatch().finally(() => (this.running = undefined));
    return this.running;
  }

  private async dispatchBatch(): Promise<number> {
    const firstDelayMs = Math.round((this.config.webhooks.retryScheduleSeconds[0] ?? 0) * 1000);
    const { events, jobs } = await this.jobs.fanOut(BATCH, firstDelayMs);
    this.jobsCreated += jobs;
    return events;
  }
}
