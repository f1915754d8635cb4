import type { FilterClause, ParsedFilter } from './filter-parser';
import type { ListQuery } from './list-query';
import type { ListResourceSpec } from './list-spec';

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
  const fieldSpec = Object.hasOwn(spec.fields, field) ? spec.fields[field] : spec.keyedField!(field)!;
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
 * Case-insensitive LIKE of the pattern the filter parser translated (`*` → `%`, literal `%`, `_`, `\` escaped
 * with PostgreSQL's default escape `\`). Prisma sends the operand of an insensitive `equals` straight into
 * `ILIKE` without escaping it (prisma/prisma#19506, checked on 7.10); the e2e filter tests compare the answers
 * with PostgreSQL's own ILIKE, so a Prisma that starts escaping it fails them.
 */
export function likeToPrisma(pattern: string): { equals: string; mode: 'insensitive' } {
  return { equals: pattern, mode: 'insensitive' };
}

/** `customer.email` + cond → `{ customer: { email: cond } }` (a to-one relation filter). */
function nest(column: string, value: unknown): Record<string, unknown> {
  return column
    .split('.')
    .reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}
