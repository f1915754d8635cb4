import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ROOT_LOGGER, RootLogger } from '../../common/logging/logging.module';
import { AppConfig } from '../../config/app-config';
import { EventsPublisher } from '../../events/events.publisher';
import { DeliveryMetrics } from '../../metrics/delivery-metrics';
import { presentJob } from '../integrations.presenter';
import { signPayload } from '../signing';
import { delayAfterFailure } from './backoff';
import { Batcher } from './batcher';
import { AttemptRecord, ClaimedJob, JobsRepository, RecordOutcome } from './jobs.repository';
import { IntegrationDisabler } from './integration-disabler';
import { CircuitBreakers, CircuitChange } from './circuit-breakers';
import { DeliveryLanes, heldBackByLanes } from './lanes';
import { soon } from './soon';
import { webhookBody, withoutSecretKey } from './webhook-body';
import { WebhookSender } from './webhook-sender';
import { rememberSecrets } from '../../common/logging/secret-scrubber';

export const USER_AGENT = 'CommerceAPI-Webhooks/1.0';
const INTERVAL = 'webhook-delivery';
const EXHAUSTED = 'webhook.delivery.exhausted';

/**
 * Delivery worker (docs/architecture.md, "An event"). Claims due jobs with a lease and reads what their sends need
 * (one statement), sends OUTSIDE any transaction with at most `webhooks.concurrency` requests in flight,
 * then records the log and the job's next state in one statement (fenced by the attempt; attempts ending
 * close together share it, see Batcher). A claim takes up to `concurrency` jobs more than there are free
 * slots, so a slot that frees up starts its next send at once while the next claim runs. Runs on a poll
 * interval and wakes at once when jobs are created or requeued; `tick()` claims once and waits for the
 * sends (tests drive it with workers off). A slot is refilled as soon as its send ends, and no integration
 * gets more than its lanes (DeliveryLanes: at most half the slots, one while its receiver fails), so a
 * receiver that hangs or answers garbage cannot hold up the others' deliveries.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** Every delivery started and not finished (its send, then its record). */
  private readonly inFlight = new Set<Promise<void>>();
  /** Sends in flight: what `webhooks.concurrency` limits (a delivery leaves it when its response is in). */
  private sending = 0;
  /**
   * Claimed jobs waiting for a slot, oldest claim first (their lanes are taken already). A slot that frees
   * up starts the next of them at once instead of waiting for a claim statement, and the next claim
   * refills this queue meanwhile.
   */
  private readonly ready: ReadyJob[] = [];
  /** Gives back the ready jobs that have waited too long (see giveBackStale). */
  private staleTimer?: NodeJS.Timeout;
  /** When ready jobs last went stale: claims take no more than the free slots for a while after. */
  private staleAt = -Infinity;
  private readonly lanes: DeliveryLanes;
  /** Attempts that end close together are recorded together, in one statement. */
  private readonly recorder: Batcher<AttemptRecord, RecordOutcome>;
  private claiming?: Promise<number>;
  /** Set when a pump was asked for while a claim was running (that claim may have missed the news). */
  private pumpAgain = false;
  /**
   * Whether due jobs may be left that the last claim did not take: it took all it wanted, a slot or a lane
   * limit held it back, or it failed. Only then does a finished send claim again; otherwise the jobs that
   * come due wake the worker themselves (relay, retry timer, poll), and a claim after every send would
   * mostly find nothing (at a steady trickle of events, one empty claim statement per delivery).
   */
  private mayHaveMore = true;
  private stopping = false;
  /** Cancels the pending wake-up, if any. */
  private cancelWake?: () => void;
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  /** Rate-limited integrations with a wake-up pending for their next token (wakeForTokens). */
  private readonly tokenWakes = new Set<string>();

  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobsRepository,
    private readonly sender: WebhookSender,
    private readonly events: EventsPublisher,
    private readonly disabler: IntegrationDisabler,
    private readonly scheduler: SchedulerRegistry,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
    private readonly metrics: DeliveryMetrics,
  ) {
    const { breakerFailures: failures, breakerCooldownMs: cooldownMs } = config.webhooks;
    const breakers = new CircuitBreakers({ failures, cooldownMs });
    this.lanes = DeliveryLanes.forConcurrency(config.webhooks.concurrency, breakers);
    metrics.watchCircuits(breakers);
    this.recorder = new Batcher((records) => this.jobs.recordAttempts(records), 100, config.webhooks.recordGatherMs);
  }

  onApplicationBootstrap() {
    if (!this.config.workersEnabled) return;
    this.scheduler.addInterval(INTERVAL, setInterval(() => this.wake(0), this.config.webhooks.pollIntervalMs));
    this.wake(0);
  }

  async beforeApplicationShutdown() {
    this.stopping = true;
    this.cancelWake?.();
    if (this.staleTimer) clearTimeout(this.staleTimer);
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    if (this.scheduler.doesExist('interval', INTERVAL)) this.scheduler.deleteInterval(INTERVAL);
    await this.claiming?.catch(() => undefined);
    // Sends in flight finish and are recorded; claimed jobs not sent yet go back to the queue at once
    // (rather than waiting out their lease), for another replica or the next start.
    this.startReady();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Ask for a pump soon (debounced; 0 = right after this turn of the event loop); only when background workers run. */
  wake(delayMs = 5) {
    if (!this.config.workersEnabled || this.stopping || this.cancelWake) return;
    this.cancelWake = soon(() => {
      this.cancelWake = undefined;
      this.pump().catch((err) => this.logger.error({ err, context: 'webhooks' }, 'delivery pump failed'));
    }, delayMs);
  }

  /**
   * Pumps `delayMs` from now: a retry comes due before the next poll would notice. A timer of its own, not
   * wake(delayMs): wake() is debounced, so a pending wake-up in a while would swallow every wake-up sooner
   * than that (slots freed, jobs queued), and the other integrations' deliveries would wait meanwhile.
   */
  private wakeLater(delayMs: number, beforeWake?: () => void) {
    if (!this.config.workersEnabled || this.stopping) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      beforeWake?.();
      this.wake(0);
    }, delayMs);
    this.retryTimers.add(timer);
  }

  /**
   * A claim spent tokens of a rate-limited integration: claim again when its next token is there, if that is
   * sooner than the poll (one timer per integration at a time).
   */
  private wakeForTokens(integrationId: string, ratePerSecond: number) {
    const ms = Math.ceil(1000 / ratePerSecond);
    if (ms >= this.config.webhooks.pollIntervalMs || this.tokenWakes.has(integrationId)) return;
    this.tokenWakes.add(integrationId);
    this.wakeLater(ms, () => this.tokenWakes.delete(integrationId));
  }

  /** An open circuit holds the integration's jobs: claim again when its cool-down is over (the poll may be later). */
  private circuitChanged(integrationId: string, change: CircuitChange) {
    if (!change) return;
    const { breakerCooldownMs } = this.config.webhooks;
    if (change === 'opened') {
      this.metrics.circuitOpened();
      this.logger.warn({ context: 'webhooks', integrationId, holdMs: breakerCooldownMs }, 'webhook circuit opened: deliveries held');
      this.wakeLater(breakerCooldownMs + 1);
    } else this.logger.info({ context: 'webhooks', integrationId }, 'webhook circuit closed');
  }

  /** Claims once, waits for every send it claimed (and any already running); returns how many it claimed. */
  async tick(): Promise<number> {
    const claimed = await this.pump();
    // A ready job starts (joins inFlight) as the send before it ends, so an empty inFlight means none is left.
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
    return claimed;
  }

  /** Fills free concurrency slots with due jobs and starts sending them; does not wait for the sends. */
  private pump(): Promise<number> {
    if (this.stopping) return Promise.resolve(0);
    if (this.claiming) {
      // A send ended or jobs were queued while this claim ran: it may have counted the slots or read the
      // jobs before that, so claim again once it is done. Otherwise the wake-up is lost, and the free slot
      // or the new jobs wait for the next poll.
      this.pumpAgain = true;
      return this.claiming;
    }
    this.claiming = this.claimAndStart().finally(() => {
      this.claiming = undefined;
      if (this.pumpAgain) {
        this.pumpAgain = false;
        this.wake(0);
      }
    });
    return this.claiming;
  }

  private async claimAndStart(): Promise<number> {
    // At most `concurrency` sends; up to as many claimed jobs ready to go next; and up to as many again of
    // deliveries whose records are still being written (after their sends), so the records of one batch do
    // not hold up the next sends, yet nothing piles up without bound when the database is slow.
    const { concurrency, timeoutMs, connectTimeoutMs } = this.config.webhooks;
    // Not while every slot has been busy for long (ready jobs went stale lately): they would only wait.
    const ahead = Date.now() - this.staleAt < connectTimeoutMs ? 0 : concurrency;
    const want = Math.min(concurrency + ahead - this.sending - this.ready.length, 3 * concurrency - this.inFlight.size - this.ready.length);
    this.mayHaveMore = true;
    if (want <= 0) return 0;
    const leaseMs = 2 * timeoutMs + connectTimeoutMs;
    const lanes = this.lanes.snapshot();
    // One statement claims the jobs and reads their events and integrations.
    const claimed = await this.jobs.claimJobs(want, leaseMs, lanes);
    this.mayHaveMore = claimed.length === want || heldBackByLanes(lanes, claimed);
    if (!claimed.length) return 0;
    // Jobs of one event (one per observing integration) share its serialised payload.
    const payloads = new Map<string, EventJson>();
    const claimedAt = Date.now();
    for (const job of claimed) {
      let json = payloads.get(job.event_id);
      if (!json) payloads.set(job.event_id, (json = eventJson(job)));
      this.lanes.capped(job.integration_id, job.max_concurrency);
      this.lanes.started(job.integration_id);
      if (job.rate_limit_per_second !== null) this.wakeForTokens(job.integration_id, job.rate_limit_per_second);
      this.ready.push({ job, json, claimedAt });
    }
    this.startReady();
    if (claimed.length === want) this.wake(0);
    return claimed.length;
  }

  /** Starts ready jobs while slots are free; when stopping, gives them all back instead. */
  private startReady() {
    if (this.stopping) {
      this.giveBack(this.ready.splice(0));
      return;
    }
    this.giveBackStale();
    while (this.sending < this.config.webhooks.concurrency && this.ready.length) this.start(this.ready.shift()!);
    if (this.ready.length && !this.staleTimer) {
      const wait = this.ready[0].claimedAt + this.config.webhooks.connectTimeoutMs - Date.now();
      this.staleTimer = setTimeout(() => {
        this.staleTimer = undefined;
        this.startReady();
      }, Math.max(0, wait) + 1);
      this.staleTimer.unref();
    }
  }

  /**
   * A ready job waits for a slot only while every slot is busy, i.e. at most one send's timeout. Past
   * WEBHOOK_CONNECT_TIMEOUT_MS it goes back to the queue instead (for this or another replica): so every
   * send still ends at least one WEBHOOK_TIMEOUT_MS before its lease (2 × timeout + connect timeout) runs
   * out, and other replicas are not kept from jobs this one cannot send soon.
   */
  private giveBackStale() {
    const staleBefore = Date.now() - this.config.webhooks.connectTimeoutMs;
    let n = 0;
    while (n < this.ready.length && this.ready[n].claimedAt < staleBefore) n++;
    if (!n) return;
    this.staleAt = Date.now();
    this.giveBack(this.ready.splice(0, n));
  }

  private giveBack(items: ReadyJob[]) {
    if (!items.length) return;
    for (const { job } of items) this.lanes.finished(job.integration_id);
    const p: Promise<void> = this.jobs
      .unclaim(items.map((r) => r.job))
      .then(() => undefined)
      .catch((err) => this.logger.error({ err, context: 'webhooks' }, 'giving back claimed webhook jobs failed (they return when their lease expires)'))
      .finally(() => {
        this.inFlight.delete(p);
        this.wake(0);
      });
    this.inFlight.add(p);
  }

  private start({ job, json, claimedAt }: ReadyJob) {
    this.sending++;
    let sent = false;
    /** The send is over (or never happens): its slot and lane are free again. */
    const release = () => {
      if (sent) return;
      sent = true;
      this.sending--;
      this.lanes.finished(job.integration_id);
      this.startReady();
      if (this.mayHaveMore) this.wake(0);
    };
    const p: Promise<void> = this.deliver(job, json, claimedAt, release)
      .catch((err) => this.logger.error({ err, context: 'webhooks', jobId: job.id }, 'webhook delivery failed unexpectedly'))
      .finally(() => {
        this.inFlight.delete(p);
        release();
        if (this.mayHaveMore) this.wake(0);
      });
    this.inFlight.add(p);
  }

  private async deliver(job: ClaimedJob, json: EventJson, claimedAt: number, sent: () => void) {
    const attempt = Number(job.attempts);
    if (!job.enabled) {
      await this.jobs.finishWithoutAttempt(job.id, attempt, 'discarded', 'The integration is disabled');
      return;
    }
    // Serialised once per attempt; these exact bytes are signed and sent. `attempt` is part of the body,
    // so the bytes and signature differ between attempts while `webhook-id` (the event id) stays the same.
    const body = webhookBody(job, attempt, json);
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'x-moltin-integration-trigger': job.event_name,
      'webhook-id': job.event_id,
      'webhook-timestamp': String(timestamp),
      // During a rotation the previous secret signs too: receivers accept either (Standard Webhooks).
      'webhook-signature': [job.signing_secret, job.previous_signing_secret]
        .filter((secret): secret is string => secret !== null)
        .map((secret) => signPayload(secret, job.event_id, timestamp, body))
        .join(' '),
    };
    if (job.secret_key) headers['x-moltin-secret-key'] = job.secret_key;
    rememberSecrets(job.secret_key, job.signing_secret, job.previous_signing_secret);

    const result = await this.sender.send(job.url, headers, body);
    this.circuitChanged(job.integration_id, this.lanes.outcome(job.integration_id, result.ok));
    sent();
    this.metrics.attemptEnded(result.ok ? 'succeeded' : (result.errorClass ?? 'failed'), Number(job.event_age_ms) + Date.now() - claimedAt);
    const log = {
      jobId: job.id,
      integrationId: job.integration_id,
      attempt,
      succeeded: result.ok,
      statusCode: result.statusCode,
      body: withoutSecretKey(result.body, job.secret_key),
      errorDetail: result.errorDetail,
      errorClass: result.errorClass,
      processingTime: result.durationMs / 1000,
    };
    if (result.ok) {
      await this.recorder.add({ ...log, status: 'succeeded' });
    } else if (result.errorClass === 'gone') {
      // 410 Gone: the receiver asked us to stop. Disable the integration (an integration.updated event),
      // in the same transaction as the record.
      await this.jobs.recordAttempt({ ...log, status: 'failed' }, (tx) => this.disabler.disable(job.integration_id, tx));
    } else {
      const throttled = result.errorClass === 'rate_limited';
      const delay = delayAfterFailure(this.config.webhooks.retryScheduleSeconds, {
        tries: attempt,
        throttledTries: Number(job.throttled) + (throttled ? 1 : 0),
        throttled,
        retryAfterSeconds: result.retryAfterSeconds,
      });
      if (delay === null) await this.recordExhausted(job, { ...log, status: 'failed' });
      else {
        await this.recorder.add({ ...log, status: 'retrying', retryInMs: delay * 1000 });
        if (delay * 1000 < this.config.webhooks.pollIntervalMs) this.wakeLater(Math.ceil(delay * 1000));
      }
    }
    this.logger.info(
      { context: 'webhooks', jobId: job.id, integrationId: job.integration_id, event: job.event_name, attempt, status: result.statusCode, errorClass: result.errorClass, ms: result.durationMs },
      result.ok ? 'webhook delivered' : 'webhook attempt failed',
    );
  }

  /**
   * The last scheduled attempt failed: the job fails, and a `webhook.delivery.exhausted` event (the job as
   * the jobs endpoint shows it) is written in the same transaction. Not for a delivery of that event
   * itself, or a receiver that fails on it would start an endless chain of them.
   */
  private async recordExhausted(job: ClaimedJob, record: AttemptRecord) {
    if (job.event_name === EXHAUSTED) {
      await this.recorder.add(record);
      return;
    }
    await this.jobs.recordAttempt(record, async (tx) => {
      await this.events.publish(tx, EXHAUSTED, { data: presentJob(await this.jobs.findJob(job.id, tx)) });
    });
  }
}

/** A claimed job waiting for a free slot. */
interface ReadyJob {
  job: ClaimedJob;
  json: EventJson;
  claimedAt: number;
}

/** An event's payload serialised for the body: as `payload`, and as `resources` (a JSON string, except for deletions). */
interface EventJson {
  payload: string;
  resources: string;
}

function eventJson(job: ClaimedJob): EventJson {
  const payload = JSON.stringify(job.payload);
  return { payload, resources: job.event_name.endsWith('.deleted') ? payload : JSON.stringify(payload) };
}
