import type { Integration, IntegrationJob, IntegrationLog } from '../generated/prisma/client';
import { timestamps } from '../common/http/timestamps';
import type { DeliveryStats } from './integrations.repository';
import { isWaiting, JOB_STATUSES } from './delivery/job-status';
import { apiLink } from '../common/http/request-context';

/** The wire object. `secret_key` and the signing secret never leave through here. */
export function presentIntegration(row: Integration) {
  return {
    id: row.id,
    type: 'integration' as const,
    integration_type: row.integrationType,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    configuration: {
      url: row.url,
      ...(row.maxConcurrency !== null && { max_concurrency: row.maxConcurrency }),
      ...(row.rateLimitPerSecond !== null && { rate_limit_per_second: row.rateLimitPerSecond }),
    } as { url: string; max_concurrency?: number; rate_limit_per_second?: number; signing_secret?: string },
    observes: row.observes,
    links: { self: apiLink(`/integrations/${row.id}`) },
    meta: { timestamps: timestamps(row) },
  };
}

/** The `relationships.integration` of the objects that belong to an integration (logs, jobs, recoveries, stats). */
function integrationRelationship(integrationId: string) {
  return { integration: { data: { type: 'integration', id: integrationId } } };
}

export function presentLog(row: IntegrationLog) {
  return {
    id: row.id,
    type: 'integration-log' as const,
    succeeded: row.succeeded,
    attempt: row.attempt,
    processing_time: row.processingTime,
    body: row.body,
    // Left out when the receiver never answered (refused, timed out, not HTTP): the reason is in error_detail.
    ...(row.statusCode === null ? {} : { status_code: row.statusCode }),
    error_detail: row.errorDetail,
    error_class: row.errorClass,
    relationships: {
      ...integrationRelationship(row.integrationId),
      job: { data: { type: 'integration-job', id: row.jobId } },
    },
    meta: { timestamps: { created_at: row.createdAt.toISOString() } },
  };
}

export function presentJob(row: IntegrationJob & { event?: { name: string } | null }) {
  return {
    id: row.id,
    type: 'integration-job' as const,
    status: row.status,
    attempts: row.attempts,
    triggered_by: row.event?.name,
    next_attempt_at: isWaiting(row.status) ? row.nextAttemptAt.toISOString() : null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    succeeded_at: row.succeededAt?.toISOString() ?? null,
    relationships: {
      ...integrationRelationship(row.integrationId),
      event: { data: { type: 'event', id: row.eventId } },
    },
    meta: { timestamps: timestamps(row) },
  };
}

/**
 * The logs list as Elastic Path shapes it (Elastic Path's integration logs, JSSDK `IntegrationLogsResponse`):
 * `meta{limit,offset,current,total}` with a top-level `results{total}`, unlike the standard list envelope.
 */
export function logsDocument(items: IntegrationLog[], total: number, q: { limit: number; offset: number }, links: Record<string, unknown>) {
  return {
    data: items.map(presentLog),
    meta: { limit: q.limit, offset: q.offset, current: Math.floor(q.offset / q.limit) + 1, total: Math.ceil(total / q.limit) },
    results: { total },
    links,
  };
}

const toMs = (seconds: number | null) => (seconds === null ? null : Math.round(seconds * 1000));

/** `GET /v2/integrations/:id/stats`: attempts (success rate, response times in ms) and jobs by status in the window. */
export function presentDeliveryStats(integrationId: string, since: Date, until: Date, stats: DeliveryStats) {
  const { attempts } = stats;
  const jobs = Object.fromEntries(JOB_STATUSES.map((status) => [status, stats.jobs.find((j) => j.status === status)?.count ?? 0]));
  return {
    type: 'integration-stats' as const,
    since: since.toISOString(),
    until: until.toISOString(),
    attempts: {
      total: attempts.total,
      succeeded: attempts.succeeded,
      failed: attempts.total - attempts.succeeded,
      success_rate: attempts.total === 0 ? null : attempts.succeeded / attempts.total,
      response_time_ms: { p50: toMs(attempts.p50_s), p95: toMs(attempts.p95_s), max: toMs(attempts.max_s) },
      last_attempt_at: attempts.last_attempt_at?.toISOString() ?? null,
      last_success_at: attempts.last_success_at?.toISOString() ?? null,
    },
    jobs,
    relationships: integrationRelationship(integrationId),
  };
}

/** `POST /v2/integrations/:id/recover`: the window and how many jobs were queued again. */
export function presentRecovery(integrationId: string, since: Date, until: Date, recovered: number) {
  return {
    type: 'integration-recovery' as const,
    since: since.toISOString(),
    until: until.toISOString(),
    recovered,
    relationships: integrationRelationship(integrationId),
  };
}
