import { Prisma, type CatalogRule } from '../generated/prisma/client';
import { arrayOf, closed, dateTime, integer, nullable, string, uuid } from '../common/openapi/json-schema';
import { col, constant, field, jsonColumn, nested, scalar, when, wireFormat } from '../common/wire/wire-format';
import { pxmTimes } from '../pxm/hierarchies/hierarchy.wire';
import { prioritizedPricebooksSchema } from './prioritized-pricebooks';

type ListColumn = 'accountIds' | 'accountTagIds' | 'customerIds' | 'channels' | 'tags';

/** A list of the rule, left out when empty (as Elastic Path omits them). */
function listMember<K extends string>(key: K, rowField: ListColumn, column: string) {
  return when(
    scalar<CatalogRule, void, K, string[]>(key, column, (r) => r[rowField], { schema: arrayOf(string()) }),
    (r) => r[rowField].length > 0,
    (t) => Prisma.sql`cardinality(${col(t, column)}) > 0`,
  );
}

const scheduleSchema = closed({ valid_from: nullable(dateTime()), valid_to: nullable(dateTime()) }, ['valid_from', 'valid_to']);

const ATTRIBUTES = wireFormat<CatalogRule>()([
  field('name', 'name', string()),
  field('catalog_id', 'catalogId', uuid()),
  listMember('account_ids', 'accountIds', 'account_ids'),
  listMember('account_tag_ids', 'accountTagIds', 'account_tag_ids'),
  listMember('customer_ids', 'customerIds', 'customer_ids'),
  listMember('channels', 'channels', 'channels'),
  listMember('tags', 'tags', 'tags'),
  when(
    jsonColumn<CatalogRule, void, 'schedules', unknown>('schedules', 'schedules', (r) => r.schedules, arrayOf(scheduleSchema)),
    (r) => Array.isArray(r.schedules) && r.schedules.length > 0,
    (t) => Prisma.sql`jsonb_array_length(${col(t, 'schedules')}) > 0`,
  ),
  when(
    jsonColumn<CatalogRule, void, 'pricebook_ids', unknown>('pricebook_ids', 'pricebook_ids', (r) => r.pricebookIds, prioritizedPricebooksSchema),
    (r) => r.pricebookIds !== null,
    (t) => Prisma.sql`${col(t, 'pricebook_ids')} IS NOT NULL`,
  ),
  ...pxmTimes<CatalogRule, void>(),
]);

/** A catalog rule as `/catalogs/rules` answers it. */
export const RULE_WIRE = wireFormat<CatalogRule>()([
  field('id', 'id', uuid(), { filter: ['eq', 'in'] }),
  constant('type', 'catalog_rule'),
  nested('attributes', ATTRIBUTES),
]);

/** `meta` of a rule `POST /catalogs/rules/validate` answers; `similarity_score` only in a `similarity` answer. */
export const ruleMetaSchema = closed(
  {
    similarity_score: nullable(integer({ minimum: 1, description: 'How similar the rule is to the supplied one (match_type similarity): the points of the criteria they share' })),
    active: { type: 'boolean' },
    resolved_for_shopper: { type: 'boolean' },
    release_id: nullable(uuid()),
  },
  ['similarity_score'],
);

/** A rule as `validate` answers it: with `meta`. */
export function validatedRuleSchema() {
  const base = RULE_WIRE.schema() as { properties: Record<string, unknown>; required?: string[] };
  return { ...base, properties: { ...base.properties, meta: ruleMetaSchema }, required: [...(base.required ?? []), 'meta'] };
}
