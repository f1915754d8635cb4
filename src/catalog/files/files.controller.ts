import { Controller, Delete, Get, HttpCode, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AllowAnonymous, AllowImplicit, CurrentPrincipal, isImplicit } from '../../auth/access.decorators';
import type { Principal } from '../../common/http/request-context';
import { ListQueryParser } from '../../common/http/list-query.parser';
import { CachedReads } from '../../common/response-cache/response-cache.decorators';
import { ResourceId } from '../../common/validation/resource-id.pipe';
import { FILES_SPEC } from './files.repository';
import { FilesService } from './files.service';
import { UploadInterceptor } from './upload.interceptor';
import { ApiDataResponse, ApiList, ApiNoContent, ApiRawResponse } from '../../common/openapi/api-operation.decorators';
import { FILE_SCHEMAS } from './file.schema';

@ApiTags('files')
@ApiBearerAuth()
@CachedReads()
@Controller('files')
export class FilesController {
  constructor(
    private readonly files: FilesService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Upload or link a file', FILE_SCHEMAS.File, { status: 201 })
  @Post()
  @HttpCode(201)
  @ApiConsumes('multipart/form-data', 'application/json')
  @UseInterceptors(UploadInterceptor)
  create(@Req() req: Request) {
    return this.files.create({ file: req.file, fields: (req.body ?? {}) as Record<string, unknown> });
  }

  @ApiList('List files', FILE_SCHEMAS.File, { spec: FILES_SPEC })
  @Get()
  @AllowImplicit()
  async list(@Query() query: Record<string, unknown>, @CurrentPrincipal() principal?: Principal) {
    return this.files.list(await this.listQuery.parse(query, FILES_SPEC), isImplicit(principal));
  }

  @ApiDataResponse('Get a file', FILE_SCHEMAS.File)
  @Get(':id')
  @AllowImplicit()
  get(@ResourceId('id', 'File') id: string, @CurrentPrincipal() principal?: Principal) {
    return this.files.get(id, isImplicit(principal));
  }

  /** The stored bytes with their MIME type (the one route that is not JSON). */
  @ApiRawResponse('Download a file\'s content', 'application/octet-stream', 'The content, with its own Content-Type')
  @Get(':id/content')
  @AllowImplicit()
  @AllowAnonymous()
  async content(@ResourceId('id', 'File') id: string, @Res() res: Response, @CurrentPrincipal() principal?: Principal): Promise<void> {
    // Without a token, as with a storefront's: public files only (the link a page's <img> loads sends no header).
    const { stream, mimeType, size, fileName } = await this.files.content(id, !principal || isImplicit(principal));
    res.setHeader('Content-Type', mimeType);
    res.setHeader('Content-Length', String(size));
    // An ASCII fallback for old clients, and the exact UTF-8 name (RFC 6266 / RFC 5987).
    res.setHeader('Content-Disposition', `inline; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeRfc5987(fileName)}`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    await new Promise<void>((resolve) => {
      stream.on('error', () => {
        if (!res.headersSent) res.status(404).json({ errors: [{ status: 404, title: 'Not Found', detail: 'The stored file is missing' }] });
        else res.destroy();
        resolve();
      });
      stream.on('end', () => resolve());
      stream.pipe(res);
    });
  }

  @ApiNoContent('Delete a file')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'File') id: string): Promise<void> {
    await this.files.delete(id);
  }

}

/** RFC 5987 `ext-value` characters: percent-encode everything else, as UTF-8. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
