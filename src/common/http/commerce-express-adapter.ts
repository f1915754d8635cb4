import { ExpressAdapter } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { allowedMethods, methodNotAllowed } from './allowed-methods';
import { JSON_CONTENT_TYPE, SerializedDocument } from './response-document';
import { indexRoutesByFirstSegment } from './route-index';

interface ErrorDescriber {
  describe(exception: unknown, req: Request): { status: number; errors: unknown[]; headers: Record<string, string> };
}

/**
 * Nest's Express adapter, except that a Buffer returned by a handler or interceptor is sent as it is, and a
 * SerializedDocument as its pieces of text. The stock adapter JSON-encodes every object, a Buffer included, and
 * Express turns a string body into a new Buffer on every response: for the response cache's serialized pages
 * (195 KB in the benchmark) that was ~300 MB/s of memory outside the JavaScript heap (at ~1,500 req/s), and V8
 * answered it with a full mark-compact every ~90 ms. Both answer 304 for a matching ETag and leave the body out
 * of HEAD responses, as Express's `send` does.
 */
export class CommerceExpressAdapter extends ExpressAdapter {
  private errors?: ErrorDescriber;

  /** The filter that writes every other error document, so a 405 is written in its path's family's form too. */
  describeErrorsWith(errors: ErrorDescriber): void {
    this.errors = errors;
  }

  override reply(response: Response, body: unknown, statusCode?: number) {
    if (body instanceof SerializedDocument) return writeDocument(response, body, statusCode);
    if (!Buffer.isBuffer(body)) return super.reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    return response.send(body);
  }

  /**
   * Nest's "Cannot GET /x" 404 answers every request no route matched, including a known path called with a
   * method it does not serve: that one gets a 405 with `Allow`, in the error format, instead.
   * Nest sets it once every route is registered: the router then dispatches each request over the layers that
   * may match its first path segment (indexRoutesByFirstSegment), not over every route registered before its own.
   */
  override setNotFoundHandler(handler: (req: Request, res: Response, next: NextFunction) => unknown, prefix?: string) {
    const express = this.getInstance();
    const router = express.router ?? express._router;
    indexRoutesByFirstSegment(router);
    return super.setNotFoundHandler((req: Request, res: Response, next: NextFunction) => {
      const allow = allowedMethods(router, req.path);
      if (allow.length === 0) return handler(req, res, next);
      const error = methodNotAllowed(req, allow);
      const { status, headers, errors } = this.errors?.describe(error, req) ?? { status: error.status, headers: error.extraHeaders, errors: error.toErrorObjects() };
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      res.status(status).json({ errors });
    }, prefix);
  }
}

/**
 * The document's pieces go to the socket as they are, in one write: a page built by the database (~200 KB) is
 * never copied into a Buffer of its own, memory outside the JavaScript heap that V8 counts towards its next full
 * collection.
 */
export function writeDocument(response: Response, document: SerializedDocument, statusCode?: number): void {
  if (statusCode) response.status(statusCode);
  if (response.req.fresh) {
    response.status(304).end();
    return;
  }
  response.setHeader('Content-Type', JSON_CONTENT_TYPE);
  response.setHeader('Content-Length', document.byteLength);
  if (response.req.method === 'HEAD') {
    response.end();
    return;
  }
  response.cork();
  for (const part of document.parts) if (part) response.write(part);
  response.end(); // uncorks: headers and pieces leave in one writev
}
