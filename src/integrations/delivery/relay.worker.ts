import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER, RootLogger } from '../../common/logging/logging.module';
import { PollingWorker } from '../../common/workers/polling-worker';
import { AppConfig } from '../../config/app-config';
import { EventsPublisher } from '../../events/events.publisher';
import { DeliveryWorker } from './delivery.worker';
import { JobsRepository } from './jobs.repository';

const BATCH = 100;
/** Debounce of a wake-up on news of events: a few ms of latency for fewer, fuller relay statements. */
const NEWS_DEBOUNCE_MS = 5;
/**
 * During a burst of writes, news starts a pass at most this often (the pass takes everything so far): on
 * PGlite each pass waits its turn on the one connection the writes need.
 */
const BURST_INTERVAL_MS = 50;

/**
 * Relay (docs/architecture.md, "An event"): takes undispatched outbox events with FOR UPDATE SKIP LOCKED,
 * inserts one job per enabled integration observing each (the unique (event, integration) pair makes a
 * re-run harmless) and marks the events dispatched, all in one statement (JobsRepository.relayEvents), so a
 * wake-up that finds nothing costs one cheap statement. Polls, and wakes at once when events commit.
 */
@Injectable()
export class Relay extends PollingWorker {
  /** The batch running (tick() runs one at a time). */
  private batch?: Promise<number>;
  /** Jobs this relay has created so far (a pass that created none has nothing to wake the delivery for). */
  private jobsCreated = 0;
  private unsubscribe?: () => void;
  /** When the last pass started (performance.now()). */
  private lastPassAt = -Infinity;

  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobsRepository,
    private readonly delivery: DeliveryWorker,
    private readonly events: EventsPublisher,
    @Inject(ROOT_LOGGER) logger: RootLogger,
  ) {
    const { workersEnabled: enabled, webhooks } = config;
    super(logger, { enabled, everyMs: webhooks.pollIntervalMs, passAtStart: true, context: 'webhooks', failure: 'outbox relay failed' });
  }

  protected started() {
    this.unsubscribe = this.events.onPublished((committed) => {
      this.wake(Math.max(NEWS_DEBOUNCE_MS, Math.ceil(this.lastPassAt + BURST_INTERVAL_MS - performance.now())));
      // Published in this process, maybe before its transaction commits: look again shortly after (the
      // poll interval is the fallback either way). A commit announced by NOTIFY needs no second look.
      if (!committed) setTimeout(() => this.wake(0), 60).unref();
    });
  }

  protected stopped() {
    this.unsubscribe?.();
  }

  protected async drain() {
    await this.batch?.catch(() => undefined);
  }

  /** Batches until the outbox is empty; then wakes the delivery if they created jobs. */
  protected async pass() {
    this.lastPassAt = performance.now();
    const before = this.jobsCreated;
    while (!this.stopping) {
      if ((await this.tick()) < BATCH) break;
    }
    if (this.jobsCreated !== before) this.delivery.wake(0);
  }

  /** One batch: returns how many events it dispatched. */
  tick(): Promise<number> {
    if (this.batch) return this.batch.then(() => this.tick());
    this.batch = this.dispatchBatch().finally(() => (this.batch = undefined));
    return this.batch;
  }

  private async dispatchBatch(): Promise<number> {
    const firstDelayMs = Math.round((this.config.webhooks.retryScheduleSeconds[0] ?? 0) * 1000);
    const { events, jobs } = await this.jobs.relayEvents(BATCH, firstDelayMs);
    this.jobsCreated += jobs;
    return events;
  }
}
