import { Inject, Injectable } from '@nestjs/common';
import { ROOT_LOGGER, RootLogger } from '../../common/logging/logging.module';
import { rememberSecrets } from '../../common/logging/secret-scrubber';
import { PollingWorker } from '../../common/workers/polling-worker';
import { AppConfig } from '../../config/app-config';
import { DeliveryMetrics } from '../../metrics/delivery-metrics';
import { attemptOutcome } from './attempt-outcome';
import { AttemptRecorder } from './attempt-recorder';
import { CircuitBreakers, CircuitChange } from './circuit-breakers';
import type { ClaimedJob } from './claimed-job';
import { JobsRepository } from './jobs.repository';
import { DeliveryLanes, heldBackByLanes } from './lanes';
import { EventJson, eventJson, webhookMessage, withoutSecretKey } from './webhook-message';
import { WebhookSender } from './webhook-sender';

/**
 * Delivery worker (docs/architecture.md, "An event"). Claims due jobs with a lease and reads what their sends need
 * (one statement), sends OUTSIDE any transaction with at most `webhooks.concurrency` requests in flight,
 * then records the log and the job's next state (AttemptRecorder; attemptOutcome decides it). A claim takes up to
 * `concurrency` jobs more than there are free slots, so a slot that frees up starts its next send at once while
 * the next claim runs. Polls, and wakes at once when jobs are created or requeued; `tick()` claims once and waits
 * for the sends (tests drive it with workers off). No integration gets more than its lanes (DeliveryLanes: at most
 * half the slots, one while its receiver fails), so a receiver that hangs or answers garbage cannot hold up the
 * others' deliveries.
 */
@Injectable()
export class DeliveryWorker extends PollingWorker<number> {
  /** Every delivery started and not finished (its send, then its record), and every give-back. */
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
  /**
   * Whether due jobs may be left that the last claim did not take: it took all it wanted, a slot or a lane
   * limit held it back, or it failed. Only then does a finished send claim again; otherwise the jobs that
   * come due wake the worker themselves (relay, retry timer, poll), and a claim after every send would
   * mostly find nothing (at a steady trickle of events, one empty claim statement per delivery).
   */
  private mayHaveMore = true;
  /** Rate-limited integrations with a wake-up pending for their next token (wakeForTokens). */
  private readonly tokenWakes = new Set<string>();

  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobsRepository,
    private readonly sender: WebhookSender,
    private readonly recorder: AttemptRecorder,
    private readonly metrics: DeliveryMetrics,
    @Inject(ROOT_LOGGER) logger: RootLogger,
  ) {
    const { workersEnabled: enabled, webhooks } = config;
    super(logger, { enabled, everyMs: webhooks.pollIntervalMs, passAtStart: true, context: 'webhooks', failure: 'delivery pump failed' });
    const breakers = new CircuitBreakers({ failures: webhooks.breakerFailures, cooldownMs: webhooks.breakerCooldownMs });
    this.lanes = DeliveryLanes.forConcurrency(webhooks.concurrency, breakers);
    metrics.watchCircuits(breakers);
  }

  /** Claims once, waits for every send it claimed (and any already running); returns how many it claimed. */
  async tick(): Promise<number> {
    const claimed = (await this.passNow()) ?? 0;
    // A ready job starts (joins inFlight) as the send before it ends, so an empty inFlight means none is left.
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
    return claimed;
  }

  /** Fills free concurrency slots with due jobs and starts sending them; does not wait for the sends. */
  protected async pass(): Promise<number> {
    // At most `concurrency` sends; up to as many claimed jobs ready to go next; and up to as many again of
    // deliveries whose records are still being written (after their sends), so the records of one batch do
    // not hold up the next sends, yet nothing piles up without bound when the database is slow.
    const { concurrency, timeoutMs, connectTimeoutMs } = this.config.webhooks;
    // Not while every slot has been busy for long (ready jobs went stale lately): they would only wait.
    const ahead = Date.now() - this.staleAt < connectTimeoutMs ? 0 : concurrency;
    const want = Math.min(concurrency + ahead - this.sending - this.ready.length, 3 * concurrency - this.inFlight.size - this.ready.length);
    this.mayHaveMore = true;
    if (want <= 0) {
      // Claims ahead resume once the pause after stale jobs is over; look again then (the poll may be far off).
      if (ahead === 0) this.wakeAfter(this.staleAt + connectTimeoutMs - Date.now());
      return 0;
    }
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

  /** One delivery: the message, the send, its outcome, the record. */
  private async deliver(job: ClaimedJob, json: EventJson, claimedAt: number, sent: () => void) {
    const attempt = Number(job.attempts);
    if (!job.enabled) {
      await this.jobs.finishWithoutAttempt(job.id, attempt, 'discarded', 'The integration is disabled');
      return;
    }
    const { body, headers } = webhookMessage(job, attempt, json, Math.floor(Date.now() / 1000));
    rememberSecrets(job.secret_key, job.signing_secret, job.previous_signing_secret);

    const result = await this.sender.send(job.url, headers, body);
    const circuit = this.lanes.outcome(job.integration_id, result.ok);
    const outcome = attemptOutcome({ number: attempt, throttledBefore: Number(job.throttled), eventName: job.event_name, result, circuit }, this.config.webhooks);
    this.circuitChanged(job.integration_id, circuit, outcome.wakeForCircuitMs);
    sent();
    this.metrics.attemptEnded(result.ok ? 'succeeded' : (result.errorClass ?? 'failed'), Number(job.event_age_ms) + Date.now() - claimedAt);

    await this.recorder.record(
      {
        jobId: job.id,
        integrationId: job.integration_id,
        attempt,
        succeeded: result.ok,
        statusCode: result.statusCode,
        body: withoutSecretKey(result.body, job.secret_key),
        errorDetail: result.errorDetail,
        errorClass: result.errorClass,
        processingTime: result.durationMs / 1000,
        status: outcome.status,
        retryInMs: outcome.retryInMs,
      },
      outcome.alsoDo,
    );
    if (outcome.wakeForRetryMs !== undefined) this.wakeAfter(outcome.wakeForRetryMs);
    this.logger.info(
      { context: 'webhooks', jobId: job.id, integrationId: job.integration_id, event: job.event_name, attempt, status: result.statusCode, errorClass: result.errorClass, ms: result.durationMs },
      result.ok ? 'webhook delivered' : 'webhook attempt failed',
    );
  }

  /** An open circuit holds the integration's jobs: claim again when its cool-down is over (the poll may be later). */
  private circuitChanged(integrationId: string, change: CircuitChange, wakeInMs: number | undefined) {
    if (change === 'opened') {
      this.metrics.circuitOpened();
      this.logger.warn({ context: 'webhooks', integrationId, holdMs: this.config.webhooks.breakerCooldownMs }, 'webhook circuit opened: deliveries held');
    } else if (change === 'closed') this.logger.info({ context: 'webhooks', integrationId }, 'webhook circuit closed');
    if (wakeInMs !== undefined) this.wakeAfter(wakeInMs);
  }

  /**
   * A claim spent tokens of a rate-limited integration: claim again when its next token is there, if that is
   * sooner than the poll (one timer per integration at a time).
   */
  private wakeForTokens(integrationId: string, ratePerSecond: number) {
    const ms = Math.ceil(1000 / ratePerSecond);
    if (ms >= this.config.webhooks.pollIntervalMs || this.tokenWakes.has(integrationId)) return;
    this.tokenWakes.add(integrationId);
    this.wakeAfter(ms, () => this.tokenWakes.delete(integrationId));
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

  protected stopped() {
    if (this.staleTimer) clearTimeout(this.staleTimer);
  }

  /** Sends in flight finish and are recorded; claimed jobs not sent yet go back to the queue at once (rather than waiting out their lease), for another replica or the next start. */
  protected async drain() {
    this.startReady();
    await Promise.allSettled([...this.inFlight]);
  }
}

/** A claimed job waiting for a free slot. */
interface ReadyJob {
  job: ClaimedJob;
  json: EventJson;
  claimedAt: number;
}
