import type { ParsedFilter } from './filter-parser';
import { parseFilter } from './filter-parser';
import { parsePageParams } from './page-params';
import type { SortKey } from './sort-parser';
import { parseSort } from './sort-parser';
import type { ListResourceSpec } from './list-spec';

export interface ListQuery {
  limit: number;
  offset: number;
  /** Primary key first, then `id` as the tiebreaker in the same direction. */
  sort: SortKey[];
  filter: ParsedFilter | null;
}

export interface ListQueryOptions {
  /** The store's `page_length` setting. */
  defaultLimit: number;
}

/** Validates `page[limit]`, `page[offset]`, `sort` and `filter`; throws BadRequestError (400) on bad input. */
export function parseListQuery(
  query: Record<string, unknown> | undefined | null,
  spec: ListResourceSpec,
  opts: ListQueryOptions,
): ListQuery {
  const q = query ?? {};
  const { limit, offset } = parsePageParams(q, { defaultLimit: opts.defaultLimit, maxOffset: spec.maxOffset });
  return { limit, offset, sort: parseSort(q.sort, spec), filter: parseFilter(q.filter, spec) };
}
