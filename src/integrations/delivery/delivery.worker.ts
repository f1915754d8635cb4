import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { ROOT_LOGGER, RootLogger } from '../../common/logging/logging.module';
import { AppConfig } from '../../config/app-config';
import { EventsPublisher } from '../../events/events.publisher';
import { Prisma } from '../../generated/prisma/client';
import { presentIntegration } from '../integrations.presenter';
import { signPayload } from '../signing';
import { delayBeforeAttempt } from './backoff';
import { ClaimedJob, JobsRepository } from './jobs.repository';
import { DeliveryLanes } from './lanes';
import { WebhookSender } from './webhook-sender';

export const USER_AGENT = 'CommerceAPI-Webhooks/1.0';
const INTERVAL = 'webhook-delivery';

/**
 * Delivery worker (WEBHOOKS.md §8.2 step 3). Claims due jobs with a lease (one short statement), sends
 * OUTSIDE any transaction with at most `webhooks.concurrency` requests in flight, then records the log and
 * the job's next state in a new short transaction. Runs on a poll interval and wakes at once when jobs are
 * created or requeued; `tick()` claims once and waits for the sends (tests drive it with workers off).
 * A slot is refilled as soon as its send ends, and no integration gets more than its lanes (DeliveryLanes:
 * at most half the slots, one while its receiver fails), so a receiver that hangs or answers garbage
 * cannot hold up the others' deliveries.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly lanes: DeliveryLanes;
  private claiming?: Promise<number>;
  /** Set when a pump was asked for while a claim was running (that claim may have missed the news). */
  private pumpAgain = false;
  private stopping = false;
  private wakeTimer?: NodeJS.Timeout;
  private readonly retryTimers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly config: AppConfig,
    private readonly jobs: JobsRepository,
    private readonly sender: WebhookSender,
    private readonly events: EventsPublisher,
    private readonly scheduler: SchedulerRegistry,
    @Inject(ROOT_LOGGER) private readonly logger: RootLogger,
  ) {
    this.lanes = DeliveryLanes.forConcurrency(config.webhooks.concurrency);
  }

  onApplicationBootstrap() {
    if (!this.config.workersEnabled) return;
    this.scheduler.addInterval(INTERVAL, setInterval(() => this.wake(0), this.config.webhooks.pollIntervalMs));
    this.wake(0);
  }

  async beforeApplicationShutdown() {
    this.stopping = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    if (this.scheduler.doesExist('interval', INTERVAL)) this.scheduler.deleteInterval(INTERVAL);
    await this.claiming?.catch(() => undefined);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Ask for a pump soon (debounced); only when background workers run. */
  wake(delayMs = 5) {
    if (!this.config.workersEnabled || this.stopping || this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.pump().catch((err) => this.logger.error({ err, context: 'webhooks' }, 'delivery pump failed'));
    }, delayMs);
  }

  /**
   * Pumps `delayMs` from now: a retry comes due before the next poll would notice. A timer of its own, not
   * wake(delayMs): wake() is debounced, so a pending wake-up in a while would swallow every wake-up sooner
   * than that (slots freed, jobs queued), and the other integrations' deliveries would wait meanwhile.
   */
  private wakeLater(delayMs: number) {
    if (!this.config.workersEnabled || this.stopping) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.wake(0);
    }, delayMs);
    this.retryTimers.add(timer);
  }

  /** Claims once, waits for every send it started (and any already running); returns how many it claimed. */
  async tick(): Promise<number> {
    const claimed = await this.pump();
    await Promise.allSettled([...this.inFlight]);
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
    const free = this.config.webhooks.concurrency - this.inFlight.size;
    if (free <= 0) return 0;
    const leaseMs = 2 * this.config.webhooks.timeoutMs + this.config.webhooks.connectTimeoutMs;
    const claimed = await this.jobs.claimJobs(free, leaseMs, this.lanes.snapshot());
    if (!claimed.length) return 0;
    const loaded = new Map((await this.jobs.loadForDelivery(claimed.map((j) => j.id))).map((j) => [j.id, j]));
    for (const job of claimed) {
      this.lanes.started(job.integration_id);
      const p: Promise<void> = this.deliver(job, loaded.get(job.id))
        .catch((err) => this.logger.error({ err, context: 'webhooks', jobId: job.id }, 'webhook delivery failed unexpectedly'))
        .finally(() => {
          this.inFlight.delete(p);
          this.lanes.finished(job.integration_id);
          this.wake(0);
        });
      this.inFlight.add(p);
    }
    if (claimed.length === free) this.wake(0);
    return claimed.length;
  }

  private async deliver(claim: ClaimedJob, job: Awaited<ReturnType<JobsRepository['loadForDelivery']>>[number] | undefined) {
    const attempt = Number(claim.attempts);
    if (!job) return; // deleted with its integration meanwhile
    const integration = job.integration;
    if (!integration.enabled) {
      await this.jobs.finishWithoutAttempt(job.id, attempt, 'discarded', 'The integration is disabled');
      return;
    }
    const payload = job.event.payload as Record<string, unknown>;
    const isDeletion = job.event.name.endsWith('.deleted');
    // Serialised once per attempt; these exact bytes are signed and sent. `attempt` is part of the body,
    // so the bytes and signature differ between attempts while `webhook-id` (the event id) stays the same.
    const body = JSON.stringify({
      id: job.eventId,
      triggered_by: job.event.name,
      attempt,
      integration: {
        id: integration.id,
        integration_type: integration.integrationType,
        name: integration.name,
        description: integration.description,
      },
      resources: isDeletion ? payload : JSON.stringify(payload),
      payload,
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'x-moltin-integration-trigger': job.event.name,
      'webhook-id': job.eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signPayload(integration.signingSecret, job.eventId, timestamp, body),
    };
    if (integration.secretKey) headers['x-moltin-secret-key'] = integration.secretKey;

    const result = await this.sender.send(integration.url, headers, body);
    this.lanes.outcome(integration.id, result.ok);
    const log = {
      jobId: job.id,
      integrationId: integration.id,
      attempt,
      succeeded: result.ok,
      statusCode: result.statusCode,
      body: result.body,
      errorDetail: result.errorDetail,
      errorClass: result.errorClass,
      processingTime: result.durationMs / 1000,
    };
    const now = new Date();
    const done = { lockedUntil: null, lastStatusCode: result.statusCode, lastError: result.ok ? null : result.errorDetail };
    if (result.ok) {
      await this.jobs.recordAttempt(log, { ...done, status: 'succeeded', succeededAt: now });
    } else if (result.errorClass === 'gone') {
      // 410 Gone: the receiver asked us to stop. Disable the integration (an integration.updated event).
      await this.jobs.recordAttempt(log, { ...done, status: 'failed' }, async (tx) => {
        const disabled = await this.jobs.disableIntegration(integration.id, tx);
        const baseUrl = this.config.publicBaseUrl ?? `http://localhost:${this.config.port}`;
        await this.events.publish(tx, 'integration.updated', { data: presentIntegration(disabled, baseUrl) });
      });
    } else {
      const delay = delayBeforeAttempt(this.config.webhooks.retryScheduleSeconds, attempt + 1, result.retryAfterSeconds);
      const next: Prisma.IntegrationJobUpdateManyMutationInput =
        delay === null ? { ...done, status: 'failed' } : { ...done, status: 'retrying', nextAttemptAt: new Date(now.getTime() + delay * 1000) };
      await this.jobs.recordAttempt(log, next);
      if (delay !== null && delay * 1000 < this.config.webhooks.pollIntervalMs) this.wakeLater(Math.ceil(delay * 1000));
    }
    this.logger.info(
      { context: 'webhooks', jobId: job.id, integrationId: integration.id, event: job.event.name, attempt, status: result.statusCode, errorClass: result.errorClass, ms: result.durationMs },
      result.ok ? 'webhook delivered' : 'webhook attempt failed',
    );
  }
}
