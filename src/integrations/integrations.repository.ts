import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaListArgs, toPrismaWhere } from '../common/list-query';
import { INTEGRATION_TEST_EVENT } from '../events/event-names';
import type { EventPayload } from '../events/events.publisher';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { FINISHED_JOB_STATUSES, UNDELIVERED_JOB_STATUSES } from './delivery/job-status';
import { INTEGRATION_JOB_WIRE, INTEGRATION_LOG_WIRE, INTEGRATION_WIRE } from './integration.wire';

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;
// Advisory lock key serialising integration creates (see countLocked); api-clients uses 72410001.
const INTEGRATION_LIMIT_LOCK = 72410002;

export const INTEGRATIONS_SPEC: ListResourceSpec = INTEGRATION_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
    created_at: { column: 'createdAt', type: 'datetime', ops: [...CMP], sortable: true },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: [...CMP], sortable: true },
  },
});

/** Logs: newest first. `triggered_by` is the event type (filter by event type, status and time). */
export const LOGS_SPEC: ListResourceSpec = INTEGRATION_LOG_WIRE.listSpec({
  defaultSort: '-created_at',
  order: ['id', 'created_at'],
  more: {
    created_at: { column: 'createdAt', type: 'datetime', ops: [...CMP], sortable: true },
    triggered_by: { column: 'job.event.name', type: 'string', ops: ['eq', 'in'] },
  },
});

export const JOBS_SPEC: ListResourceSpec = INTEGRATION_JOB_WIRE.listSpec({
  defaultSort: '-created_at',
  more: {
    triggered_by: { column: 'event.name', type: 'string', ops: ['eq', 'in'] },
    created_at: { column: 'createdAt', type: 'datetime', ops: [...CMP], sortable: true },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: [...CMP], sortable: true },
  },
});

export interface DeliveryStats {
  attempts: {
    total: number;
    succeeded: number;
    p50_s: number | null;
    p95_s: number | null;
    max_s: number | null;
    last_attempt_at: Date | null;
    last_success_at: Date | null;
  };
  jobs: { status: string; count: number }[];
}

@Injectable()
export class IntegrationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: Prisma.IntegrationCreateInput, db: Db = this.prisma) {
    return db.integration.create({ data });
  }

  /**
   * Counts integrations while holding a transaction-scoped advisory lock, so two creates running side by
   * side (on any replica) cannot both pass the store's limit. Call inside the creating transaction.
   */
  async countLocked(db: Db) {
    await db.$executeRaw`SELECT pg_advisory_xact_lock(${INTEGRATION_LIMIT_LOCK})`;
    return db.integration.count();
  }

  find(id: string, db: Db = this.prisma) {
    return db.integration.findUnique({ where: { id } });
  }

  update(id: string, data: Prisma.IntegrationUpdateInput, db: Db = this.prisma) {
    return db.integration.update({ where: { id }, data });
  }

  delete(id: string, db: Db = this.prisma) {
    return db.integration.delete({ where: { id } });
  }

  async list(q: ListQuery) {
    const args = toPrismaListArgs(q, INTEGRATIONS_SPEC);
    return loadPage(q, {
      items: () => this.prisma.integration.findMany(args as Prisma.IntegrationFindManyArgs),
      countMatching: () => this.prisma.integration.count({ where: args.where as Prisma.IntegrationWhereInput }),
      countAll: () => this.prisma.integration.count(),
    });
  }

  async listLogs(where: Prisma.IntegrationLogWhereInput, q: ListQuery) {
    const args = toPrismaListArgs(q, LOGS_SPEC);
    const filtered = { AND: [where, toPrismaWhere(q, LOGS_SPEC) as Prisma.IntegrationLogWhereInput] };
    const [items, total] = await this.prisma.$transaction([
      this.prisma.integrationLog.findMany({ ...(args as Prisma.IntegrationLogFindManyArgs), where: filtered }),
      this.prisma.integrationLog.count({ where: filtered }),
    ]);
    return { items, total };
  }

  async listJobs(integrationId: string, q: ListQuery) {
    const args = toPrismaListArgs(q, JOBS_SPEC);
    const where = { AND: [{ integrationId }, toPrismaWhere(q, JOBS_SPEC) as Prisma.IntegrationJobWhereInput] };
    const [items, total] = await this.prisma.$transaction([
      this.prisma.integrationJob.findMany({
        ...(args as Prisma.IntegrationJobFindManyArgs),
        where,
        include: { event: { select: { name: true } } },
      }),
      this.prisma.integrationJob.count({ where }),
    ]);
    return { items, total };
  }

  /** A job of the integration with its event's name, as the jobs endpoint presents it; null when there is none. */
  findJob(integrationId: string, jobId: string, db: Db = this.prisma) {
    return db.integrationJob.findFirst({ where: { id: jobId, integrationId }, include: { event: { select: { name: true } } } });
  }

  /**
   * Puts the integration's failed or discarded jobs created in [since, until) back in the queue, due now, in one
   * statement on the `(integration_id, created_at)` index; `attempts` keeps counting. Returns how many.
   */
  async requeueFailedJobs(integrationId: string, since: Date, until: Date, db: Db = this.prisma) {
    const { count } = await db.integrationJob.updateMany({
      where: { integrationId, createdAt: { gte: since, lt: until }, status: { in: [...UNDELIVERED_JOB_STATUSES] } },
      data: { status: 'pending', nextAttemptAt: new Date(), lockedUntil: null },
    });
    return count;
  }

  /** An event already dispatched (so the relay leaves it alone) with one job, for this integration only. */
  async createTestJob(integrationId: string, payload: EventPayload, db: Db = this.prisma) {
    const event = await db.outboxEvent.create({
      data: { name: INTEGRATION_TEST_EVENT, payload: payload as Prisma.InputJsonValue, dispatchedAt: new Date(), jobs: { create: { integrationId } } },
      select: { name: true, jobs: true },
    });
    return { ...event.jobs[0], event: { name: event.name } };
  }

  /** Attempts and jobs of one integration in [since, until): two aggregates, each on its `(integration_id, created_at)` index. */
  async deliveryStats(integrationId: string, since: Date, until: Date): Promise<DeliveryStats> {
    const [[attempts], jobs] = await this.prisma.$transaction([
      this.prisma.$queryRaw<DeliveryStats['attempts'][]>`
        SELECT count(*)::int AS total,
               (count(*) FILTER (WHERE succeeded))::int AS succeeded,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY processing_time) AS p50_s,
               percentile_cont(0.95) WITHIN GROUP (ORDER BY processing_time) AS p95_s,
               max(processing_time) AS max_s,
               max(created_at) AS last_attempt_at,
               max(created_at) FILTER (WHERE succeeded) AS last_success_at
          FROM integration_logs
         WHERE integration_id = ${integrationId}::uuid AND created_at >= ${since} AND created_at < ${until}`,
      this.prisma.$queryRaw<{ status: string; count: number }[]>`
        SELECT status, count(*)::int AS count
          FROM integration_jobs
         WHERE integration_id = ${integrationId}::uuid AND created_at >= ${since} AND created_at < ${until}
         GROUP BY status`,
    ]);
    return { attempts, jobs };
  }

  /** Puts a finished job back in the queue, due now; `attempts` keeps counting. Only if it is still finished. */
  async requeueJob(jobId: string, db: Db = this.prisma) {
    const { count } = await db.integrationJob.updateMany({
      where: { id: jobId, status: { in: [...FINISHED_JOB_STATUSES] } },
      data: { status: 'pending', nextAttemptAt: new Date(), lockedUntil: null },
    });
    return count === 1;
  }
}
