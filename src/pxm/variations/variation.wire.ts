import { Prisma, type PxmVariation, type PxmVariationModifier, type PxmVariationOption } from '../../generated/prisma/client';
import { arrayOf, closed, dateTime, integer, oneOfStrings, string, uuid, type JsonSchema } from '../../common/openapi/json-schema';
import { col, computed, constant, field, nested, when, wireFormat, type WireMember } from '../../common/wire/wire-format';
import { pxmTimes } from '../hierarchies/hierarchy.wire';

/** The modifiers a build applies to a child product. */
export const MODIFIER_TYPES = [
  'name_equals', 'name_append', 'name_prepend',
  'description_equals', 'description_append', 'description_prepend',
  'sku_equals', 'sku_append', 'sku_prepend', 'sku_builder',
  'slug_equals', 'slug_append', 'slug_prepend', 'slug_builder',
  'status', 'commodity_type', 'upc_ean_equals', 'mpn_equals', 'external_ref_equals',
] as const;
export type ModifierType = (typeof MODIFIER_TYPES)[number];

export type VariationRow = PxmVariation & { options: PxmVariationOption[] };

/** A member left out while its column is NULL. */
function unlessNull<Row, K extends string, F extends keyof Row & string>(key: K, rowField: F, column: string, schema: JsonSchema): WireMember<Row, void, K, Row[F] | undefined> {
  return when(field<Row, void, K, F>(key, rowField, schema), (r) => r[rowField] !== null, (t) => Prisma.sql`${col(t, column)} IS NOT NULL`);
}

const optionSummary = closed({ id: uuid(), name: string(), description: string(), sort_order: integer(), created_at: dateTime(), updated_at: dateTime() }, ['sort_order']);

const optionSummaryOf = (o: PxmVariationOption) => ({
  id: o.id,
  name: o.name,
  description: o.description,
  ...(o.sortOrder !== null ? { sort_order: o.sortOrder } : {}),
  created_at: o.createdAt.toISOString(),
  updated_at: o.updatedAt.toISOString(),
});

/** A variation as `/pcm/variations` answers it, with its options in `meta.options`. */
export const VARIATION_WIRE = wireFormat<VariationRow>()([
  field('id', 'id', uuid(), { filter: ['eq', 'in'] }),
  constant('type', 'product-variation'),
  nested('attributes', wireFormat<VariationRow>()([field('name', 'name', string()), unlessNull('sort_order', 'sortOrder', 'sort_order', integer())])),
  nested(
    'meta',
    wireFormat<VariationRow>()([
      ...pxmTimes<VariationRow, void>(),
      constant('owner', 'store'),
      computed(
        'options',
        (r) => r.options.map(optionSummaryOf),
        (t) => Prisma.sql`(SELECT COALESCE(json_agg(json_strip_nulls(json_build_object('id', o.id, 'name', o.name, 'description', o.description, 'sort_order', o.sort_order,
          'created_at', to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updated_at', to_char(o.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) ORDER BY o.created_at, o.id), '[]'::json)::text
          FROM pxm_variation_options o WHERE o.variation_id = ${col(t, 'id')})`,
        arrayOf(optionSummary),
      ),
    ]),
  ),
]);

/** An option as `/pcm/variations/:id/options` answers it. */
export const OPTION_WIRE = wireFormat<PxmVariationOption>()([
  field('id', 'id', uuid(), { filter: ['eq', 'in'] }),
  constant('type', 'product-variation-option'),
  nested(
    'attributes',
    wireFormat<PxmVariationOption>()([field('name', 'name', string()), field('description', 'description', string()), unlessNull('sort_order', 'sortOrder', 'sort_order', integer())]),
  ),
  nested('meta', wireFormat<PxmVariationOption>()([...pxmTimes<PxmVariationOption, void>(), constant('owner', 'store')])),
]);

/** A modifier as `…/options/:optionId/modifiers` answers it: `value`, or `seek` and `set` for the builders. */
export const MODIFIER_WIRE = wireFormat<PxmVariationModifier>()([
  field('id', 'id', uuid(), { filter: ['eq', 'in'] }),
  constant('type', 'product-variation-modifier'),
  nested(
    'attributes',
    wireFormat<PxmVariationModifier>()([
      field('type', 'type', oneOfStrings(MODIFIER_TYPES)),
      unlessNull('value', 'value', 'value', string()),
      unlessNull('seek', 'seek', 'seek', string()),
      unlessNull('set', 'set', 'set', string()),
      unlessNull('reference_name', 'referenceName', 'reference_name', string()),
    ]),
  ),
  nested('meta', wireFormat<PxmVariationModifier>()([constant('owner', 'store')])),
]);
