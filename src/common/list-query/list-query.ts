import type { FilterOp, FilterValue, ParsedFilter } from './filter-parser';
import { parseFilter } from './filter-parser';
import { parsePageParams } from './page-params';
import type { SortKey } from './sort-parser';
import { parseSort } from './sort-parser';

export type ListFieldType = 'string' | 'integer' | 'boolean' | 'datetime' | 'uuid';

/** One API attribute (the key in `ListResourceSpec.fields`, e.g. `created_at`) of a list resource. */
export interface ListFieldSpec {
  /** Prisma field name; a dotted path (`customer.email`) nests into a to-one relation. */
  column: string;
  type: ListFieldType;
  /** Filter operators allowed on this field; none when omitted. */
  ops?: FilterOp[];
  sortable?: boolean;
  /** Custom translation, e.g. products `category.id` → `{ categories: { some: { categoryId: v } } }`. */
  toWhere?: (op: FilterOp, values: FilterValue[]) => Record<string, unknown>;
}

/**
 * `toWhere` of a filter the reference documents on something this store does not have (brands, collections,
 * account members): accepted, and no record matches.
 */
export const matchesNothing = (): Record<string, unknown> => ({ id: { in: [] } });

export interface ListResourceSpec {
  fields: Record<string, ListFieldSpec>;
  /** `field` or `-field`; the field must be in `fields` (it need not be `sortable`). */
  defaultSort: string;
  /** Hard `page[offset]` limit (HARD_OFFSET_LIMIT for orders and files). */
  maxOffset?: number;
}

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
