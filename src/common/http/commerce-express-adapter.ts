import { ExpressAdapter } from '@nestjs/platform-express';
import type { Response } from 'express';

/**
 * Nest's Express adapter, except that a Buffer returned by a handler or interceptor is sent as it is. The
 * stock adapter JSON-encodes every object, a Buffer included, and Express turns a string body into a new
 * Buffer on every response: for the response cache's serialized pages (195 KB in the benchmark) that was
 * ~300 MB/s of memory outside the JavaScript heap (at ~1,500 req/s), and V8 answered it with a full mark-compact every ~90 ms.
 * Express still answers 304 for a matching ETag and leaves the body out of HEAD responses.
 */
export class CommerceExpressAdapter extends ExpressAdapter {
  override reply(response: Response, body: unknown, statusCode?: number) {
    if (!Buffer.isBuffer(body)) return super.reply(response, body, statusCode);
    if (statusCode) response.status(statusCode);
    return response.send(body);
  }
}
