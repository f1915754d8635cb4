import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { ApiError, BadRequestError, NotFoundError, UnprocessableError } from '../../common/errors/api-error';
import { ListQuery, page } from '../../common/list-query';
import { assertNoNul } from '../../common/validation/json-shape';
import { AppConfig } from '../../config/app-config';
import { EventsPublisher } from '../../events/events.publisher';
import { PrismaService } from '../../prisma/prisma.service';
import { FileStorage } from './file-storage';
import { guessMimeType, presentFile, PresentedFile } from './files.presenter';
import { FilesRepository } from './files.repository';

export interface UploadInput {
  file?: { buffer: Buffer; originalname: string; mimetype: string; size: number };
  fields: Record<string, unknown>;
}

@Injectable()
export class FilesService {
  constructor(
    private readonly files: FilesRepository,
    private readonly storage: FileStorage,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
    private readonly config: AppConfig,
  ) {}

  async create(input: UploadInput) {
    const { file, fields } = input;
    for (const [name, value] of Object.entries(fields)) if (typeof value === 'string') assertNoNul(value, name);
    const location = typeof fields.file_location === 'string' ? fields.file_location.trim() : undefined;
    if (file && location) throw new BadRequestError('Send either a "file" part or "file_location", not both', 'file_location');
    // Elastic Path answers 400 to `public` with `file_location`: a link's visibility is the linked server's business.
    if (location !== undefined && fields.public !== undefined) throw new BadRequestError('"public" cannot be sent with "file_location"', 'public');
    const isPublic = parseBool(fields.public);
    const givenName = typeof fields.file_name === 'string' && fields.file_name.trim() ? fields.file_name.trim().slice(0, 255) : undefined;
    if (location !== undefined) return this.link(location, givenName, isPublic);
    if (!file) throw new BadRequestError('You have not supplied a file to store', 'file');
    if (file.size === 0) throw new BadRequestError('The file is empty', 'file');

    const fileName = (givenName ?? file.originalname ?? 'file').slice(0, 255) || 'file';
    const partType = (file.mimetype ?? '').toLowerCase().split(';')[0].trim();
    const mimeType = !partType || partType === 'application/octet-stream' ? guessMimeType(fileName) || partType : partType;
    if (!this.config.files.allowedMimeTypes.includes(mimeType)) {
      // As Elastic Path answers it: 403 "This file type is not supported".
      throw new ApiError(
        403,
        'This file type is not supported',
        `This file type is not supported: "${mimeType || 'unknown'}"; allowed: ${this.config.files.allowedMimeTypes.join(', ')}`,
        'file',
      );
    }
    const dims = mimeType.startsWith('image/') ? dimensions(file.buffer) : undefined;
    const id = randomUUID();
    const storageKey = `${id}`;
    await this.storage.put(storageKey, file.buffer);
    try {
      return await this.prisma.$transaction(async (tx) => {
        const row = await this.files.create(
          { id, fileName, mimeType, fileSize: file.size, public: isPublic, storageKey, width: dims?.width ?? null, height: dims?.height ?? null },
          tx,
        );
        const presented = presentFile(row);
        await this.events.publish(tx, 'file.created', { data: presented });
        return presented;
      });
    } catch (err) {
      await this.storage.remove(storageKey).catch(() => undefined);
      throw err;
    }
  }

  private async link(location: string, givenName: string | undefined, isPublic: boolean) {
    const url = parseHttpUrl(location);
    if (!url) throw invalidLocation(location);
    const fileName = (givenName ?? decodeURIComponent(url.pathname.split('/').pop() ?? '')).slice(0, 255) || url.hostname;
    return this.prisma.$transaction(async (tx) => {
      const row = await this.files.create({ fileName, mimeType: guessMimeType(url.pathname), fileSize: 0, public: isPublic, location: url.toString() }, tx);
      const presented = presentFile(row);
      await this.events.publish(tx, 'file.created', { data: presented });
      return presented;
    });
  }

  /** `publicOnly` (storefront tokens): files with `public: false` do not exist for them. */
  async list(q: ListQuery, publicOnly: boolean) {
    const { items, total, all } = await this.files.list(q, publicOnly);
    return page(items.map((row) => presentFile(row)), total, q, all);
  }

  async get(id: string, publicOnly: boolean) {
    return presentFile(await this.require(id, undefined, publicOnly));
  }

  /** Files by id, for includes. */
  async findPresented(ids: string[], publicOnly: boolean): Promise<PresentedFile[]> {
    if (ids.length === 0) return [];
    return (await this.files.findMany(ids, publicOnly)).map((row) => presentFile(row));
  }

  async content(id: string, publicOnly: boolean): Promise<{ stream: Readable; mimeType: string; size: number; fileName: string }> {
    const row = await this.require(id, undefined, publicOnly);
    if (!row.storageKey) throw new NotFoundError('File', 'This file is a link; fetch it from its link.href');
    return { stream: this.storage.open(row.storageKey), mimeType: row.mimeType || 'application/octet-stream', size: row.fileSize, fileName: row.fileName };
  }

  async delete(id: string) {
    const row = await this.prisma.$transaction(async (tx) => {
      const found = await this.require(id, tx);
      await this.files.delete(id, tx);
      await this.events.publish(tx, 'file.deleted', { type: 'file', id });
      return found;
    });
    if (row.storageKey) await this.storage.remove(row.storageKey);
  }

  private async require(id: string, db = this.prisma as Parameters<FilesRepository['find']>[1], publicOnly = false) {
    const row = await this.files.find(id, db);
    if (!row || (publicOnly && !row.public)) throw new NotFoundError('File');
    return row;
  }
}

/** An absolute http(s) URL of at most 2048 characters whose `%` escapes decode as UTF-8, or null. */
function parseHttpUrl(location: string): URL | null {
  if (location.length > 2048) return null;
  try {
    decodeURI(location);
    const url = new URL(location);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** As Elastic Path answers it: 422 "file_location invalid", "<x> is not a valid URL". */
function invalidLocation(location: string): ApiError {
  const shown = location.length > 200 ? `${location.slice(0, 200)}…` : location;
  return new UnprocessableError('file_location invalid', `${shown} is not a valid URL`, 'file_location');
}

function parseBool(v: unknown): boolean {
  if (v === undefined || v === '') return true;
  if (v === true || v === 'true' || v === '1') return true;
  if (v === false || v === 'false' || v === '0') return false;
  throw new BadRequestError('public must be true or false', 'public');
}

/** image-size (26 modules) is loaded at the first upload, not at every start. */
function dimensions(buffer: Buffer): { width: number; height: number } | undefined {
  try {
    const { imageSize } = require('image-size') as typeof import('image-size');
    const { width, height } = imageSize(buffer);
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
