import { Prisma, type PxmNode } from '../../generated/prisma/client';
import { arrayOf, closed, integer, string, uuid } from '../../common/openapi/json-schema';
import { col, computed, constant, field, jsonColumn, nested, scalar, when, wireFormat } from '../../common/wire/wire-format';
import { customAttributesSchema, localesSchema, optionalJson } from '../attributes';
import { PcmWireContext, pcmLink, pcmLinkSql } from '../pcm-links';
import { breadcrumbSchema, pxmTimes } from './hierarchy.wire';

export interface Breadcrumb {
  id: string;
  name: string;
  slug: string;
}

/** A node with what is read from its hierarchy: the path down to it and its parent's name. */
export type NodeRow = PxmNode & { breadcrumbs: Breadcrumb[]; parentName: string | null };

const ATTRIBUTES = wireFormat<NodeRow, PcmWireContext>()([
  field('name', 'name', string()),
  field('description', 'description', string()),
  field('slug', 'slug', string()),
  when(
    scalar<NodeRow, PcmWireContext, 'curated_products', string[]>('curated_products', 'curated_products', (r) => r.curatedProducts, { schema: arrayOf(uuid(), { maxItems: 20 }) }),
    (r) => r.curatedProducts.length > 0,
    (t) => Prisma.sql`cardinality(${col(t, 'curated_products')}) > 0`,
  ),
  optionalJson('admin_attributes', 'admin_attributes', (r: NodeRow) => r.adminAttributes, customAttributesSchema),
  optionalJson('shopper_attributes', 'shopper_attributes', (r: NodeRow) => r.shopperAttributes, customAttributesSchema),
  optionalJson('locales', 'locales', (r: NodeRow) => r.locales, localesSchema),
]);

const relatedSchema = (data: Record<string, unknown>) => closed({ data, links: closed({ related: string({ format: 'uri' }) }) });

const RELATIONSHIPS = wireFormat<NodeRow, PcmWireContext>()([
  computed(
    'children',
    (row, ctx) => ({ data: [] as never[], links: { related: pcmLink(ctx, `/hierarchies/${row.hierarchyId}/nodes/${row.id}/children`) } }),
    (t, ctx) => Prisma.sql`'{"data":[],"links":{"related":' || ${pcmLinkSql(ctx, ['/hierarchies/', Prisma.sql`${col(t, 'hierarchy_id')}`, '/nodes/', Prisma.sql`${col(t, 'id')}`, '/children'])} || '}}'`,
    relatedSchema(arrayOf({}, { maxItems: 0 })),
  ),
  when(
    computed(
      'parent',
      (row) => ({ data: { type: 'node' as const, id: row.parentId! } }),
      (t) => Prisma.sql`'{"data":{"type":"node","id":"' || ${col(t, 'parent_id')}::text || '"}}'`,
      closed({ data: closed({ type: { type: 'string', enum: ['node'] }, id: uuid() }) }),
    ),
    (row) => row.parentId !== null,
    (t) => Prisma.sql`${col(t, 'parent_id')} IS NOT NULL`,
  ),
  computed(
    'products',
    (row, ctx) => ({ data: [] as never[], links: { related: pcmLink(ctx, `/hierarchies/${row.hierarchyId}/nodes/${row.id}/products`) } }),
    (t, ctx) => Prisma.sql`'{"data":[],"links":{"related":' || ${pcmLinkSql(ctx, ['/hierarchies/', Prisma.sql`${col(t, 'hierarchy_id')}`, '/nodes/', Prisma.sql`${col(t, 'id')}`, '/products'])} || '}}'`,
    relatedSchema(arrayOf({}, { maxItems: 0 })),
  ),
]);

const META = wireFormat<NodeRow, PcmWireContext>()([
  when(
    scalar<NodeRow, PcmWireContext, 'sort_order', number | null>('sort_order', 'sort_order', (r) => r.sortOrder, { schema: integer() }),
    (r) => r.sortOrder !== null,
    (t) => Prisma.sql`${col(t, 'sort_order')} IS NOT NULL`,
  ),
  ...pxmTimes<NodeRow, PcmWireContext>(),
  when(
    scalar<NodeRow, PcmWireContext, 'parent_name', string | null>('parent_name', 'parent_name', (r) => r.parentName, { schema: string() }),
    (r) => r.parentName !== null,
    (t) => Prisma.sql`${col(t, 'parent_name')} IS NOT NULL`,
  ),
  constant('owner', 'store'),
  field('hierarchy_id', 'hierarchyId', uuid()),
  jsonColumn<NodeRow, PcmWireContext, 'breadcrumbs', Breadcrumb[]>('breadcrumbs', 'breadcrumbs', (r) => r.breadcrumbs, arrayOf(breadcrumbSchema)),
]);

/**
 * A node as `/pcm/hierarchies/:id/nodes` answers it. `meta.breadcrumbs` is the path from the hierarchy's top:
 * each ancestor node, then the node itself.
 */
export const NODE_WIRE = wireFormat<NodeRow, PcmWireContext>()([
  field('id', 'id', uuid(), { filter: ['eq', 'in', 'gt', 'ge', 'lt', 'le'] }),
  constant('type', 'node'),
  nested('attributes', ATTRIBUTES),
  nested('relationships', RELATIONSHIPS),
  nested('meta', META),
]);
