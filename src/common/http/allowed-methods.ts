import type { Request } from 'express';
import { ApiError } from '../errors/api-error';
import { isUuid } from '../validation/resource-id.pipe';

interface RouteLayer {
  route?: { methods: Record<string, boolean> };
  /** The path's parameters when the layer matches (router 2), else false. */
  match(path: string): { params?: Record<string, unknown> } | false;
}

/**
 * Every id parameter (`:id`, `:nodeId`, …) is a UUID (`@ResourceId()` answers 404 otherwise): a path whose id
 * segment is not one names no resource (`POST /pcm/products/import` is not a product), and stays a 404.
 */
function namesAResource(params: Record<string, unknown> = {}): boolean {
  return Object.entries(params).every(([name, value]) => !(name === 'id' || name.endsWith('Id')) || isUuid(value));
}

/**
 * The methods the Express router serves for `path`, upper case, in a stable order; HEAD wherever GET is
 * (Express answers it from the GET handler). Empty when no route matches the path at all.
 */
export function allowedMethods(router: { stack: RouteLayer[] }, path: string): string[] {
  const methods = new Set<string>();
  for (const layer of router.stack) {
    if (!layer.route) continue;
    const matched = layer.match(path);
    if (!matched || !namesAResource(matched.params)) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') methods.add(method.toUpperCase());
  }
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

/** 405 with the `Allow` header (RFC 9110 §15.5.6): the path exists, the method does not. */
export function methodNotAllowed(req: Request, allow: string[]): ApiError {
  return new ApiError(405, 'Method Not Allowed', `${req.method} is not allowed on ${req.path}; allowed: ${allow.join(', ')}`, undefined, {
    Allow: allow.join(', '),
  });
}
