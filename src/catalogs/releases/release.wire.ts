import { Prisma, type CatalogRelease } from '../../generated/prisma/client';
import { arrayOf, boolean, closed, dateTime, integer, nullable, oneOfStrings, string, uuid } from '../../common/openapi/json-schema';
import { col, computed, constant, field, isoTimeSql, jsonColumn, nested, scalar, when, wireFormat, type LinkContext } from '../../common/wire/wire-format';
import { pxmTimes } from '../../pxm/hierarchies/hierarchy.wire';
import { catalogsLink } from '../catalog.wire';
import { RELEASE_LIFECYCLE } from './release-lifecycle';

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const isoOrNullSql = (t: Prisma.Sql, column: string) => Prisma.sql`COALESCE(${isoTimeSql(col(t, column))}, 'null')`;
const releaseLinkSql = (ctx: LinkContext, t: Prisma.Sql, tail: string) =>
  Prisma.sql`to_json(${ctx.linkBase}::text || '/catalogs/' || ${col(t, 'catalog_id')}::text || '/releases/' || ${col(t, 'id')}::text || ${tail}::text)::text`;
const relatedSchema = closed({ links: closed({ related: string({ format: 'uri' }) }) });

const ATTRIBUTES = wireFormat<CatalogRelease, LinkContext>()([
  field('name', 'name', string()),
  field('description', 'description', string()),
  field('catalog_id', 'catalogId', uuid()),
  jsonColumn<CatalogRelease, LinkContext, 'hierarchies', unknown>('hierarchies', 'hierarchies', (r) => r.hierarchies, arrayOf(closed({ id: uuid(), name: string(), label: string() }, ['name', 'label']))),
  computed('published_at', (r) => isoOrNull(r.publishedAt), (t) => isoOrNullSql(t, 'published_at'), nullable(dateTime())),
]);

const META = wireFormat<CatalogRelease, LinkContext>()([
  pxmTimes<CatalogRelease, LinkContext>()[0],
  computed('started_at', (r) => isoOrNull(r.startedAt), (t) => isoOrNullSql(t, 'started_at'), nullable(dateTime())),
  pxmTimes<CatalogRelease, LinkContext>()[1],
  field('release_status', 'status', oneOfStrings(RELEASE_LIFECYCLE.states)),
  when(
    field<CatalogRelease, LinkContext, 'failure_reason', 'failureReason'>('failure_reason', 'failureReason', string()),
    (r) => r.failureReason !== null,
    (t) => Prisma.sql`${col(t, 'failure_reason')} IS NOT NULL`,
  ),
  field('is_full_publish', 'isFullPublish', boolean()),
  field('is_full_delta', 'isFullDelta', boolean()),
  scalar<CatalogRelease, LinkContext, 'total_products', number | null>('total_products', 'total_products', (r) => r.totalProducts, { nullable: true, schema: integer({ minimum: 0 }) }),
  scalar<CatalogRelease, LinkContext, 'total_nodes', number | null>('total_nodes', 'total_nodes', (r) => r.totalNodes, { nullable: true, schema: integer({ minimum: 0 }) }),
  field('percent_completed', 'percentCompleted', integer({ minimum: 0, maximum: 100 })),
  constant('owner', 'store'),
]);

/** A catalog release as `/catalogs/:id/releases` and `/pcm/catalogs/:id/releases` answer it. */
export const RELEASE_WIRE = wireFormat<CatalogRelease, LinkContext>()([
  field('id', 'id', uuid()),
  constant('type', 'catalog-release'),
  nested('attributes', ATTRIBUTES),
  computed(
    'relationships',
    (r, ctx) => ({
      hierarchies: { links: { related: catalogsLink(ctx, `/${r.catalogId}/releases/${r.id}/hierarchies`) } },
      products: { links: { related: catalogsLink(ctx, `/${r.catalogId}/releases/${r.id}/products`) } },
    }),
    (t, ctx) =>
      Prisma.sql`'{"hierarchies":{"links":{"related":' || ${releaseLinkSql(ctx, t, '/hierarchies')} || '}},"products":{"links":{"related":' || ${releaseLinkSql(ctx, t, '/products')} || '}}}'`,
    closed({ hierarchies: relatedSchema, products: relatedSchema }),
  ),
  nested('meta', META),
  computed(
    'links',
    (r, ctx) => ({ self: catalogsLink(ctx, `/${r.catalogId}/releases/${r.id}`) }),
    (t, ctx) => Prisma.sql`'{"self":' || ${releaseLinkSql(ctx, t, '')} || '}'`,
    closed({ self: string({ format: 'uri' }) }),
  ),
]);
