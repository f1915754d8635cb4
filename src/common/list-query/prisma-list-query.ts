import type { FilterClause, ParsedFilter } from './filter-parser';
import type { ListQuery, ListResourceSpec } from './list-query';

export interface PrismaListArgs {
  where: Record<string, unknown>;
  orderBy: Record<string, unknown>[];
  skip: number;
  take: number;
}

/** `findMany` arguments; pass `where` alone to `count`. */
export function toPrismaListArgs(q: ListQuery, spec: ListResourceSpec): PrismaListArgs {
  return { where: toPrismaWhere(q, spec), orderBy: toPrismaOrderBy(q), skip: q.offset, take: q.limit };
}

/** The filter part only (`{}` when unfiltered). Comparisons stay plain column ranges so they can use indexes. */
export function toPrismaWhere(q: Pick<ListQuery, 'filter'>, spec: ListResourceSpec): Record<string, unknown> {
  return q.filter ? nodeToWhere(q.filter, spec) : {};
}

export function toPrismaOrderBy(q: Pick<ListQuery, 'sort'>): Record<string, unknown>[] {
  return q.sort.map((key) => nest(key.column, key.direction));
}

function nodeToWhere(node: ParsedFilter, spec: ListResourceSpec): Record<string, unknown> {
  if (node.kind === 'clause') return clauseToWhere(node, spec);
  const parts = node.nodes.map((n) => nodeToWhere(n, spec));
  return node.kind === 'and' ? { AND: parts } : { OR: parts };
}

const RANGE = { gt: 'gt', ge: 'gte', lt: 'lt', le: 'lte' } as const;

function clauseToWhere({ field, op, values }: FilterClause, spec: ListResourceSpec): Record<string, unknown> {
  const fieldSpec = spec.fields[field];
  if (fieldSpec.toWhere) return fieldSpec.toWhere(op, values);
  switch (op) {
    case 'eq':
      return nest(fieldSpec.column, { equals: values[0] });
    case 'in':
      return nest(fieldSpec.column, { in: values });
    case 'is_null':
      return nest(fieldSpec.column, null);
    case 'like':
      return nest(fieldSpec.column, likeToPrisma(String(values[0])));
    default:
      return nest(fieldSpec.column, { [RANGE[op]]: values[0] });
  }
}

/**
 * `*` at the start and/or end is the wildcard; anything else is literal. Prisma sends the operand of
 * contains/startsWith/endsWith/insensitive equals straight into (I)LIKE without escaping `%`, `_` or `\`
 * (prisma/prisma#19506, checked on 7.10), so they are escaped here with PostgreSQL's default escape `\`.
 */
export function likeToPrisma(pattern: string): { mode: 'insensitive' } & Partial<Record<'equals' | 'startsWith' | 'endsWith' | 'contains', string>> {
  const leading = pattern.startsWith('*');
  const trailing = pattern.length > 1 && pattern.endsWith('*');
  const text = escapeLike(pattern.slice(leading ? 1 : 0, trailing ? -1 : undefined));
  if (leading && trailing) return { contains: text, mode: 'insensitive' };
  if (leading) return { endsWith: text, mode: 'insensitive' };
  if (trailing) return { startsWith: text, mode: 'insensitive' };
  return { equals: text, mode: 'insensitive' };
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, '\\$&');
}

/** `customer.email` + cond → `{ customer: { email: cond } }` (a to-one relation filter). */
function nest(column: string, value: unknown): Record<string, unknown> {
  return column
    .split('.')
    .reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}
