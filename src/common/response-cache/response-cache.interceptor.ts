import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { finalize, map, of } from 'rxjs';
import { linkBase } from '../http/request-context';
import { JSON_CONTENT_TYPE, SerializedDocument } from '../http/response-document';
import { RESPONSE_CACHE_ROLE, ResponseCacheRole } from './response-cache.decorators';
import { CachedBody, ResponseCache } from './response-cache';


/**
 * The resources (`<type>:<id>`) a document shows as objects: its `data` (one or a list) and its `included`
 * ones (a list, or lists by name). A change to one of them drops the cached documents that show it.
 */
export function resourcesShown(document: object): string[] {
  const found = new Set<string>();
  const add = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(add);
    if (!value || typeof value !== 'object') return;
    const { type, id } = value as { type?: unknown; id?: unknown };
    if (typeof type === 'string' && typeof id === 'string') found.add(`${type}:${id}`);
  };
  const { data, included } = document as { data?: unknown; included?: unknown };
  add(data);
  if (Array.isArray(included)) add(included);
  else if (included && typeof included === 'object') Object.values(included).forEach(add);
  return [...found];
}

/**
 * Outermost interceptor (after guards: authentication and rate limits apply to every hit). A GET on a
 * `@CachedReads()` controller is answered from the cache when it can be, else its finished document is
 * serialized once, stored and sent. `Cache-Control: no-cache` / `no-store` on the request skip the lookup. Writes on `@CachedReads()` / `@InvalidatesCachedReads()` controllers
 * drop the cache when they finish, before their response is sent, so a client reads its own writes.
 */
@Injectable()
export class ResponseCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly cache: ResponseCache,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler) {
    const role = this.reflector.getAllAndOverride<ResponseCacheRole | undefined>(RESPONSE_CACHE_ROLE, [context.getHandler(), context.getClass()]);
    if (!role) return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next.handle().pipe(finalize(() => this.cache.invalidate()));
    if (role !== 'cached' || !this.cache.enabled) return next.handle();

    const res = http.getResponse<Response>();
    const key = this.keyOf(req);
    // `Cache-Control: no-cache` asks for an answer made now (it refreshes the entry); `no-store`, not kept.
    const directives = req.get('cache-control')?.toLowerCase() ?? '';
    const noStore = directives.includes('no-store');
    const hit = noStore || directives.includes('no-cache') ? undefined : this.cache.get(key);
    if (hit) return of(this.send(res, hit));
    const generation = this.cache.generation;
    return next.handle().pipe(
      map((document) => {
        // Only finished JSON documents: not streams, nor handlers that wrote the response themselves.
        if (document === null || typeof document !== 'object' || res.headersSent || res.statusCode !== 200) return document;
        const serialized = document instanceof SerializedDocument ? document : new SerializedDocument([JSON.stringify(document)], resourcesShown(document));
        const etag = etagOf(serialized.parts);
        // Not kept, or already kept as it is: the pieces are written out without a copy of their own.
        if (noStore || this.cache.peek(key)?.etag === etag) {
          res.setHeader('ETag', etag);
          return serialized;
        }
        const body: CachedBody = { bytes: serialized.toBuffer(), etag, resources: serialized.shown };
        this.cache.set(key, generation, body);
        return this.send(res, body);
      }),
    );
  }

  /** What decides the answer: the URL, the origin its links use, and whether the caller is a storefront. */
  private keyOf(req: Request): string {
    const storefront = req.principal?.grantType === 'implicit' ? 'implicit' : 'client';
    return `${storefront} ${linkBase()} ${req.originalUrl}`;
  }

  /**
   * The stored bytes go out as they are (CommerceExpressAdapter: no second JSON.stringify, no new Buffer per
   * response). The ETag, hashed once when stored, lets a client revalidate with If-None-Match (Express
   * answers 304 when it matches).
   */
  private send(res: Response, body: CachedBody): Buffer {
    res.setHeader('Content-Type', JSON_CONTENT_TYPE);
    res.setHeader('ETag', body.etag);
    return body.bytes;
  }
}

/** A strong validator: the SHA-1 of the document's bytes, the same whether it is hashed in pieces or whole. */
function etagOf(parts: readonly string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return `"${hash.digest('base64url')}"`;
}
