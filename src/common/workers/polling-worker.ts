import { BeforeApplicationShutdown, Inject, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { RootLogger } from '../logging/logging.module';
import { deferCall } from './deferred-call';

/** When and whether a PollingWorker runs, and how its failures are logged. */
export interface PollingSchedule {
  /** Whether it runs in this process at all (e.g. WORKERS_ENABLED); when not, wake() does nothing. */
  enabled: boolean;
  /** A pass at least this often (the fallback when nothing wakes the worker sooner). */
  everyMs: number;
  /** A first pass as soon as the application has started, rather than after `everyMs`. */
  passAtStart?: boolean;
  /** The log context and message of a failed pass. */
  context: string;
  failure: string;
}

/**
 * A background worker that makes passes: every `everyMs`, and when woken. One pass at a time: a wake-up while
 * one runs makes one more pass after it (the running one may have missed the news), not one each. Wake-ups
 * are debounced, so news arriving close together shares one pass. At shutdown no new pass starts, the
 * running one ends, then drain() finishes what the worker has in hand.
 */
export abstract class PollingWorker<R = void> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected stopping = false;
  private interval?: NodeJS.Timeout;
  /** Cancels the pending wake-up, if any. */
  private cancelWake?: () => void;
  private passing?: Promise<R>;
  private passAgain = false;
  private readonly wakeTimers = new Set<NodeJS.Timeout>();
  @Optional() @Inject(SchedulerRegistry) private readonly scheduler?: SchedulerRegistry;

  protected constructor(
    protected readonly logger: RootLogger,
    private readonly schedule: PollingSchedule,
  ) {}

  /** One pass of the worker's work. */
  protected abstract pass(): Promise<R>;

  /** Called once when the worker starts (only where it is enabled), e.g. to subscribe to news. */
  protected started(): void {}

  /** Called as shutdown begins, before waiting for the running pass: cancel the worker's own timers here. */
  protected stopped(): void {}

  /** Called at shutdown once the running pass has ended: finish or hand back what is in hand. */
  protected async drain(): Promise<void> {}

  onApplicationBootstrap() {
    if (!this.schedule.enabled) return;
    this.started();
    this.interval = setInterval(() => this.wake(0), this.schedule.everyMs);
    this.scheduler?.addInterval(this.constructor.name, this.interval);
    if (this.schedule.passAtStart) this.wake(0);
  }

  async beforeApplicationShutdown() {
    this.stopping = true;
    this.cancelWake?.();
    this.cancelWake = undefined;
    clearInterval(this.interval);
    if (this.scheduler?.doesExist('interval', this.constructor.name)) this.scheduler.deleteInterval(this.constructor.name);
    for (const timer of this.wakeTimers) clearTimeout(timer);
    this.wakeTimers.clear();
    this.stopped();
    await this.passing?.catch(() => undefined);
    await this.drain();
  }

  /** Asks for a pass in `delayMs` (debounced; 0 = right after this turn of the event loop); only where the worker runs. */
  wake(delayMs = 5) {
    if (!this.schedule.enabled || this.stopping || this.cancelWake) return;
    this.cancelWake = deferCall(() => {
      this.cancelWake = undefined;
      this.passNow().catch((err) => this.logger.error({ err, context: this.schedule.context }, this.schedule.failure));
    }, delayMs);
  }

  /**
   * Wakes the worker `delayMs` from now with a timer of its own, not wake(delayMs): wake() is debounced, so a
   * pending wake-up in a while would swallow every wake-up sooner than that. `beforeWake` runs first.
   */
  protected wakeAfter(delayMs: number, beforeWake?: () => void) {
    if (!this.schedule.enabled || this.stopping) return;
    const timer = setTimeout(() => {
      this.wakeTimers.delete(timer);
      beforeWake?.();
      this.wake(0);
    }, delayMs);
    this.wakeTimers.add(timer);
  }

  /** Starts a pass now, or joins the running one and asks for one more after it; undefined once stopping. */
  protected passNow(): Promise<R | undefined> {
    if (this.stopping) return Promise.resolve(undefined);
    if (this.passing) {
      this.passAgain = true;
      return this.passing;
    }
    this.passing = this.pass().finally(() => {
      this.passing = undefined;
      if (this.passAgain) {
        this.passAgain = false;
        this.wake(0);
      }
    });
    return this.passing;
  }
}
