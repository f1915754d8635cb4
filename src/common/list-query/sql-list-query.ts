import { Prisma } from '../../generated/prisma/client';
import type { FilterClause, ParsedFilter } from './filter-parser';
import type { ListQuery } from './list-query';
import type { FilterOp, FilterValue, ListFieldSpec, ListFieldType, ListResourceSpec } from './list-spec';
import type { SortKey } from './sort-parser';

export interface SqlListClauses {
  /** A boolean expression over the row alias; `TRUE` when unfiltered. */
  where: Prisma.Sql;
  /** The sort keys with the id tiebreaker, e.g. `r.created_at ASC, r.id ASC` (no `ORDER BY`). */
  orderBy: Prisma.Sql;
}

/**
 * The filter and order of toPrismaListArgs as SQL over `FROM <table> <alias>`, for a page read in one raw
 * statement: same rows, same order, on PostgreSQL and PGlite. Values are bound parameters cast to the field's
 * type. Null when the query names a field only Prisma can translate (a `toWhere` without `toSql`, or a
 * relation path such as `customer.email`): read that list with Prisma instead.
 *
 *   const sql = toSqlListClauses(q, PRODUCTS_SPEC, 'r');
 *   if (sql) rows = await db.$queryRaw`SELECT r.id FROM products r WHERE ${sql.where}
 *     ORDER BY ${sql.orderBy} LIMIT ${q.limit} OFFSET ${q.offset}`;
 */
export function toSqlListClauses(q: Pick<ListQuery, 'filter' | 'sort'>, spec: ListResourceSpec, alias: string): SqlListClauses | null {
  const row = Prisma.raw(identifier(alias));
  const where = q.filter ? nodeToSql(q.filter, spec, row) : Prisma.sql`TRUE`;
  const orderBy = orderToSql(q.sort, spec, row);
  return where && orderBy ? { where, orderBy } : null;
}

/** The PostgreSQL column of a field: `sqlColumn`, else `column` in snake_case (`commodityType` → `commodity_type`). */
export function sqlColumnName(field: Pick<ListFieldSpec, 'column' | 'sqlColumn'>): string {
  return field.sqlColumn ?? field.column.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function nodeToSql(node: ParsedFilter, spec: ListResourceSpec, row: Prisma.Sql): Prisma.Sql | null {
  if (node.kind === 'clause') return clauseToSql(node, spec, row);
  const parts = node.nodes.map((n) => nodeToSql(n, spec, row));
  if (parts.some((p) => p === null)) return null;
  return Prisma.sql`(${Prisma.join(parts as Prisma.Sql[], node.kind === 'and' ? ' AND ' : ' OR ')})`;
}

const COMPARE: Record<Exclude<FilterOp, 'in' | 'is_null' | 'like'>, string> = { eq: '=', gt: '>', ge: '>=', lt: '<', le: '<=' };
const CAST: Record<ListFieldType, string> = { uuid: 'uuid', string: 'text', integer: 'int4', boolean: 'boolean', datetime: 'timestamptz' };

function clauseToSql({ field, op, values }: FilterClause, spec: ListResourceSpec, row: Prisma.Sql): Prisma.Sql | null {
  const fieldSpec = spec.fields[field];
  if (fieldSpec.toSql) return fieldSpec.toSql(op, values, row);
  if (fieldSpec.toWhere || fieldSpec.column.includes('.')) return null;
  const column = columnSql(row, sqlColumnName(fieldSpec));
  const param = (v: FilterValue) => Prisma.sql`${v}::${Prisma.raw(CAST[fieldSpec.type])}`;
  switch (op) {
    case 'in':
      return Prisma.sql`${column} IN (${Prisma.join(values.map(param))})`;
    case 'is_null':
      return Prisma.sql`${column} IS NULL`;
    case 'like':
      // What Prisma sends for likeToPrisma's insensitive `equals`: the pattern as is, `\` its escape.
      return Prisma.sql`${column} ILIKE ${String(values[0])}::text`;
    default:
      return Prisma.sql`${column} ${Prisma.raw(COMPARE[op])} ${param(values[0])}`;
  }
}

/** Plain ASC/DESC as Prisma sends them: PostgreSQL puts nulls last ascending and first descending. */
function orderToSql(sort: SortKey[], spec: ListResourceSpec, row: Prisma.Sql): Prisma.Sql | null {
  const keys: Prisma.Sql[] = [];
  for (const key of sort) {
    if (key.column.includes('.')) return null;
    const fieldSpec = Object.hasOwn(spec.fields, key.field) ? spec.fields[key.field] : undefined;
    const name = fieldSpec?.column === key.column ? sqlColumnName(fieldSpec) : sqlColumnName({ column: key.column });
    keys.push(Prisma.sql`${columnSql(row, name)} ${Prisma.raw(key.direction === 'desc' ? 'DESC' : 'ASC')}`);
  }
  return Prisma.join(keys, ', ');
}

/** `alias.column`, the name checked to be a plain identifier. */
export function columnSql(row: Prisma.Sql, name: string): Prisma.Sql {
  return Prisma.sql`${row}.${Prisma.raw(identifier(name))}`;
}

function identifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain SQL identifier: '${name}'`);
  return name;
}
