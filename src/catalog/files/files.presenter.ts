import { timestamps } from '../../common/http/timestamps';
import type { File } from '../../generated/prisma/client';
import { apiLink } from '../../common/http/request-context';

export function presentFile(row: File) {
  const meta: Record<string, unknown> = {};
  if (row.width !== null && row.height !== null) meta.dimensions = { width: row.width, height: row.height };
  meta.timestamps = timestamps(row);
  return {
    type: 'file',
    id: row.id,
    file_name: row.fileName,
    mime_type: row.mimeType,
    file_size: row.fileSize,
    public: row.public,
    link: { href: row.storageKey ? apiLink(`/files/${row.id}/content`) : (row.location ?? '') },
    meta,
    links: { self: apiLink(`/files/${row.id}`) },
  };
}

export type PresentedFile = ReturnType<typeof presentFile>;

const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  mp4: 'video/mp4',
};

/** A MIME type from a file name's extension, or '' when unknown. */
export function guessMimeType(name: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(name.split(/[?#]/)[0])?.[1]?.toLowerCase();
  return (ext && MIME_BY_EXT[ext]) ?? '';
}
