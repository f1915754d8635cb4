import type { Prisma } from '../../generated/prisma/client';

/** What a list resource declares beside its repository: the fields `filter` and `sort` may name. */

export const FILTER_OPS = ['eq', 'like', 'gt', 'ge', 'lt', 'le', 'in', 'is_null'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export type FilterValue = string | number | boolean | Date;

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
  /**
   * `toWhere` as a boolean SQL expression over the row `alias` (an identifier, e.g. `r`), for lists read with
   * raw SQL (see toSqlListClauses); a field with `toWhere` and no `toSql` keeps such a list on Prisma.
   */
  toSql?: (op: FilterOp, values: FilterValue[], alias: Prisma.Sql) => Prisma.Sql;
  /** The PostgreSQL column when it is not `column` in snake_case (the schema's @map convention). */
  sqlColumn?: string;
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
  /**
   * Fields whose names carry a key chosen by the store (`extensions.book.isbn`, `shopper_attributes.color`):
   * the spec of a name not in `fields`, or undefined when it is unknown.
   */
  keyedField?: (name: string) => ListFieldSpec | undefined;
}
