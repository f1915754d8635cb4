import { Prisma, type Catalog } from '../generated/prisma/client';
import { arrayOf, boolean, closed, integer, string, uuid } from '../common/openapi/json-schema';
import { col, computed, constant, field, jsonColumn, nested, scalar, when, wireFormat, type LinkContext } from '../common/wire/wire-format';
import { localesSchema } from '../pxm/attributes';
import { pxmTimes } from '../pxm/hierarchies/hierarchy.wire';
import { prioritizedPricebooksSchema } from './prioritized-pricebooks';

/** A catalog with the number of its releases (`relationships.releases.meta.count`). */
export type CatalogRow = Catalog & { releaseCount: number };

/** `/catalogs/...` from the request's origin: the spelling Elastic Path's catalog API documents. */
export const catalogsLink = (ctx: LinkContext, path: string) => `${ctx.linkBase}/catalogs${path}`;

const linkSql = (ctx: LinkContext, t: Prisma.Sql, before: string, after: string) =>
  Prisma.sql`to_json(${ctx.linkBase}::text || ${`/catalogs${before}`}::text || ${col(t, 'id')}::text || ${after}::text)::text`;

const ATTRIBUTES = wireFormat<CatalogRow, LinkContext>()([
  field('name', 'name', string()),
  field('description', 'description', string()),
  scalar<CatalogRow, LinkContext, 'hierarchy_ids', string[]>('hierarchy_ids', 'hierarchy_ids', (r) => r.hierarchyIds, { schema: arrayOf(uuid()) }),
  when(
    field<CatalogRow, LinkContext, 'pricebook_id', 'pricebookId'>('pricebook_id', 'pricebookId', uuid()),
    (r) => r.pricebookId !== null,
    (t) => Prisma.sql`${col(t, 'pricebook_id')} IS NOT NULL`,
  ),
  when(
    jsonColumn<CatalogRow, LinkContext, 'pricebook_ids', unknown>('pricebook_ids', 'pricebook_ids', (r) => r.pricebookIds, prioritizedPricebooksSchema),
    (r) => r.pricebookIds !== null,
    (t) => Prisma.sql`${col(t, 'pricebook_ids')} IS NOT NULL`,
  ),
  when(
    jsonColumn<CatalogRow, LinkContext, 'locales', unknown>('locales', 'locales', (r) => r.locales, localesSchema),
    (r) => r.locales !== null,
    (t) => Prisma.sql`${col(t, 'locales')} IS NOT NULL`,
  ),
  field('enable_price_segmentation', 'enablePriceSegmentation', boolean()),
  constant('owner', 'store'),
  ...pxmTimes<CatalogRow, LinkContext>(),
]);

const relatedSchema = closed({ related: string({ format: 'uri' }) });

/** A catalog as `/catalogs` and `/pcm/catalogs` answer it. */
export const CATALOG_WIRE = wireFormat<CatalogRow, LinkContext>()([
  field('id', 'id', uuid(), { filter: ['eq', 'in'] }),
  constant('type', 'catalog'),
  nested('attributes', ATTRIBUTES),
  computed(
    'relationships',
    (row, ctx) => ({
      rules: { links: { related: catalogsLink(ctx, `/rules?filter=eq(catalog_id,${row.id})`) } },
      releases: { links: { related: catalogsLink(ctx, `/${row.id}/releases`) }, meta: { count: row.releaseCount } },
    }),
    (t, ctx) =>
      Prisma.sql`'{"rules":{"links":{"related":' || ${linkSql(ctx, t, '/rules?filter=eq(catalog_id,', ')')} || '}},"releases":{"links":{"related":' || ${linkSql(ctx, t, '/', '/releases')} || '},"meta":{"count":' || (SELECT count(*) FROM catalog_releases r WHERE r.catalog_id = ${col(t, 'id')})::text || '}}}'`,
    closed({ rules: closed({ links: relatedSchema }), releases: closed({ links: relatedSchema, meta: closed({ count: integer({ minimum: 0 }) }) }) }),
  ),
  computed('links', (row, ctx) => ({ self: catalogsLink(ctx, `/${row.id}`) }), (t, ctx) => Prisma.sql`'{"self":' || ${linkSql(ctx, t, '/', '')} || '}'`, closed({ self: string({ format: 'uri' }) })),
]);
