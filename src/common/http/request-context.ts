import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { requestBaseUrl } from './base-url';

/**
 * Who a request's bearer token stands for, as a registered principal resolver found it (`@PrincipalResolver()`
 * in the auth module): each kind of token maps to one of the two access levels.
 */
export interface Principal {
  clientId: string;
  /** `client_credentials`: the whole API; `implicit`: the storefront routes (`@AllowImplicit()`) only. */
  grantType: 'client_credentials' | 'implicit';
  /** The token's id; rate limits count per token, so every kind of token needs ids no other kind uses (UUIDs). */
  tokenId: string;
  /** The shopper a valid `X-Moltin-Customer-Token` stands for, on routes that read it. */
  customerId?: string;
  /** The account and member a valid account management authentication token stands for (a header kind of principal). */
  accountId?: string;
  accountMemberId?: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    id: string;
    principal?: Principal;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** What code far from the request (presenters, include resolvers, events) needs of it. */
interface RequestScope {
  /** The absolute origin of links: PUBLIC_BASE_URL, else the request's forwarded or own protocol and host. */
  baseUrl: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/**
 * The origin every `links` URL starts with. Outside a request (background work) it is what withLinkBase
 * set, and '' when nothing did: links are then relative, since there is no host to name.
 */
export function linkBase(): string {
  return scope.getStore()?.baseUrl ?? '';
}

/** An absolute link (in a request) to an API path, e.g. `apiLink('/products/1')` → `https://host/v2/products/1`. */
export function apiLink(path: string): string {
  return `${linkBase()}/v2${path}`;
}

/** Runs `fn` with `baseUrl` as the link origin: background work passes PUBLIC_BASE_URL ('' when unset). */
export function withLinkBase<T>(baseUrl: string, fn: () => T): T {
  return scope.run({ baseUrl: baseUrl.replace(/\/+$/, '') }, fn);
}

/**
 * Assigns the request id (kept from a sane `X-Request-Id`), echoes it, writes one access log line, and runs
 * the rest of the request in its scope (see linkBase).
 */
export function requestContextMiddleware(logger: Logger, publicBaseUrl?: string) {
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
    withLinkBase(requestBaseUrl(req, publicBaseUrl), next);
  };
}
