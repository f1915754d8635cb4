import { arrayOf, closed, constant, dateTime, integer, nullable, number, ref, string, uuid } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import { toOne, WIRE } from '../common/openapi/wire-schemas';
import { JOB_STATUSES } from './delivery/job-status';
import { INTEGRATION_JOB_WIRE, INTEGRATION_LOG_WIRE, INTEGRATION_WIRE } from './integration.wire';

const belongs = { integration: toOne('integration') };
const window = { since: dateTime(), until: dateTime() };

/**
 * An integration, its delivery logs and jobs as their presenters show them (from their wire formats); the logs
 * list, statistics and recoveries, which are computed documents rather than rows. Requests: the DTOs.
 */
export const INTEGRATION_SCHEMAS = defineSchemas({
  Integration: INTEGRATION_WIRE.schema(),
  DeletedIntegration: closed({ type: constant('integration'), id: uuid() }),
  IntegrationLog: INTEGRATION_LOG_WIRE.schema(),
  IntegrationLogsDocument: closed(
    {
      data: arrayOf(ref('IntegrationLog')),
      meta: closed({ limit: integer(), offset: integer(), current: integer(), total: integer() }),
      results: closed({ total: integer() }),
      links: ref(WIRE.PageLinks),
    },
    [],
    { description: 'The logs list as Elastic Path shapes it: `meta{limit,offset,current,total}` and a top-level `results`' },
  ),
  IntegrationJob: INTEGRATION_JOB_WIRE.schema(),
  IntegrationStats: closed({
    type: constant('integration-stats'),
    ...window,
    attempts: closed({
      total: integer(),
      succeeded: integer(),
      failed: integer(),
      success_rate: nullable(number({ minimum: 0, maximum: 1 })),
      response_time_ms: closed({ p50: nullable(integer()), p95: nullable(integer()), max: nullable(integer()) }),
      last_attempt_at: nullable(dateTime()),
      last_success_at: nullable(dateTime()),
    }),
    jobs: closed(Object.fromEntries(JOB_STATUSES.map((s) => [s, integer({ minimum: 0 })]))),
    relationships: closed(belongs),
  }),
  IntegrationRecovery: closed({ type: constant('integration-recovery'), ...window, recovered: integer({ minimum: 0 }), relationships: closed(belongs) }),
});
