import { Prisma, type File } from '../../generated/prisma/client';
import { boolean, closed, integer, ref, string, uuid } from '../../common/openapi/json-schema';
import { WIRE } from '../../common/openapi/wire-schemas';
import { col, computed, constant, field, nested, timestampsMember, when, wireFormat } from '../../common/wire/wire-format';

/** Links are absolute: `linkBase` is the origin the request came in on (or PUBLIC_BASE_URL). */
export interface FileWireContext {
  linkBase: string;
}

const contentLink = (ctx: FileWireContext, id: string) => `${ctx.linkBase}/v2/files/${id}/content`;
const selfLink = (ctx: FileWireContext, id: string) => `${ctx.linkBase}/v2/files/${id}`;
const linkSql = (t: Prisma.Sql, ctx: FileWireContext, tail: string) => Prisma.sql`to_json(${ctx.linkBase}::text || '/v2/files/' || ${col(t, 'id')}::text || ${tail}::text)::text`;

const META = wireFormat<File, FileWireContext>()([
  when(
    computed(
      'dimensions',
      (row) => ({ width: row.width, height: row.height }),
      (t) => Prisma.sql`'{"width":' || ${col(t, 'width')}::text || ',"height":' || ${col(t, 'height')}::text || '}'`,
      closed({ width: integer(), height: integer() }),
    ),
    (row) => row.width !== null && row.height !== null,
    (t) => Prisma.sql`${col(t, 'width')} IS NOT NULL AND ${col(t, 'height')} IS NOT NULL`,
  ),
  timestampsMember(),
]);

const ORDERED = ['gt', 'ge', 'lt', 'le'] as const;

/**
 * A file is stored here (its content served under /v2/files/{id}/content) or is a link to elsewhere. Its OpenAPI
 * schema (`File`), `PresentedFile` and the list's filters and sorts (FILES_SPEC) come from here.
 */
export const FILE_WIRE = wireFormat<File, FileWireContext>()([
  constant('type', 'file'),
  field('id', 'id', uuid(), { filter: ['eq', ...ORDERED, 'in'], sortable: true }),
  field('file_name', 'fileName', string(), { filter: ['eq', 'like'], sortable: true }),
  field('mime_type', 'mimeType', string()),
  field('file_size', 'fileSize', integer({ minimum: 0 }), { filter: [...ORDERED], sortable: true }),
  field('public', 'public', boolean(), { filter: ['eq'] }),
  computed(
    'link',
    (row, ctx) => ({ href: row.storageKey ? contentLink(ctx, row.id) : (row.location ?? '') }),
    (t, ctx) =>
      Prisma.sql`'{"href":' || CASE WHEN ${col(t, 'storage_key')} IS NOT NULL THEN ${linkSql(t, ctx, '/content')}
        ELSE to_json(COALESCE(${col(t, 'location')}, ''))::text END || '}'`,
    closed({ href: string({ description: 'Where the content is: /v2/files/{id}/content for an upload, the given URL for a linked file' }) }),
  ),
  nested('meta', META),
  computed(
    'links',
    (row, ctx) => ({ self: selfLink(ctx, row.id) }),
    (t, ctx) => Prisma.sql`'{"self":' || ${linkSql(t, ctx, '')} || '}'`,
    ref(WIRE.SelfLink),
  ),
]);
