import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

export interface Principal {
  clientId: string;
  grantType: 'client_credentials' | 'implicit';
  tokenId: string;
  /** The shopper a valid `X-Moltin-Customer-Token` stands for, on routes that read it. */
  customerId?: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    principal?: Principal;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Assigns the request id (kept from a sane `X-Request-Id`), echoes it, and writes one access log line. */
export function requestContextMiddleware(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('x-request-id');
    req.id = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        { request_id: req.id, method: req.method, path: req.path, status: res.statusCode, duration_ms: Math.round(ms * 100) / 100 },
        'request',
      );
    });
    next();
  };
}
