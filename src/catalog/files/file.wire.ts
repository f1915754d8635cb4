import { Prisma, type File } from '../../generated/prisma/client';
import { col, computed, constant, nested, scalar, timestampsMember, when, WireFormat } from '../../common/wire/wire-format';

/** Links are absolute: `linkBase` is the origin the request came in on (or PUBLIC_BASE_URL). */
export interface FileWireContext {
  linkBase: string;
}

const contentLink = (ctx: FileWireContext, id: string) => `${ctx.linkBase}/v2/files/${id}/content`;
const selfLink = (ctx: FileWireContext, id: string) => `${ctx.linkBase}/v2/files/${id}`;
const linkSql = (t: Prisma.Sql, ctx: FileWireContext, tail: string) => Prisma.sql`to_json(${ctx.linkBase}::text || '/v2/files/' || ${col(t, 'id')}::text || ${tail}::text)::text`;

const META = new WireFormat<File, FileWireContext>([
  when(
    computed(
      'dimensions',
      (row) => ({ width: row.width, height: row.height }),
      (t) => Prisma.sql`'{"width":' || ${col(t, 'width')}::text || ',"height":' || ${col(t, 'height')}::text || '}'`,
    ),
    (row) => row.width !== null && row.height !== null,
    (t) => Prisma.sql`${col(t, 'width')} IS NOT NULL AND ${col(t, 'height')} IS NOT NULL`,
  ),
  timestampsMember(),
]);

/** A file is stored here (its content served under /v2/files/{id}/content) or is a link to elsewhere. */
export const FILE_WIRE = new WireFormat<File, FileWireContext>([
  constant('type', 'file'),
  scalar('id', 'id', (r) => r.id),
  scalar('file_name', 'file_name', (r) => r.fileName),
  scalar('mime_type', 'mime_type', (r) => r.mimeType),
  scalar('file_size', 'file_size', (r) => r.fileSize),
  scalar('public', 'public', (r) => r.public),
  computed(
    'link',
    (row, ctx) => ({ href: row.storageKey ? contentLink(ctx, row.id) : (row.location ?? '') }),
    (t, ctx) =>
      Prisma.sql`'{"href":' || CASE WHEN ${col(t, 'storage_key')} IS NOT NULL THEN ${linkSql(t, ctx, '/content')}
        ELSE to_json(COALESCE(${col(t, 'location')}, ''))::text END || '}'`,
  ),
  nested('meta', META),
  computed(
    'links',
    (row, ctx) => ({ self: selfLink(ctx, row.id) }),
    (t, ctx) => Prisma.sql`'{"self":' || ${linkSql(t, ctx, '')} || '}'`,
  ),
]);
