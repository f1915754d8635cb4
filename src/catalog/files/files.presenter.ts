import type { File } from '../../generated/prisma/client';
import { linkBase } from '../../common/http/request-context';
import type { Presented } from '../../common/wire/wire-format';
import { FILE_WIRE } from './file.wire';

/** A file as the API shows it (declared in file.wire.ts). */
export type PresentedFile = Presented<typeof FILE_WIRE>;

export function presentFile(row: File): PresentedFile {
  return FILE_WIRE.present(row, { linkBase: linkBase() });
}

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
