import { Injectable } from '@nestjs/common';
import { Prisma } from '../../generated/prisma/client';
import { Db, PrismaService } from '../../prisma/prisma.service';
import type { LaneSnapshot } from './lanes';

export interface ClaimedJob {
  id: string;
  event_id: string;
  integration_id: string;
  /** This attempt's 1-based number (already counted in the row). */
  attempts: number;
}

export interface AttemptRecord {
  jobId: string;
  integrationId: string;
  attempt: number;
  succeeded: boolean;
  statusCode: number | null;
  body: string;
  errorDetail: string;
  errorClass: string | null;
  processingTime: number;
}

/** The queue tables: outbox claims, job claims and results, retention. Row locks need raw SQL. */
@Injectable()
export class JobsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Undispatched outbox events, locked for this transaction; other relays skip them. */
  claimEvents(limit: number, db: Db) {
    return db.$queryRaw<{ id: string; name: string }[]>`
      SELECT id::text AS id, name FROM outbox_events
      WHERE dispatched_at IS NULL
      ORDER BY created_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`;
  }

  enabledObservers(names: string[], db: Db) {
    return db.integration.findMany({ where: { enabled: true, observes: { hasSome: names } }, select: { id: true, observes: true } });
  }

  async createJobs(rows: Prisma.IntegrationJobCreateManyInput[], db: Db) {
    if (rows.length) await db.integrationJob.createMany({ data: rows, skipDuplicates: true });
  }

  async markDispatched(ids: string[], db: Db) {
    await db.outboxEvent.updateMany({ where: { id: { in: ids } }, data: { dispatchedAt: new Date() } });
  }

  /**
   * Claims due jobs in one statement (its own short transaction): pending/retrying jobs whose time has
   * come, plus in_flight jobs whose lease expired (their worker died). Each claim counts an attempt and
   * takes a lease of `leaseMs`; `attempts` doubles as the fencing token for recording the result.
   *
   * No more jobs of one integration than its free lanes (`lanes.frees` for those listed in `lanes.ids`,
   * `lanes.free` for the others), none of the `lanes.full` ones: among the first `scan` due jobs (oldest
   * first), each integration's oldest up to its free lanes; then the oldest `limit` of those that no other
   * worker has locked meanwhile.
   */
  claimJobs(limit: number, leaseMs: number, lanes: LaneSnapshot, scan = Math.max(200, 4 * limit)) {
    return this.prisma.$queryRaw<ClaimedJob[]>`
      WITH candidate AS (
        SELECT id, integration_id, row_number() OVER (PARTITION BY integration_id ORDER BY next_attempt_at, id) AS n
        FROM (
          SELECT id, integration_id, next_attempt_at FROM integration_jobs
          WHERE ((status IN ('pending', 'retrying') AND next_attempt_at <= now())
              OR (status = 'in_flight' AND locked_until < now()))
            AND integration_id <> ALL (${lanes.full}::uuid[])
          ORDER BY next_attempt_at
          LIMIT ${scan}
        ) AS due
      ),
      lane AS (
        SELECT * FROM unnest(${lanes.ids}::uuid[], ${lanes.frees}::int[]) AS l(integration_id, free)
      )
      UPDATE integration_jobs AS j
      SET status = 'in_flight',
          attempts = j.attempts + 1,
          locked_until = now() + (${leaseMs}::int * interval '1 millisecond'),
          updated_at = now()
      FROM (
        SELECT id FROM integration_jobs
        WHERE id IN (
            SELECT c.id FROM candidate c LEFT JOIN lane l ON l.integration_id = c.integration_id
            WHERE c.n <= coalesce(l.free, ${lanes.free}))
          AND ((status IN ('pending', 'retrying') AND next_attempt_at <= now())
            OR (status = 'in_flight' AND locked_until < now()))
        ORDER BY next_attempt_at
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      ) AS picked
      WHERE j.id = picked.id
      RETURNING j.id::text AS id, j.event_id::text AS event_id, j.integration_id::text AS integration_id, j.attempts`;
  }

  loadForDelivery(jobIds: string[]) {
    return this.prisma.integrationJob.findMany({ where: { id: { in: jobIds } }, include: { event: true, integration: true } });
  }

  /**
   * Writes the attempt's log and the job's new state in one short transaction. The job update only applies
   * while we still hold it (same attempt, still in_flight): a job reclaimed after our lease expired belongs
   * to its new worker. The log is written either way, since the attempt really happened.
   */
  async recordAttempt(log: AttemptRecord, job: Prisma.IntegrationJobUpdateManyMutationInput, afterwards?: (tx: Db) => Promise<void>) {
    return this.prisma.$transaction(async (tx) => {
      // Gone with its integration (deleted while we were sending): nothing left to record against.
      if (!(await tx.integrationJob.findUnique({ where: { id: log.jobId }, select: { id: true } }))) return false;
      await tx.integrationLog.create({ data: log });
      const { count } = await tx.integrationJob.updateMany({
        where: { id: log.jobId, status: 'in_flight', attempts: log.attempt },
        data: job,
      });
      if (count === 1 && afterwards) await afterwards(tx);
      return count === 1;
    });
  }

  async finishWithoutAttempt(jobId: string, attempt: number, status: string, lastError: string) {
    // The claim counted an attempt that was never made: give it back.
    await this.prisma.integrationJob.updateMany({
      where: { id: jobId, status: 'in_flight', attempts: attempt },
      data: { status, lastError, lockedUntil: null, attempts: attempt - 1 },
    });
  }

  disableIntegration(id: string, db: Db) {
    return db.integration.update({ where: { id }, data: { enabled: false } });
  }

  /** Retention: finished jobs (and their logs), then dispatched events with no unfinished job left. */
  async purgeOlderThan(cutoff: Date) {
    return this.prisma.$transaction(async (tx) => {
      const finished = { status: { in: ['succeeded', 'failed', 'discarded'] }, updatedAt: { lt: cutoff } };
      const logs = await tx.integrationLog.deleteMany({ where: { job: finished } });
      const jobs = await tx.integrationJob.deleteMany({ where: finished });
      const events = await tx.outboxEvent.deleteMany({
        where: { dispatchedAt: { lt: cutoff }, jobs: { none: {} } },
      });
      return { logs: logs.count, jobs: jobs.count, events: events.count };
    });
  }
}
