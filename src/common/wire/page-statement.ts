import { Prisma } from '../../generated/prisma/client';
import { JsonParts, SerializedPage } from '../http/response-document';
import type { ListQuery } from '../list-query/list-query';
import { jsonArrayParts, ResourceRow, resourceRowsSql, resourceSections, sqlString } from './wire-format';

/** An include a page statement writes itself: the related rows of the page's resources, as JSON text. */
export interface PageStatementInclude {
  /** The `included` key. */
  key: string;
  type: string;
  /** SELECT of the included rows; `page` is the page's resources. */
  rows: Prisma.Sql;
  /** JSON text of one included row, aliased `i`. */
  json: Prisma.Sql;
}

/** One list page, its counts and its includes, as a single statement (see pageStatementSql). */
export interface PageStatement {
  table: string;
  /** Which rows the list shows, over the table aliased `t` (the list's filter and whatever else limits it). */
  matching: Prisma.Sql;
  /** The rows the list would show unfiltered (for `meta.results.all`); null when the list has no filter. */
  unfiltered: Prisma.Sql | null;
  /**
   * How many rows the list shows unfiltered, when the database keeps that count (keptRowCount): read instead of
   * counting them. Absent when it keeps none for those rows (a shopper's own orders).
   */
  unfilteredCount?: Prisma.Sql;
  /** The list's order over `t`, the tiebreaker included. */
  orderBy: Prisma.Sql;
  /** JSON text of one listed row, aliased `t`. */
  json: Prisma.Sql;
  type: string;
  includes: PageStatementInclude[];
}

/** A row of a page statement: section 0 holds the counts; 1 the page's resources, 2… each include's. */
export interface PageRow extends ResourceRow {
  total: number | null;
  all_count: number | null;
}

/**
 * The page, `total` and `all` counts and each include in ONE statement, written as JSON text by the database, one
 * row per resource (`PageRow`): a page is one round trip, and no row is large.
 */
export function pageStatementSql(p: PageStatement, q: Pick<ListQuery, 'limit' | 'offset'>): Prisma.Sql {
  const table = Prisma.raw(p.table);
  const includes = p.includes.map((inc, i) => ({ ...inc, cte: Prisma.raw(`included_${i}`) }));
  const ctes = includes.map((inc) => Prisma.sql`, ${inc.cte} AS MATERIALIZED (${inc.rows})`);
  const nulls = Prisma.sql`, NULL, NULL`;
  const includedRows = includes.map((inc, i) => resourceRowsSql(2 + i, { from: inc.cte, alias: Prisma.raw('i'), orderBy: Prisma.sql`i.created_at, i.id`, json: inc.json, type: inc.type }, nulls));
  const pageRows = resourceRowsSql(1, { from: Prisma.raw('page'), alias: Prisma.raw('t'), orderBy: p.orderBy, json: p.json, type: p.type }, nulls);
  const counted = (rows: Prisma.Sql) => Prisma.sql`(SELECT count(*) FROM ${table} t WHERE ${rows})::int`;
  const total = !p.unfiltered && p.unfilteredCount ? p.unfilteredCount : counted(p.matching);
  const all = p.unfiltered ? (p.unfilteredCount ?? counted(p.unfiltered)) : Prisma.sql`NULL::int`;
  return Prisma.sql`
      WITH page AS MATERIALIZED (SELECT t.* FROM ${table} t WHERE ${p.matching} ORDER BY ${p.orderBy} LIMIT ${q.limit} OFFSET ${q.offset}) ${concatenated(ctes)}
      SELECT 0 AS section, 0 AS n, NULL::text AS json, NULL::text AS shown, ${total} AS total, ${all} AS all_count
      ${pageRows} ${concatenated(includedRows)}
      ORDER BY section, n`;
}

/**
 * The number of rows of `table` as the database keeps it (the `row_counts` table, written by the table's
 * triggers; see their migrations): as exact as count(*) in the same snapshot, without reading the rows. A table
 * counted by a column (products by status) has one count per value: `bucket` reads the one of that value only.
 */
export function keptRowCount(table: string, bucket?: string): Prisma.Sql {
  const only = bucket === undefined ? Prisma.empty : Prisma.sql` AND bucket = ${sqlString(bucket)}`;
  return Prisma.sql`(SELECT COALESCE(sum(n), 0) FROM row_counts WHERE relation = ${sqlString(table)}${only})::int`;
}

/** The page the rows of pageStatementSql(p, q) write. */
export function serializedPageOf(rows: readonly PageRow[], p: PageStatement, q: Pick<ListQuery, 'limit' | 'offset'>): SerializedPage {
  const { sections, shown } = resourceSections(rows, 2 + p.includes.length);
  const total = rows[0].total!;
  const included = p.includes.flatMap(({ key }, i): [string, JsonParts][] => (sections[2 + i].length ? [[key, jsonArrayParts(sections[2 + i])]] : []));
  return new SerializedPage(jsonArrayParts(sections[1]), included, total, rows[0].all_count ?? total, q.limit, q.offset, shown);
}

function concatenated(parts: Prisma.Sql[]): Prisma.Sql {
  return parts.length ? Prisma.join(parts, ' ', '', '') : Prisma.empty;
}
