import { Prisma, type PxmProduct } from '../../generated/prisma/client';
import { arrayOf, closed, nullable, oneOfStrings, string, uuid, type JsonSchema } from '../../common/openapi/json-schema';
import { col, computed, constant, field, nested, relationshipTo, when, wireFormat, type WireMember } from '../../common/wire/wire-format';
import { customAttributesSchema, optionalJson } from '../attributes';
import { pxmTimes } from '../hierarchies/hierarchy.wire';
import { PcmWireContext, pcmLink, pcmLinkSql } from '../pcm-links';
import { componentsSchema } from './components';

/** A variation attached to a product, with its options, as a parent product's `meta.variations` shows it. */
export interface AttachedVariation {
  variation: { id: string; name: string; options: { id: string; name: string; description: string }[] };
}

/** A product with the ids of its files, in the order they were attached, and its variations. */
export type ProductRow = PxmProduct & { files: { fileId: string }[]; variations: AttachedVariation[] };

export const PRODUCT_STATUSES = ['draft', 'live'] as const;
export const COMMODITY_TYPES = ['physical', 'digital'] as const;
/** `parent`: variations are attached; `child`: built from a parent; `bundle`: it has components; `standard`: none of these. */
export const PRODUCT_TYPES = ['standard', 'parent', 'child', 'bundle'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export function productType(row: Pick<ProductRow, 'parentId' | 'variations' | 'components'>): ProductType {
  if (row.parentId !== null) return 'child';
  if (row.variations.length > 0) return 'parent';
  return row.components !== null ? 'bundle' : 'standard';
}

const hasVariationsSql = (t: Prisma.Sql) => Prisma.sql`EXISTS (SELECT 1 FROM pxm_product_variations pv WHERE pv.product_id = ${col(t, 'id')})`;

/** `extensions`: template slug → field → string, integer, boolean or null. */
export const extensionsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: { type: 'object', additionalProperties: { type: ['string', 'integer', 'boolean', 'null'] } },
};
/** A product's `locales`: each locale names the product and may describe it. */
export const productLocalesSchema: JsonSchema = {
  type: 'object',
  additionalProperties: closed({ name: string(), description: string() }, ['description']),
};

/** A text member left out while its column is NULL. */
function optionalText<K extends string>(key: K, rowField: 'sku' | 'upcEan' | 'mpn' | 'externalRef', column: string): WireMember<ProductRow, PcmWireContext, K, string | null | undefined> {
  return when(field<ProductRow, PcmWireContext, K, typeof rowField>(key, rowField, string()), (r) => r[rowField] !== null, (t) => Prisma.sql`${col(t, column)} IS NOT NULL`);
}

const ATTRIBUTES = wireFormat<ProductRow, PcmWireContext>()([
  field('name', 'name', string()),
  field('description', 'description', string()),
  field('slug', 'slug', string()),
  optionalText('sku', 'sku', 'sku'),
  field('status', 'status', oneOfStrings(PRODUCT_STATUSES)),
  field('commodity_type', 'commodityType', oneOfStrings(COMMODITY_TYPES)),
  optionalText('upc_ean', 'upcEan', 'upc_ean'),
  optionalText('mpn', 'mpn', 'mpn'),
  optionalText('external_ref', 'externalRef', 'external_ref'),
  when(
    computed<ProductRow, PcmWireContext, 'tags', string[]>('tags', (r) => r.tags, (t) => Prisma.sql`to_json(${col(t, 'tags')})::text`, arrayOf(string(), { maxItems: 20 })),
    (r) => r.tags.length > 0,
    (t) => Prisma.sql`cardinality(${col(t, 'tags')}) > 0`,
  ),
  optionalJson('extensions', 'extensions', (r: ProductRow) => r.extensions, extensionsSchema),
  optionalJson('admin_attributes', 'admin_attributes', (r: ProductRow) => r.adminAttributes, customAttributesSchema),
  optionalJson('shopper_attributes', 'shopper_attributes', (r: ProductRow) => r.shopperAttributes, customAttributesSchema),
  optionalJson('locales', 'locales', (r: ProductRow) => r.locales, productLocalesSchema),
  optionalJson('components', 'components', (r: ProductRow) => r.components, componentsSchema),
]);

const fileRef = closed({ type: { type: 'string', enum: ['file'] }, id: uuid() });

const RELATIONSHIPS = wireFormat<ProductRow, PcmWireContext>()([
  computed(
    'files',
    (row, ctx) => ({ data: row.files.map((f) => ({ type: 'file' as const, id: f.fileId })), links: { self: pcmLink(ctx, `/products/${row.id}/relationships/files`) } }),
    (t, ctx) =>
      Prisma.sql`'{"data":' || (SELECT COALESCE(json_agg(json_build_object('type', 'file', 'id', f.file_id) ORDER BY f.created_at, f.file_id), '[]'::json)::text
        FROM pxm_product_files f WHERE f.product_id = ${col(t, 'id')}) || ',"links":{"self":' || ${pcmLinkSql(ctx, ['/products/', Prisma.sql`${col(t, 'id')}`, '/relationships/files'])} || '}}'`,
    closed({ data: arrayOf(fileRef), links: closed({ self: string({ format: 'uri' }) }) }),
  ),
  computed(
    'main_image',
    (row) => ({ data: row.mainImageId ? { type: 'file' as const, id: row.mainImageId } : null }),
    (t) => Prisma.sql`CASE WHEN ${col(t, 'main_image_id')} IS NULL THEN '{"data":null}' ELSE '{"data":{"type":"file","id":"' || ${col(t, 'main_image_id')}::text || '"}}' END`,
    closed({ data: nullable(fileRef) }),
  ),
  relationshipTo<ProductRow, PcmWireContext, 'base_product'>('base_product', 'product', 'parent_id', (r) => r.parentId),
]);

const variationOptionSchema = closed({ id: uuid(), name: string(), description: string() });
/** A child's variation and the option it was built with. */
export const childVariationSchema = closed({ id: uuid(), name: string(), option: variationOptionSchema });

const META = wireFormat<ProductRow, PcmWireContext>()([
  ...pxmTimes<ProductRow, PcmWireContext>(),
  constant('owner', 'store'),
  computed(
    'product_types',
    (r) => [productType(r)],
    (t) => Prisma.sql`CASE WHEN ${col(t, 'parent_id')} IS NOT NULL THEN '["child"]' WHEN ${hasVariationsSql(t)} THEN '["parent"]' WHEN ${col(t, 'components')} IS NOT NULL THEN '["bundle"]' ELSE '["standard"]' END`,
    arrayOf(oneOfStrings(['parent', 'child', 'bundle', 'standard']), { minItems: 1 }),
  ),
  when(
    computed<ProductRow, PcmWireContext, 'variations', AttachedVariation['variation'][]>(
      'variations',
      (r) => r.variations.map((v) => v.variation),
      (t) => Prisma.sql`(SELECT json_agg(json_build_object('id', v.id, 'name', v.name, 'options',
        (SELECT COALESCE(json_agg(json_build_object('id', o.id, 'name', o.name, 'description', o.description) ORDER BY o.created_at, o.id), '[]'::json) FROM pxm_variation_options o WHERE o.variation_id = v.id))
        ORDER BY pv.created_at, pv.variation_id)::text FROM pxm_product_variations pv JOIN pxm_variations v ON v.id = pv.variation_id WHERE pv.product_id = ${col(t, 'id')})`,
      arrayOf(closed({ id: uuid(), name: string(), options: arrayOf(variationOptionSchema) })),
    ),
    (r) => r.variations.length > 0,
    (t) => hasVariationsSql(t),
  ),
  when(
    computed<ProductRow, PcmWireContext, 'child_variations', unknown>('child_variations', (r) => r.childVariations, (t) => Prisma.sql`${col(t, 'child_variations')}::text`, arrayOf(childVariationSchema)),
    (r) => r.childVariations !== null,
    (t) => Prisma.sql`${col(t, 'child_variations')} IS NOT NULL`,
  ),
]);

/** A product as `/pcm/products` answers it. */
export const PRODUCT_WIRE = wireFormat<ProductRow, PcmWireContext>()([
  field('id', 'id', uuid()),
  constant('type', 'product'),
  nested('attributes', ATTRIBUTES),
  nested('relationships', RELATIONSHIPS),
  nested('meta', META),
]);
