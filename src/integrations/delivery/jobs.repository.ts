import { Injectable } from '@nestjs/common';
import { OutboxRepository } from '../../events/outbox.repository';
import { Prisma } from '../../generated/prisma/client';
import { Db } from '../../prisma/prisma.service';
import { FINISHED_JOB_STATUSES, type JobStatus } from './job-status';
import type { ClaimedJob } from './claimed-job';
import type { LaneSnapshot } from './lanes';
import { WorkerPrismaService } from './worker-prisma.service';

/** One attempt's outcome: its log row, and the job's next state (applied only while the claim still holds). */
export interface AttemptRecord {
  jobId: string;
  integrationId: string;
  attempt: number;
  succeeded: boolean;
  statusCode: number | null;
  body: string;
  errorDetail: string;
  errorClass: string | null;
  /** Seconds. */
  processingTime: number;
  /** The job's next state. */
  status: Extract<JobStatus, 'succeeded' | 'retrying' | 'failed'>;
  /** For `retrying`: milliseconds from now (database time) until the next attempt is due. */
  retryInMs?: number;
}

/** What recording one attempt did: `logged` false = the job is gone; `applied` false = the claim was lost (fenced). */
export interface RecordOutcome {
  logged: boolean;
  applied: boolean;
}

/**
 * The delivery jobs (`integration_jobs`, with their attempts' `integration_logs`): created from outbox events,
 * claimed, given back, recorded, purged. Row locks need raw SQL. On the pipeline's own connection pool
 * (WorkerPrismaService), apart from the API's.
 */
@Injectable()
export class JobsRepository {
  constructor(
    private readonly prisma: WorkerPrismaService,
    private readonly outbox: OutboxRepository,
  ) {}

  /**
   * Relays up to `limit` outbox events in ONE statement (OutboxRepository.relay): one job per enabled integration
   * observing each (due `firstDelayMs` from now; the unique (event, integration) pair makes a re-run harmless).
   * The integrations are locked (KEY SHARE) as they are read: one deleted meanwhile is skipped instead of
   * failing the statement on its foreign key.
   */
  async relayEvents(limit: number, firstDelayMs: number): Promise<{ events: number; jobs: number }> {
    const { events, relayed } = await this.outbox.relay(
      this.prisma,
      limit,
      Prisma.sql`
        INSERT INTO integration_jobs (id, event_id, integration_id, next_attempt_at, updated_at)
        SELECT gen_random_uuid(), ev.id, i.id, now() + (${firstDelayMs}::int * interval '1 millisecond'), now()
        FROM ev JOIN integrations i ON i.enabled AND ev.name = ANY (i.observes)
        FOR KEY SHARE OF i
        ON CONFLICT (event_id, integration_id) DO NOTHING
        RETURNING 1`,
    );
    return { events, jobs: relayed };
  }

  /**
   * Claims due jobs in one statement (its own short transaction) and returns them, oldest first, with their
   * event and integration: pending/retrying jobs whose time has come, plus in_flight jobs whose lease
   * expired (their worker died). Each claim counts an attempt and takes a lease of `leaseMs`; `attempts`
   * doubles as the fencing token for recording the result.
   *
   * No more jobs of one integration than its free lanes (`lanes.frees` for those listed in `lanes.ids`,
   * `lanes.free` for the others), nor than its `max_concurrency` less what this worker has in flight for it
   * (`lanes.busy`; read here, so a change applies at the next claim), none of the `lanes.full` ones: among the
   * first `scan` due jobs (oldest first), each integration's oldest up to what it may take (a rate-limited one: also
   * up to the whole tokens in its bucket, which this statement locks, skipping one another claim holds, and
   * spends, so the limit holds across servers); then the oldest
   * `limit` of those that no other worker has locked meanwhile. The due jobs are read by one index-ordered
   * scan (status, next_attempt_at) per status, each stopping after `scan` rows: one scan with an OR reads and
   * sorts every due job, i.e. the whole backlog, on every claim.
   */
  claimJobs(limit: number, leaseMs: number, lanes: LaneSnapshot, scan = Math.max(200, 4 * limit)) {
    return this.prisma.$queryRaw<ClaimedJob[]>`
      WITH candidate AS (
        SELECT id, integration_id, row_number() OVER (PARTITION BY integration_id ORDER BY next_attempt_at, id) AS n
        FROM (
          (SELECT id, integration_id, next_attempt_at FROM integration_jobs
           WHERE status = 'pending' AND next_attempt_at <= now() AND integration_id <> ALL (${lanes.full}::uuid[])
           ORDER BY next_attempt_at LIMIT ${scan})
          UNION ALL
          (SELECT id, integration_id, next_attempt_at FROM integration_jobs
           WHERE status = 'retrying' AND next_attempt_at <= now() AND integration_id <> ALL (${lanes.full}::uuid[])
           ORDER BY next_attempt_at LIMIT ${scan})
          UNION ALL
          (SELECT id, integration_id, next_attempt_at FROM integration_jobs
           WHERE status = 'in_flight' AND locked_until < now() AND integration_id <> ALL (${lanes.full}::uuid[])
           ORDER BY next_attempt_at LIMIT ${scan})
          ORDER BY next_attempt_at
          LIMIT ${scan}
        ) AS due
      ),
      lane AS (
        SELECT * FROM unnest(${lanes.ids}::uuid[], ${lanes.frees}::int[], ${lanes.busy}::int[]) AS l(integration_id, free, busy)
      ),
      capped AS (
        SELECT id, max_concurrency, rate_limit_per_second FROM integrations
        WHERE max_concurrency IS NOT NULL OR rate_limit_per_second IS NOT NULL
      ),
      bucket AS MATERIALIZED (
        SELECT id,
               CASE WHEN rate_refilled_at IS NULL THEN greatest(1, rate_limit_per_second)
                    ELSE least(greatest(1, rate_limit_per_second),
                               rate_tokens + extract(epoch FROM now() - rate_refilled_at) * rate_limit_per_second)
               END AS available
        FROM integrations
        WHERE rate_limit_per_second IS NOT NULL AND id IN (SELECT integration_id FROM candidate)
        FOR NO KEY UPDATE SKIP LOCKED
      ),
      claimed AS (
        UPDATE integration_jobs AS j
        SET status = 'in_flight',
            attempts = j.attempts + 1,
            locked_until = now() + (${leaseMs}::int * interval '1 millisecond'),
            updated_at = now()
        FROM (
          SELECT id, status AS previous_status FROM integration_jobs
          WHERE id IN (
              SELECT c.id FROM candidate c
              LEFT JOIN lane l ON l.integration_id = c.integration_id
              LEFT JOIN capped cap ON cap.id = c.integration_id
              LEFT JOIN bucket b ON b.id = c.integration_id
              WHERE c.n <= coalesce(l.free, ${lanes.free})
                AND (cap.max_concurrency IS NULL OR c.n <= cap.max_concurrency - coalesce(l.busy, 0))
                AND (cap.rate_limit_per_second IS NULL OR c.n <= floor(b.available)))
            AND ((status IN ('pending', 'retrying') AND next_attempt_at <= now())
              OR (status = 'in_flight' AND locked_until < now()))
          ORDER BY next_attempt_at
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        ) AS picked
        WHERE j.id = picked.id
        RETURNING j.id, j.event_id, j.integration_id, j.attempts, j.next_attempt_at, picked.previous_status
      ),
      spent AS (
        UPDATE integrations AS i
        SET rate_tokens = b.available - s.n, rate_refilled_at = now()
        FROM bucket b, (SELECT integration_id, count(*) AS n FROM claimed GROUP BY integration_id) s
        WHERE i.id = b.id AND s.integration_id = b.id
      )
      SELECT c.id::text AS id, c.event_id::text AS event_id, c.integration_id::text AS integration_id, c.attempts,
             c.previous_status,
             CASE WHEN c.attempts > 1
               THEN (SELECT count(*) FROM integration_logs l WHERE l.job_id = c.id AND l.error_class = 'rate_limited')
               ELSE 0 END::int AS throttled,
             e.name AS event_name, e.payload,
             i.enabled, i.url, i.name, i.description, i.integration_type, i.secret_key, i.signing_secret,
             CASE WHEN i.previous_signing_secret_until > now() THEN i.previous_signing_secret END AS previous_signing_secret,
             i.max_concurrency, i.rate_limit_per_second,
             (extract(epoch FROM now() - e.created_at) * 1000)::float8 AS event_age_ms
      FROM claimed c
      JOIN outbox_events e ON e.id = c.event_id
      JOIN integrations i ON i.id = c.integration_id
      ORDER BY c.next_attempt_at, c.id`;
  }

  /**
   * Gives claimed jobs back unsent (a worker stopping, or jobs that waited too long for a free slot): the
   * attempt the claim counted is taken back and the lease dropped, due as before, while the claim still
   * holds (same attempt, still in_flight). A job whose lease had expired when claimed goes back as retrying.
   */
  async unclaim(jobs: Pick<ClaimedJob, 'id' | 'attempts' | 'previous_status'>[]): Promise<number> {
    if (!jobs.length) return 0;
    return this.prisma.$executeRaw`
      UPDATE integration_jobs j
      SET status = CASE WHEN r.previous_status IN ('pending', 'retrying') THEN r.previous_status ELSE 'retrying' END,
          attempts = j.attempts - 1,
          locked_until = NULL,
          updated_at = now()
      FROM unnest(${jobs.map((j) => j.id)}::uuid[], ${jobs.map((j) => Number(j.attempts))}::int[], ${jobs.map((j) => j.previous_status)}::text[])
        AS r(id, attempt, previous_status)
      WHERE j.id = r.id AND j.status = 'in_flight' AND j.attempts = r.attempt`;
  }

  /**
   * Records attempts in ONE statement (its own transaction), whatever their number: for each, the log row
   * and the job's new state. The job update only applies while the claim still holds (same attempt, still
   * in_flight): a job reclaimed after our lease expired belongs to its new worker (fencing). The log is
   * written either way, since the attempt really happened, except when the job is gone (deleted with its
   * integration while we were sending): then nothing is recorded. The integration rows, then the job rows
   * are locked (KEY SHARE) before anything is written, in the order a deletion of an integration takes
   * them (the integration, then its jobs by cascade): so a concurrent deletion waits for us, or happened
   * before and we skip its jobs, and the two cannot deadlock. A log for the same (job, attempt) is never
   * written twice, so recording again after an unclear failure is safe.
   */
  async recordAttempts(records: AttemptRecord[], db: Db = this.prisma): Promise<RecordOutcome[]> {
    if (!records.length) return [];
    const col = <T>(f: (r: AttemptRecord) => T) => records.map(f);
    const rows = await db.$queryRaw<{ job_id: string; logged: boolean; applied: boolean }[]>`
      WITH r AS (
        SELECT * FROM unnest(
          ${col((r) => r.jobId)}::uuid[], ${col((r) => r.integrationId)}::uuid[], ${col((r) => r.attempt)}::int[],
          ${col((r) => r.succeeded)}::boolean[], ${col((r) => r.statusCode)}::int[], ${col((r) => stripNul(r.body))}::text[],
          ${col((r) => stripNul(r.errorDetail))}::text[], ${col((r) => r.errorClass)}::text[], ${col((r) => r.processingTime)}::float8[],
          ${col((r) => r.status)}::text[], ${col((r) => Math.max(0, Math.round(r.retryInMs ?? 0)))}::int[]
        ) AS r(job_id, integration_id, attempt, succeeded, status_code, body, error_detail, error_class, processing_time, status, retry_in_ms)
      ),
      owners AS (
        SELECT i.id FROM integrations i WHERE i.id IN (SELECT integration_id FROM r) FOR KEY SHARE
      ),
      present AS (
        SELECT j.id FROM integration_jobs j
        WHERE j.id IN (SELECT job_id FROM r) AND j.integration_id IN (SELECT id FROM owners)
        FOR KEY SHARE
      ),
      applied AS (
        UPDATE integration_jobs j
        SET status = r.status,
            locked_until = NULL,
            last_status_code = r.status_code,
            last_error = CASE WHEN r.succeeded THEN NULL ELSE r.error_detail END,
            succeeded_at = CASE WHEN r.succeeded THEN now() ELSE j.succeeded_at END,
            next_attempt_at = CASE WHEN r.status = 'retrying' THEN now() + r.retry_in_ms * interval '1 millisecond' ELSE j.next_attempt_at END,
            updated_at = now()
        FROM r
        WHERE j.id = r.job_id AND j.status = 'in_flight' AND j.attempts = r.attempt AND j.id IN (SELECT id FROM present)
        RETURNING j.id
      ),
      logged AS (
        INSERT INTO integration_logs (id, job_id, integration_id, attempt, succeeded, status_code, body, error_detail, error_class, processing_time)
        SELECT gen_random_uuid(), r.job_id, r.integration_id, r.attempt, r.succeeded, r.status_code, r.body, r.error_detail, r.error_class, r.processing_time
        FROM r JOIN present p ON p.id = r.job_id
        WHERE NOT EXISTS (SELECT 1 FROM integration_logs l WHERE l.job_id = r.job_id AND l.attempt = r.attempt)
        RETURNING job_id
      )
      SELECT r.job_id::text AS job_id,
             EXISTS (SELECT 1 FROM present p WHERE p.id = r.job_id) AS logged,
             EXISTS (SELECT 1 FROM applied a WHERE a.id = r.job_id) AS applied
      FROM r`;
    const byJob = new Map(rows.map((row) => [row.job_id, row]));
    return records.map((r) => {
      const row = byJob.get(r.jobId);
      return { logged: Boolean(row?.logged), applied: Boolean(row?.applied) };
    });
  }

  /**
   * One attempt, recorded like recordAttempts, in a transaction that also runs `afterwards` when the job
   * update applied (e.g. disabling the integration on 410 Gone, with its event).
   */
  async recordAttempt(record: AttemptRecord, afterwards?: (tx: Db) => Promise<void>): Promise<RecordOutcome> {
    if (!afterwards) return (await this.recordAttempts([record]))[0];
    return this.prisma.$transaction(async (tx) => {
      const [outcome] = await this.recordAttempts([record], tx);
      if (outcome.applied) await afterwards(tx);
      return outcome;
    });
  }

  async finishWithoutAttempt(jobId: string, attempt: number, status: JobStatus, lastError: string) {
    // The claim counted an attempt that was never made: give it back.
    await this.prisma.integrationJob.updateMany({
      where: { id: jobId, status: 'in_flight', attempts: attempt },
      data: { status, lastError, lockedUntil: null, attempts: attempt - 1 },
    });
  }

  /** Retention: deletes the jobs finished before `cutoff`, and their logs, in `tx`. */
  async deleteFinishedBefore(cutoff: Date, tx: Db): Promise<{ logs: number; jobs: number }> {
    const finished = { status: { in: [...FINISHED_JOB_STATUSES] }, updatedAt: { lt: cutoff } };
    const logs = await tx.integrationLog.deleteMany({ where: { job: finished } });
    const jobs = await tx.integrationJob.deleteMany({ where: finished });
    return { logs: logs.count, jobs: jobs.count };
  }
}

/** PostgreSQL text cannot hold NUL; a receiver's body (or anything else we log) may contain one. */
function stripNul(text: string): string {
  return text.includes('\u0000') ? text.replace(/\u0000/g, '') : text;
}
