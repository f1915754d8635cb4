import { Prisma, type Integration, type IntegrationJob, type IntegrationLog } from '../generated/prisma/client';
import { arrayOf, boolean, closed, dateTime, integer, nullable, number, oneOfStrings, string, uuid } from '../common/openapi/json-schema';
import { toOne } from '../common/openapi/wire-schemas';
import { col, computed, constant, field, isoTimeSql, nested, selfLinkMember, sqlString, timestampsMember, when, wireFormat, type WireMember, COMPARISONS, type LinkContext } from '../common/wire/wire-format';
import { isWaiting, JOB_STATUSES, WAITING_JOB_STATUSES } from './delivery/job-status';

/** A member shown when its column is not NULL, left out when it is. */
function whenSet<Row, Ctx, K extends string, V>(member: WireMember<Row, Ctx, K, V>, column: string) {
  return when(
    member,
    (row: Row) => member.value(row, undefined as Ctx) !== null,
    (t) => Prisma.sql`${col(t, column)} IS NOT NULL`,
  ) as WireMember<Row, Ctx, K, Exclude<V, null> | undefined>;
}

/** `{"data":{"type":…,"id":…}}` from a uuid column. */
function linkTo<Row, K extends string>(key: K, type: string, column: string, pick: (row: Row) => string): WireMember<Row, unknown, K, { data: { type: string; id: string } }> {
  return computed(
    key,
    (row: Row) => ({ data: { type, id: pick(row) } }),
    (t) => Prisma.sql`${sqlString(`{"data":{"type":${JSON.stringify(type)},"id":"`)} || ${col(t, column)}::text || '"}}'`,
    toOne(type),
  );
}

const CONFIGURATION = wireFormat<Integration, LinkContext>()([
  field('url', 'url', string()),
  whenSet(field<Integration, LinkContext, 'max_concurrency', 'maxConcurrency'>('max_concurrency', 'maxConcurrency', integer()), 'max_concurrency'),
  whenSet(field<Integration, LinkContext, 'rate_limit_per_second', 'rateLimitPerSecond'>('rate_limit_per_second', 'rateLimitPerSecond', number()), 'rate_limit_per_second'),
  // Never read from the row: the service adds it to the one answer that generated it.
  computed('signing_secret', (): string | undefined => undefined, () => Prisma.sql`NULL`, string({ description: 'Only in the answer that generated it' }), { optional: true }),
]);

/** An integration as the API shows it: `secret_key` and the signing secret never leave through here. */
export const INTEGRATION_WIRE = wireFormat<Integration, LinkContext>()([
  field('id', 'id', uuid(), { filter: [...COMPARISONS, 'in'], sortable: true }),
  constant('type', 'integration'),
  field('integration_type', 'integrationType', string()),
  field('name', 'name', string(), { filter: ['eq', 'like'], sortable: true }),
  field('description', 'description', string()),
  field('enabled', 'enabled', boolean(), { filter: ['eq'] }),
  nested('configuration', CONFIGURATION),
  field('observes', 'observes', arrayOf(string())),
  selfLinkMember('integrations'),
  nested('meta', wireFormat<Integration, LinkContext>()([timestampsMember()])),
]);

/** One delivery attempt. */
export const INTEGRATION_LOG_WIRE = wireFormat<IntegrationLog>()([
  field('id', 'id', uuid(), { filter: ['eq'] }),
  constant('type', 'integration-log'),
  field('succeeded', 'succeeded', boolean(), { filter: ['eq'] }),
  field('attempt', 'attempt', integer()),
  field('processing_time', 'processingTime', number()),
  field('body', 'body', string()),
  // Left out when the receiver never answered (refused, timed out, not HTTP): the reason is in error_detail.
  whenSet(
    field<IntegrationLog, void, 'status_code', 'statusCode'>('status_code', 'statusCode', integer({ description: "The receiver's HTTP status; absent when it never answered (`error_detail` says why)" })),
    'status_code',
  ),
  field('error_detail', 'errorDetail', string()),
  field('error_class', 'errorClass', string(), { nullable: true }),
  nested(
    'relationships',
    wireFormat<IntegrationLog>()([
      linkTo('integration', 'integration', 'integration_id', (row: IntegrationLog) => row.integrationId),
      linkTo('job', 'integration-job', 'job_id', (row: IntegrationLog) => row.jobId),
    ]),
  ),
  nested(
    'meta',
    wireFormat<IntegrationLog>()([
      nested('timestamps', wireFormat<IntegrationLog>()([computed('created_at', (row) => row.createdAt.toISOString(), (t) => isoTimeSql(col(t, 'created_at')), dateTime())])),
    ]),
  ),
]);

/** A job with the name of the event it delivers, when read with it. */
export type IntegrationJobRow = IntegrationJob & { event?: { name: string } | null };

/** A nullable timestamp column as RFC 3339 text, or `null`. */
const nullableTimeSql = (t: Prisma.Sql, column: string) => Prisma.sql`COALESCE(${isoTimeSql(col(t, column))}, 'null')`;

/** One delivery job: an event on its way to an integration. */
export const INTEGRATION_JOB_WIRE = wireFormat<IntegrationJobRow>()([
  field('id', 'id', uuid(), { filter: ['eq'] }),
  constant('type', 'integration-job'),
  field('status', 'status', oneOfStrings(JOB_STATUSES), { filter: ['eq', 'in'] }),
  field('attempts', 'attempts', integer()),
  computed(
    'triggered_by',
    (row) => row.event?.name,
    (t) => Prisma.sql`(SELECT to_json(e.name)::text FROM outbox_events e WHERE e.id = ${col(t, 'event_id')})`,
    string({ description: 'The event name' }),
    { optional: true },
  ),
  computed(
    'next_attempt_at',
    (row) => (isWaiting(row.status) ? row.nextAttemptAt.toISOString() : null),
    (t) => Prisma.sql`CASE WHEN ${col(t, 'status')} IN (${Prisma.join(WAITING_JOB_STATUSES.map((s) => sqlString(s)))}) THEN ${isoTimeSql(col(t, 'next_attempt_at'))} ELSE 'null' END`,
    nullable(dateTime()),
  ),
  field('last_status_code', 'lastStatusCode', integer(), { nullable: true }),
  field('last_error', 'lastError', string(), { nullable: true }),
  computed('succeeded_at', (row) => row.succeededAt?.toISOString() ?? null, (t) => nullableTimeSql(t, 'succeeded_at'), nullable(dateTime())),
  nested(
    'relationships',
    wireFormat<IntegrationJobRow>()([
      linkTo('integration', 'integration', 'integration_id', (row: IntegrationJobRow) => row.integrationId),
      linkTo('event', 'event', 'event_id', (row: IntegrationJobRow) => row.eventId),
    ]),
  ),
  nested('meta', wireFormat<IntegrationJobRow>()([timestampsMember()])),
]);
