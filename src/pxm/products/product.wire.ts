import { Prisma, type PxmProduct } from '../../generated/prisma/client';
import { arrayOf, closed, nullable, oneOfStrings, string, uuid, type JsonSchema } from '../../common/openapi/json-schema';
import { col, computed, constant, field, nested, when, wireFormat, type WireMember } from '../../common/wire/wire-format';
import { customAttributesSchema, optionalJson } from '../attributes';
import { pxmTimes } from '../hierarchies/hierarchy.wire';
import { PcmWireContext, pcmLink, pcmLinkSql } from '../pcm-links';

/** A product with the ids of its files, in the order they were attached. */
export type ProductRow = PxmProduct & { files: { fileId: string }[] };

export const PRODUCT_STATUSES = ['draft', 'live'] as const;
export const COMMODITY_TYPES = ['physical', 'digital'] as const;
/** Standalone products only, until variations and bundles add `parent`, `child` and `bundle`. */
export const PRODUCT_TYPES = ['standard'] as const;

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
]);

const META = wireFormat<ProductRow, PcmWireContext>()([
  ...pxmTimes<ProductRow, PcmWireContext>(),
  constant('owner', 'store'),
  computed('product_types', () => [...PRODUCT_TYPES], () => Prisma.sql`'["standard"]'`, arrayOf(oneOfStrings(['parent', 'child', 'bundle', 'standard']), { minItems: 1 })),
]);

/** A product as `/pcm/products` answers it. */
export const PRODUCT_WIRE = wireFormat<ProductRow, PcmWireContext>()([
  field('id', 'id', uuid()),
  constant('type', 'product'),
  nested('attributes', ATTRIBUTES),
  nested('relationships', RELATIONSHIPS),
  nested('meta', META),
]);
