import type { Express } from 'express';

const PARSED = Symbol('parsedQuery');

interface ParsedQuery {
  url: string;
  query: unknown;
}

/**
 * Express 5 parses `req.query` from the URL on every read (a getter), with `qs` for bracket parameters, and a
 * request reads it several times: the bearer strategy (`access_token`), the include interceptor, `@Query()`, the
 * catalog reads. Each request's query is now parsed on its first read and the same object returned while its URL
 * stays the same, as Express 4 did (it parsed once per request, in a middleware). Nothing here changes a parsed
 * query.
 */
export function parseQueryOncePerRequest(app: Express): void {
  let proto: object | null = Object.getPrototypeOf(app.request) as object | null;
  let express: PropertyDescriptor | undefined;
  while (proto && !(express = Object.getOwnPropertyDescriptor(proto, 'query'))) proto = Object.getPrototypeOf(proto) as object | null;
  const parse = express?.get;
  if (!parse) return;
  Object.defineProperty(app.request, 'query', {
    configurable: true,
    enumerable: true,
    get(this: { url: string; [PARSED]?: ParsedQuery }) {
      const kept = this[PARSED];
      if (kept && kept.url === this.url) return kept.query;
      const query: unknown = parse.call(this);
      this[PARSED] = { url: this.url, query };
      return query;
    },
  });
}
