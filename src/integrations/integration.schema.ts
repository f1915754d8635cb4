import { arrayOf, boolean, closed, constant, dataRequest, dateTime, integer, nullable, number, oneOfStrings, open, ref, string, uuid } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import { toOne, WIRE } from '../common/openapi/wire-schemas';
import { JOB_STATUSES } from './delivery/job-status';

const configuration = open({
  url: string({ format: 'uri' }),
  secret_key: nullable(string({ writeOnly: true })),
  max_concurrency: nullable(integer({ minimum: 1 })),
  rate_limit_per_second: nullable(number({ exclusiveMinimum: 0 })),
});
const writable = {
  type: constant('integration'),
  name: string(),
  description: string(),
  enabled: boolean(),
  integration_type: constant('webhook'),
  observes: arrayOf(string({ example: 'order.created' })),
  configuration,
};
const belongs = { integration: toOne('integration') };
const window = { since: dateTime(), until: dateTime() };

export const INTEGRATION_SCHEMAS = defineSchemas({
  Integration: closed({
    id: uuid(),
    type: constant('integration'),
    integration_type: string(),
    name: string(),
    description: string(),
    enabled: boolean(),
    configuration: closed(
      {
        url: string(),
        max_concurrency: integer(),
        rate_limit_per_second: number(),
        signing_secret: string({ description: 'Only in the answer that generated it' }),
      },
      ['max_concurrency', 'rate_limit_per_second', 'signing_secret'],
    ),
    observes: arrayOf(string()),
    links: ref(WIRE.SelfLink),
    meta: closed({ timestamps: ref(WIRE.Timestamps) }),
  }),
  DeletedIntegration: closed({ type: constant('integration'), id: uuid() }),
  IntegrationLog: closed(
    {
      id: uuid(),
      type: constant('integration-log'),
      succeeded: boolean(),
      attempt: integer(),
      processing_time: number(),
      body: string(),
      status_code: integer({ description: "The receiver's HTTP status; absent when it never answered (`error_detail` says why)" }),
      error_detail: string(),
      error_class: nullable(string()),
      relationships: closed({ ...belongs, job: toOne('integration-job') }),
      meta: closed({ timestamps: closed({ created_at: dateTime() }) }),
    },
    ['status_code'],
  ),
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
  IntegrationJob: closed(
    {
      id: uuid(),
      type: constant('integration-job'),
      status: oneOfStrings(JOB_STATUSES),
      attempts: integer(),
      triggered_by: string({ description: 'The event name' }),
      next_attempt_at: nullable(dateTime()),
      last_status_code: nullable(integer()),
      last_error: nullable(string()),
      succeeded_at: nullable(dateTime()),
      relationships: closed({ ...belongs, event: toOne('event') }),
      meta: closed({ timestamps: ref(WIRE.Timestamps) }),
    },
    ['triggered_by'],
  ),
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
  CreateIntegrationRequest: dataRequest(open(writable, ['type', 'name', 'observes', 'configuration'])),
  UpdateIntegrationRequest: dataRequest(open(writable, ['type'])),
  RecoverJobsRequest: dataRequest(open({ since: string({ description: 'A date (ISO 8601, YYYY-MM-DD or epoch milliseconds)' }), until: string() }, ['since'])),
});
