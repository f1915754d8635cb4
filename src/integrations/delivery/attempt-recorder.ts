import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { EventsPublisher } from '../../events/events.publisher';
import { Db } from '../../prisma/prisma.service';
import { presentJob } from '../integrations.presenter';
import { IntegrationsRepository } from '../integrations.repository';
import { AttemptOutcome, EXHAUSTED_EVENT } from './attempt-outcome';
import { Batcher } from './batcher';
import { IntegrationDisabler } from './integration-disabler';
import { AttemptRecord, JobsRepository, RecordOutcome } from './jobs.repository';

/**
 * Records attempts: the log row and the job's next state. Attempts that end close together are recorded together,
 * in one statement (Batcher); one whose outcome also changes something else gets a transaction of its own.
 */
@Injectable()
export class AttemptRecorder {
  private readonly batch: Batcher<AttemptRecord, RecordOutcome>;

  constructor(
    config: AppConfig,
    private readonly jobs: JobsRepository,
    private readonly integrations: IntegrationsRepository,
    private readonly disabler: IntegrationDisabler,
    private readonly events: EventsPublisher,
  ) {
    this.batch = new Batcher((records) => this.jobs.recordAttempts(records), 100, config.webhooks.recordGatherMs);
  }

  /** Records the attempt, and does what its outcome also asks for in the same transaction (if the claim still holds). */
  record(record: AttemptRecord, alsoDo: AttemptOutcome['alsoDo']): Promise<RecordOutcome> {
    switch (alsoDo) {
      case 'disable-integration':
        // The receiver asked us to stop: an integration.updated event comes with it.
        return this.jobs.recordAttempt(record, (tx) => this.disabler.disable(record.integrationId, tx));
      case 'publish-exhausted':
        return this.jobs.recordAttempt(record, (tx) => this.publishExhausted(record, tx));
      default:
        return this.batch.add(record);
    }
  }

  /** `webhook.delivery.exhausted`, with the job as the jobs endpoint shows it. */
  private async publishExhausted(record: AttemptRecord, tx: Db) {
    const job = await this.integrations.findJob(record.integrationId, record.jobId, tx);
    if (!job) throw new Error(`Job ${record.jobId} vanished while its last attempt was recorded`);
    await this.events.publish(tx, EXHAUSTED_EVENT, { data: presentJob(job) });
  }
}
