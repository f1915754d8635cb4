import { Prisma, type PxmHierarchy } from '../../generated/prisma/client';
import { arrayOf, closed, dateTime, string, uuid } from '../../common/openapi/json-schema';
import { col, computed, constant, field, isoTimeSql, nested, wireFormat } from '../../common/wire/wire-format';
import { customAttributesSchema, localesSchema, optionalJson } from '../attributes';
import { PcmWireContext, pcmLink, pcmLinkSql } from '../pcm-links';

const ATTRIBUTES = wireFormat<PxmHierarchy, PcmWireContext>()([
  field('name', 'name', string()),
  field('description', 'description', string()),
  field('slug', 'slug', string()),
  optionalJson('admin_attributes', 'admin_attributes', (r: PxmHierarchy) => r.adminAttributes, customAttributesSchema),
  optionalJson('shopper_attributes', 'shopper_attributes', (r: PxmHierarchy) => r.shopperAttributes, customAttributesSchema),
  optionalJson('locales', 'locales', (r: PxmHierarchy) => r.locales, localesSchema),
]);

/** `created_at` / `updated_at` as PXM writes them: members of `meta` itself. */
export function pxmTimes<Row extends { createdAt: Date; updatedAt: Date }, Ctx>() {
  return [
    computed<Row, Ctx, 'created_at', string>('created_at', (row) => row.createdAt.toISOString(), (t) => isoTimeSql(col(t, 'created_at')), dateTime()),
    computed<Row, Ctx, 'updated_at', string>('updated_at', (row) => row.updatedAt.toISOString(), (t) => isoTimeSql(col(t, 'updated_at')), dateTime()),
  ] as const;
}

export const breadcrumbSchema = closed({ id: uuid(), name: string(), slug: string() });

/** A hierarchy as `/pcm/hierarchies` answers it: its attributes, the link to its top-level nodes, `meta`. */
export const HIERARCHY_WIRE = wireFormat<PxmHierarchy, PcmWireContext>()([
  field('id', 'id', uuid(), { filter: ['eq', 'in', 'gt', 'ge', 'lt', 'le'] }),
  constant('type', 'hierarchy'),
  nested('attributes', ATTRIBUTES),
  computed(
    'relationships',
    (row, ctx) => ({ children: { data: [] as never[], links: { related: pcmLink(ctx, `/hierarchies/${row.id}/children`) } } }),
    (t, ctx) => Prisma.sql`'{"children":{"data":[],"links":{"related":' || ${pcmLinkSql(ctx, ['/hierarchies/', Prisma.sql`${col(t, 'id')}`, '/children'])} || '}}}'`,
    closed({ children: closed({ data: arrayOf({}, { maxItems: 0 }), links: closed({ related: string({ format: 'uri' }) }) }) }),
  ),
  nested('meta', wireFormat<PxmHierarchy, PcmWireContext>()([...pxmTimes<PxmHierarchy, PcmWireContext>(), constant('owner', 'store')])),
]);

