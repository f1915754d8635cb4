import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { ApiError, BadRequestError } from '../../common/errors/api-error';
import { AppConfig } from '../../config/app-config';

export const MULTIPART_EXPECTED =
  'Expected a multipart/form-data body with a "file" part (or a "file_location" field), or a JSON body {"data":{"type":"file","file_location":…}}. ' +
  'Under Node the SDK sends the literal text "[object FormData]" for a form-data stream: pass form.getBuffer() instead.';

/**
 * A linked file may also come as JSON, `{"data":{"type":"file","file_location":…,"file_name"?:…}}`, as storefront and
 * back-office code sends it: its members become the fields a multipart body would have carried.
 */
function linkFields(body: unknown): Record<string, unknown> {
  const data = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).data : undefined;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new BadRequestError('A JSON body must be {"data":{"type":"file","file_location":…}}', 'data');
  }
  const fields = data as Record<string, unknown>;
  if (fields.type !== undefined && fields.type !== 'file') throw new BadRequestError('data.type must be "file"', 'data.type');
  if (typeof fields.file_location !== 'string') throw new BadRequestError('data.file_location must be a URL: a JSON body links a file, an upload is multipart', 'data.file_location');
  for (const name of ['file_name', 'public'] as const) {
    if (fields[name] !== undefined && typeof fields[name] !== 'string' && typeof fields[name] !== 'boolean') {
      throw new BadRequestError(`data.${name} must be a string`, `data.${name}`);
    }
  }
  const { type: _type, ...rest } = fields;
  return rest;
}

/** Parses `POST /files` with multer (memory storage, the configured size limit) into `req.file` / `req.body`. */
@Injectable()
export class UploadInterceptor implements NestInterceptor {
  private readonly parse: (req: Request, res: Response, cb: (err?: unknown) => void) => void;

  constructor(private readonly config: AppConfig) {
    this.parse = multer({
      storage: multer.memoryStorage(),
      // File names are sent as UTF-8 by browsers, curl and the SDKs' form-data; busboy's default reads them as latin1.
      defParamCharset: 'utf8',
      limits: { fileSize: config.files.maxBytes, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12 },
    }).single('file');
  }

  async intercept(context: ExecutionContext, next: CallHandler) {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (req.is(['application/json', 'application/*+json'])) {
      req.body = linkFields(req.body);
      return next.handle();
    }
    if (!req.is('multipart/form-data')) throw new BadRequestError(MULTIPART_EXPECTED, 'file');
    await new Promise<void>((resolve, reject) => this.parse(req, http.getResponse<Response>(), (err) => (err ? reject(this.toApiError(err)) : resolve())));
    return next.handle();
  }

  private toApiError(err: unknown): ApiError {
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') {
        return new ApiError(413, 'Payload Too Large', `The file is larger than the ${this.config.files.maxBytes} byte limit`, 'file');
      }
      if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') {
        return new BadRequestError(`Send exactly one file, in a part named "file" (got "${err.field ?? ''}")`, err.field ?? 'file');
      }
      return new BadRequestError(`Invalid multipart body: ${err.message}`, err.field ?? 'file');
    }
    return new BadRequestError(MULTIPART_EXPECTED, 'file');
  }
}
