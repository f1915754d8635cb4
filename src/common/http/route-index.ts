/** A layer of Express's router: a route's layer has `route`; `rawPath` is the pattern it was registered with. */
interface RouterLayer {
  route?: unknown;
  rawPath?: unknown;
}

/** What `Router.prototype.handle` reads of its router: the layers, and the parameter settings (read as they are). */
interface IndexableRouter {
  stack: RouterLayer[];
  caseSensitive?: boolean;
  handle(req: { url?: string }, res: unknown, done: (err?: unknown) => void): void;
}

/** Characters that are plain text in a path pattern (path-to-regexp 8); anything else may start a parameter. */
const LITERAL = /^[A-Za-z0-9/_-]*/;
const SEGMENT_CHAR = /^[A-Za-z0-9_-]*$/;
const INDEXED = Symbol('indexedByFirstSegment');

/**
 * Express tries a request's path against every layer of its router in the order they were registered, each
 * route's pattern a regular expression: with ~300 routes, a shopper catalog read (among the last registered)
 * ran ~220 of them before its own. This index hands the router, per request, the layers whose pattern can match
 * its path: every middleware, every route whose pattern starts with the path's first segment (`/catalog/...` for
 * `/catalog/products/1`), and the routes whose first segment is not plain text. A pattern matches no path whose
 * first segment differs from its own, so each request meets the same layers that could answer it, in the same
 * order, and reaches the same route with the same parameters as before; an unusual first segment (an escape, a
 * `#`, an absolute URL) is dispatched over every layer, as before. The index is rebuilt when layers are added. It
 * assumes no middleware rewrites `req.url` to another first segment (none does here).
 */
export function indexRoutesByFirstSegment(router: IndexableRouter): void {
  const self = router as IndexableRouter & { [INDEXED]?: boolean };
  if (self[INDEXED]) return;
  self[INDEXED] = true;
  const handle = router.handle;
  const sensitive = router.caseSensitive === true;
  let indexed: { layers: RouterLayer[]; length: number; bySegment: Map<string, IndexableRouter>; other: IndexableRouter } | null = null;

  router.handle = function handleIndexed(this: IndexableRouter, req, res, done) {
    if (this !== router) return handle.call(this, req, res, done);
    if (!indexed || indexed.layers !== router.stack || indexed.length !== router.stack.length) indexed = buildIndex(router, sensitive);
    const segment = firstSegment(req.url, sensitive);
    const view = segment === null ? router : (indexed.bySegment.get(segment) ?? indexed.other);
    return handle.call(view, req, res, done);
  };
}

/** Per first segment, the router seen through the layers that may match it (the router itself for everything else). */
function buildIndex(router: IndexableRouter, sensitive: boolean) {
  const layers = router.stack;
  const segmentsOf = layers.map((layer) => (layer.route ? routeSegments(layer.rawPath, sensitive) : null));
  const known = new Set(segmentsOf.flatMap((s) => s ?? []));
  const viewWith = (keep: (segments: string[] | null) => boolean): IndexableRouter => {
    const view = Object.create(router) as IndexableRouter;
    view.stack = layers.filter((_layer, i) => keep(segmentsOf[i]));
    return view;
  };
  const bySegment = new Map<string, IndexableRouter>();
  for (const segment of known) bySegment.set(segment, viewWith((s) => s === null || s.length === 0 || s.includes(segment)));
  return { layers, length: layers.length, bySegment, other: viewWith((s) => s === null || s.length === 0) };
}

/**
 * The first path segment each of a route's patterns requires, lower case unless routing is case sensitive; an
 * empty list when some pattern's first segment is not plain text (such a route is kept for every path).
 */
function routeSegments(rawPath: unknown, sensitive: boolean): string[] {
  const segments: string[] = [];
  for (const pattern of Array.isArray(rawPath) ? rawPath : [rawPath]) {
    if (typeof pattern !== 'string' || !pattern.startsWith('/')) return [];
    const literal = LITERAL.exec(pattern)![0];
    const end = literal.indexOf('/', 1);
    // `/catalog/...`: the segment is whole; `/health` (the whole pattern, trailing slashes aside) too.
    const whole = end > 1 ? literal.slice(1, end) : literal.length > 1 && literal.length === pattern.replace(/\/+$/, '').length ? literal.slice(1) : null;
    if (whole === null) return [];
    segments.push(sensitive ? whole : whole.toLowerCase());
  }
  return segments;
}

/** The first segment of a request's path, or null when it is not plain text (dispatched over every layer). */
function firstSegment(url: string | undefined, sensitive: boolean): string | null {
  if (!url || url.charCodeAt(0) !== 47 /* / */) return null;
  let end = 1;
  while (end < url.length) {
    const c = url.charCodeAt(end);
    if (c === 47 || c === 63 /* ? */) break;
    end++;
  }
  const segment = url.slice(1, end);
  if (!SEGMENT_CHAR.test(segment)) return null;
  return sensitive ? segment : segment.toLowerCase();
}
