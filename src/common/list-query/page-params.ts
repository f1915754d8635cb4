import { BadRequestError } from '../errors/api-error';

export const MAX_PAGE_LIMIT = 100;
/** The hard `page[offset]` limit of `/v2/orders` and `/v2/files` (soft, i.e. unenforced, elsewhere). */
export const HARD_OFFSET_LIMIT = 10_000;

export interface PageParams {
  limit: number;
  offset: number;
}

export interface PageParamOptions {
  /** The store's `page_length` setting. */
  defaultLimit: number;
  maxOffset?: number;
}

// `total_method` is sent by the ep SDK's `TotalMethod()`; accepted and ignored.
const PAGE_KEYS = new Set(['limit', 'offset', 'total_method']);

/**
 * Reads `page[limit]` / `page[offset]` from an Express query object, whether it was parsed by the
 * extended (qs: `{ page: { limit } }`) or the simple parser (`{ 'page[limit]': ... }`).
 */
export function parsePageParams(query: Record<string, unknown>, opts: PageParamOptions): PageParams {
  const nested = readPageObject(query.page);
  const rawLimit = nested.limit ?? query['page[limit]'];
  const rawOffset = nested.offset ?? query['page[offset]'];

  const defaultLimit = Math.min(MAX_PAGE_LIMIT, Math.max(1, Math.trunc(opts.defaultLimit) || 1));
  const limit = rawLimit === undefined ? defaultLimit : parseNonNegativeInt(rawLimit);
  if (limit === null || limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw new BadRequestError(`page[limit] must be an integer between 1 and ${MAX_PAGE_LIMIT}`, { parameter: 'page[limit]' });
  }

  const offset = rawOffset === undefined ? 0 : parseNonNegativeInt(rawOffset);
  if (offset === null) {
    throw new BadRequestError('page[offset] must be an integer greater than or equal to 0', { parameter: 'page[offset]' });
  }
  if (opts.maxOffset !== undefined && offset > opts.maxOffset) {
    throw new BadRequestError(
      `page[offset] must be less than or equal to ${opts.maxOffset}; to read further, sort and filter instead ` +
        `of paging by offset (e.g. sort=created_at&filter=ge(created_at,<last created_at seen>))`,
      { parameter: 'page[offset]' },
    );
  }
  return { limit, offset };
}

/**
 * `page[limit]` / `page[offset]` of a sub-collection of one resource (an order's transactions and items, a
 * cart's items): the maximum page unless asked otherwise, so a client that never pages sees all of it.
 */
export function parseSubCollectionPage(query: Record<string, unknown> | undefined | null): PageParams {
  return parsePageParams(query ?? {}, { defaultLimit: MAX_PAGE_LIMIT });
}

function readPageObject(page: unknown): { limit?: unknown; offset?: unknown } {
  if (page === undefined) return {};
  if (typeof page !== 'object' || page === null || Array.isArray(page)) {
    throw new BadRequestError('page must be given as page[limit] and page[offset]', { parameter: 'page' });
  }
  const unknownKey = Object.keys(page).find((k) => !PAGE_KEYS.has(k));
  if (unknownKey !== undefined) {
    throw new BadRequestError(`Unknown page parameter page[${unknownKey}]; use page[limit] and page[offset]`, { parameter: 'page' });
  }
  return page as { limit?: unknown; offset?: unknown };
}

/** Digits only (no sign, decimals, exponent or blanks); null when invalid. Arrays (repeated keys) are invalid. */
function parseNonNegativeInt(raw: unknown): number | null {
  const s = typeof raw === 'number' ? String(raw) : raw;
  if (typeof s !== 'string' || !/^\d{1,15}$/.test(s)) return null;
  return Number(s);
}
