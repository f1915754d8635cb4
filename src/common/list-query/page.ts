/** What a list handler returns; the response layer turns it into `{ data, meta, links }`. */
export interface Page<T> {
  kind: 'page';
  items: T[];
  /** Results matching the filters. */
  total: number;
  /** Results without filters (`meta.results.all`). */
  all: number;
  limit: number;
  offset: number;
  /** Further `meta` members beside `page` and `results` (a cart's `display_price`). */
  meta?: Record<string, unknown>;
}

export function page<T>(items: T[], total: number, q: { limit: number; offset: number }, all: number = total): Page<T> {
  return { kind: 'page', items, total, all, limit: q.limit, offset: q.offset };
}

/** The requested page of a collection already in memory (a sub-collection of one order or cart). */
export function pageOf<T>(all: T[], q: { limit: number; offset: number }): Page<T> {
  return page(all.slice(q.offset, q.offset + q.limit), all.length, q);
}

export function isPage(v: unknown): v is Page<unknown> {
  return typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'page' && Array.isArray((v as { items?: unknown }).items);
}

export interface PageEnvelope {
  meta: {
    page: { limit: number; offset: number; current: number; total: number };
    results: { total: number; all: number };
  };
  links: { current: string; first: string; last: string; prev: string | null; next: string | null };
}

export interface RequestUrl {
  /** e.g. `https://api.example.com` (PUBLIC_BASE_URL, or derived from the request). */
  baseUrl: string;
  /** e.g. `/v2/products`; anything after `?` is ignored. */
  path: string;
  /** Express's `req.query` (either parser) or the raw query string. */
  query: Record<string, unknown> | string;
}

/** The envelope of a page: its counts and position are all it needs (the items may be rows or JSON text). */
export function buildPageEnvelope(p: Pick<Page<unknown>, 'limit' | 'offset' | 'total' | 'all'>, requestUrl: RequestUrl): PageEnvelope {
  const { limit, offset, total } = p;
  const pages = Math.ceil(total / limit);
  const lastOffset = Math.max(0, (pages - 1) * limit);
  const link = pageLinkBuilder(requestUrl, limit);
  return {
    meta: {
      page: { limit, offset, current: Math.floor(offset / limit) + 1, total: pages },
      results: { total, all: p.all },
    },
    links: {
      current: link(offset),
      first: link(0),
      last: link(lastOffset),
      prev: offset === 0 ? null : link(Math.max(0, offset - limit)),
      next: offset + limit >= total ? null : link(offset + limit),
    },
  };
}

const PAGE_KEYS = new Set(['page[limit]', 'page[offset]']);

function pageLinkBuilder({ baseUrl, path, query }: RequestUrl, limit: number): (offset: number) => string {
  const base = baseUrl.replace(/\/+$/, '') + '/' + path.split('?')[0].replace(/^\/+/, '');
  const others = (typeof query === 'string' ? parseQueryString(query) : flattenQuery(query))
    .filter(([key]) => !PAGE_KEYS.has(key))
    .map(([key, value]) => `${encodeKey(key)}=${encodeValue(value)}`)
    .join('&');
  return (offset) => `${base}?page[limit]=${limit}&page[offset]=${offset}${others ? `&${others}` : ''}`;
}

/** Back to `key=value` pairs: nested objects (extended parser) become `a[b]`, arrays repeat the key. */
function flattenQuery(query: Record<string, unknown>, prefix?: string): [string, string][] {
  return Object.entries(query).flatMap(([k, v]) => flattenValue(prefix === undefined ? k : `${prefix}[${k}]`, v));
}

function flattenValue(key: string, v: unknown): [string, string][] {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v.flatMap((item) => flattenValue(key, item));
  if (typeof v === 'object') return flattenQuery(v as Record<string, unknown>, key);
  return [[key, String(v)]];
}

function parseQueryString(qs: string): [string, string][] {
  return qs
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return [decode(eq < 0 ? pair : pair.slice(0, eq)), decode(eq < 0 ? '' : pair.slice(eq + 1))];
    });
}

function decode(s: string): string {
  const spaced = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

// Brackets literal as the real API writes them; `,` and `:` kept readable in filter/include values.
function encodeKey(key: string): string {
  return encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
}

function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%2C/g, ',').replace(/%3A/g, ':');
}
