import type { Integration, IntegrationLog } from '../generated/prisma/client';
import { linkBase } from '../common/http/request-context';
import type { Presented } from '../common/wire/wire-format';
import type { DeliveryStats } from './integrations.repository';
import { JOB_STATUSES } from './delivery/job-status';
import { INTEGRATION_JOB_WIRE, INTEGRATION_LOG_WIRE, INTEGRATION_WIRE, type IntegrationJobRow } from './integration.wire';

export type PresentedIntegration = Presented<typeof INTEGRATION_WIRE>;

/** The wire object (integration.wire.ts). `secret_key` and the signing secret never leave through here. */
export const presentIntegration = (row: Integration): PresentedIntegration => INTEGRATION_WIRE.present(row, { linkBase: linkBase() });

/** The `relationships.integration` of the objects that belong to an integration (logs, jobs, recoveries, stats). */
function integrationRelationship(integrationId: string) {
  return { integration: { data: { type: 'integration', id: integrationId } } };
}

export const presentLog = (row: IntegrationLog) => INTEGRATION_LOG_WIRE.present(row);

export const presentJob = (row: IntegrationJobRow) => INTEGRATION_JOB_WIRE.present(row);

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
