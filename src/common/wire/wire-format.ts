import { Prisma } from '../../generated/prisma/client';
import { columnSql as col } from '../list-query/sql-list-query';
import { timestamps } from '../http/timestamps';

/**
 * A resource's wire format, declared once and rendered two ways: as a JavaScript object from a row read
 * through Prisma (`present`), and as a SQL expression that has the database write the same object as JSON
 * text (`jsonSql`), so that a page can leave the database as the bytes the client receives. Members keep
 * their declared order in both; a member is left out when its value is `undefined` (JavaScript) or NULL (SQL).
 */
export interface WireMember<Row, Ctx> {
  key: string;
  value(row: Row, ctx: Ctx): unknown;
  /** The member's JSON text from the columns of the row aliased `t`; NULL leaves the member out. */
  sql(t: Prisma.Sql, ctx: Ctx): Prisma.Sql;
}

/** Contexts hold a link origin, which comes from the request: bounded, whatever hosts clients send. */
const MAX_BUILT = 64;

export class WireFormat<Row, Ctx = void> {
  constructor(readonly members: WireMember<Row, Ctx>[]) {}

  present(row: Row, ctx: Ctx): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const m of this.members) {
      const v = m.value(row, ctx);
      if (v !== undefined) out[m.key] = v;
    }
    return out;
  }

  /** Built once per alias and context: a page statement asks for the same few on every request. */
  private readonly built = new Map<string, Prisma.Sql>();

  /** JSON text of the object (never NULL). concat_ws skips the NULL members. */
  jsonSql(t: Prisma.Sql, ctx: Ctx): Prisma.Sql {
    const key = `${t.text}\n${JSON.stringify(ctx)}`;
    let sql = this.built.get(key);
    if (!sql) {
      const parts = this.members.map((m) => Prisma.sql`${sqlString(`${JSON.stringify(m.key)}:`)} || ${m.sql(t, ctx)}`);
      sql = Prisma.sql`('{' || concat_ws(',', ${Prisma.join(parts, ', ')}) || '}')`;
      if (this.built.size >= MAX_BUILT) this.built.clear();
      this.built.set(key, sql);
    }
    return sql;
  }
}

/** A constant SQL string literal (code-defined text only: keys and constants, never input). */
export function sqlString(text: string): Prisma.Sql {
  return Prisma.raw(`'${text.replace(/'/g, "''")}'`);
}

/** A column of the row: `t.column`. */
export { col };

// ---------- members ----------

export function constant<Row, Ctx>(key: string, value: string | number | boolean): WireMember<Row, Ctx> {
  return { key, value: () => value, sql: () => sqlString(JSON.stringify(value)) };
}

/**
 * A text, uuid, integer or boolean column shown as it is; `nullable` shows SQL NULL as `null` (else a NULL
 * column would leave the member out, as `undefined` does in JavaScript).
 */
export function scalar<Row, Ctx>(key: string, column: string, pick: (row: Row) => unknown, opts: { nullable?: boolean } = {}): WireMember<Row, Ctx> {
  return {
    key,
    value: (row) => pick(row),
    sql: (t) => (opts.nullable ? Prisma.sql`COALESCE(to_json(${col(t, column)})::text, 'null')` : Prisma.sql`to_json(${col(t, column)})::text`),
  };
}

/** A timestamp column as RFC 3339 UTC with milliseconds, the JSON string `Date.toISOString` writes. */
export function isoTimeSql(column: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`('"' || to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"')`;
}

/** A nested object, always present (possibly `{}`). */
export function nested<Row, Ctx>(key: string, format: WireFormat<Row, Ctx>): WireMember<Row, Ctx> {
  return { key, value: (row, ctx) => format.present(row, ctx), sql: (t, ctx) => format.jsonSql(t, ctx) };
}

/** A member shown only for some rows: `show` and `sqlShow` are the same condition, in each language. */
export function when<Row, Ctx>(
  member: WireMember<Row, Ctx>,
  show: (row: Row, ctx: Ctx) => boolean,
  sqlShow: (t: Prisma.Sql, ctx: Ctx) => Prisma.Sql,
): WireMember<Row, Ctx> {
  return {
    key: member.key,
    value: (row, ctx) => (show(row, ctx) ? member.value(row, ctx) : undefined),
    sql: (t, ctx) => Prisma.sql`CASE WHEN ${sqlShow(t, ctx)} THEN ${member.sql(t, ctx)} END`,
  };
}

/** Any other member: its two renderings side by side. */
export function computed<Row, Ctx>(key: string, value: (row: Row, ctx: Ctx) => unknown, sql: (t: Prisma.Sql, ctx: Ctx) => Prisma.Sql): WireMember<Row, Ctx> {
  return { key, value, sql };
}

/** A to-one relationship, `{"data":{"type":…,"id":…}}`, from a nullable id column: left out when there is none. */
export function relationshipTo<Row, Ctx>(key: string, type: string, column: string, pick: (row: Row) => string | null): WireMember<Row, Ctx> {
  return when(
    computed<Row, Ctx>(
      key,
      (row) => ({ data: { type, id: pick(row) } }),
      (t) => Prisma.sql`${sqlString(`{"data":{"type":${JSON.stringify(type)},"id":"`)} || ${col(t, column)}::text || '"}}'`,
    ),
    (row) => pick(row) !== null,
    (t) => Prisma.sql`${col(t, column)} IS NOT NULL`,
  );
}

// ---------- values the database cannot compute ----------

/*
 * Some values are defined by JavaScript alone (a price formatted with Intl for its currency). The SQL writes a
 * marker in their place — \x01 name \x02 JSON-array-of-arguments \x01 — and `finishedWireParts` swaps each marker
 * for the JSON of the finisher's answer. No stored text can forge a marker: JSON text from the database escapes
 * every control character, so a raw \x01 comes from these expressions only.
 */
const finishers = new Map<string, (...args: never[]) => unknown>();

export function registerWireFinisher(name: string, finish: (...args: never[]) => unknown): void {
  if (!/^\w+$/.test(name)) throw new Error(`Wire finisher names are word characters: ${name}`);
  const known = finishers.get(name);
  if (known && known !== finish) throw new Error(`Wire finisher ${name} is registered twice`);
  finishers.set(name, finish);
}

/** SQL that writes the marker for `name` with the JSON texts of its arguments. */
export function finishedLater(name: string, jsonArgs: Prisma.Sql[]): Prisma.Sql {
  return Prisma.sql`(E'\\x01' || ${sqlString(name)} || E'\\x02[' || ${Prisma.join(jsonArgs, " || ',' || ")} || E']\\x01')`;
}

/**
 * Finished values by marker, for the short ones (a price: the same few amounts and currencies come back on page
 * after page). Finishers are pure functions of their arguments.
 */
const finishedByMarker = new Map<string, string>();
const MAX_CACHED_MARKER = 256;
const MAX_CACHED_MARKERS = 4096;

/** The JSON of a marker's finished value; `marker` is what stands between its \x01s: name \x02 arguments. */
function finishedMarker(marker: string): string {
  const cacheable = marker.length <= MAX_CACHED_MARKER;
  const known = cacheable ? finishedByMarker.get(marker) : undefined;
  if (known !== undefined) return known;
  const split = marker.indexOf('\x02');
  const name = marker.slice(0, split);
  const finish = finishers.get(name);
  if (!finish) throw new Error(`No wire finisher named ${name}`);
  const json = JSON.stringify(finish(...(JSON.parse(marker.slice(split + 1)) as never[])));
  if (cacheable) {
    if (finishedByMarker.size >= MAX_CACHED_MARKERS) finishedByMarker.clear();
    finishedByMarker.set(marker, json);
  }
  return json;
}

/**
 * The finished text of `text` as pieces, in order: the stretches between markers are slices of `text`, so a page of
 * ~200 KB is neither scanned by a regular expression nor copied before it is written out (see SerializedDocument).
 */
export function finishedWireParts(text: string): string[] {
  const parts: string[] = [];
  let from = 0;
  for (let start = text.indexOf('\x01'); start !== -1; start = text.indexOf('\x01', from)) {
    const split = text.indexOf('\x02', start);
    const end = split === -1 ? -1 : text.indexOf('\x01', split);
    if (end === -1) throw new Error('Unterminated wire marker');
    parts.push(text.slice(from, start), finishedMarker(text.slice(start + 1, end)));
    from = end + 1;
  }
  parts.push(from === 0 ? text : text.slice(from));
  return parts;
}

/**
 * A JSON array, as pieces, of resources each written as JSON text (with markers) by the database, in order. The
 * commas are pieces of their own: a resource's text is passed on as the database sent it, never copied.
 */
export function jsonArrayParts(resources: readonly string[]): string[] {
  const parts = ['['];
  resources.forEach((json, i) => {
    if (i > 0) parts.push(',');
    parts.push(...finishedWireParts(json));
  });
  parts.push(']');
  return parts;
}

/**
 * A row of a statement that returns a document's resources one per row (no row is large: node-postgres gathers
 * each row's bytes in a buffer that doubles until the row fits), in numbered sections, each in order.
 */
export interface ResourceRow {
  section: number;
  json: string | null;
  shown: string | null;
}

/**
 * A `UNION ALL` branch of such a statement: section `section`, one row per row of `from` (aliased `alias`) in
 * `orderBy` order, with its JSON text and its `type:id`. `more`: the statement's further columns, as NULLs.
 */
export function resourceRowsSql(section: number, rows: { from: Prisma.Sql; alias: Prisma.Sql; orderBy: Prisma.Sql; json: Prisma.Sql; type: string }, more: Prisma.Sql = Prisma.empty): Prisma.Sql {
  const { from, alias, orderBy, json, type } = rows;
  return Prisma.sql`UNION ALL SELECT ${Prisma.raw(String(section))}, (row_number() OVER (ORDER BY ${orderBy}))::int, ${json}, ${type}::text || ':' || ${alias}.id::text ${more} FROM ${from} ${alias}`;
}

/** The JSON texts of sections 0 … `count` − 1 of such rows, each in order, and every resource they show. */
export function resourceSections(rows: readonly ResourceRow[], count: number): { sections: string[][]; shown: string[] } {
  const sections: string[][] = Array.from({ length: count }, () => []);
  const shown: string[] = [];
  for (const row of rows) {
    if (row.json === null) continue;
    sections[row.section].push(row.json);
    shown.push(row.shown!);
  }
  return { sections, shown };
}

registerWireFinisher('json', (value: never) => value);

/**
 * A json or jsonb column shown as `JSON.stringify` writes the value Prisma reads from it. The database's text of
 * a jsonb value has spaces and its numbers as stored (`1.50`), so it is written again when the page is finished.
 */
export function jsonColumn<Row, Ctx>(key: string, column: string, pick: (row: Row) => unknown): WireMember<Row, Ctx> {
  return { key, value: (row) => pick(row), sql: (t) => finishedLater('json', [Prisma.sql`${col(t, column)}::text`]) };
}

/** `timestamps` as every resource shows them (see `timestamps` in common/http). */
export function timestampsMember<Row extends { createdAt: Date; updatedAt: Date }, Ctx>(): WireMember<Row, Ctx> {
  return computed('timestamps', (row) => timestamps(row), (t) => {
    const updated = Prisma.sql`COALESCE(${col(t, 'updated_at')}, ${col(t, 'created_at')})`;
    return Prisma.sql`'{"created_at":' || ${isoTimeSql(col(t, 'created_at'))} || ',"updated_at":' || ${isoTimeSql(updated)} || '}'`;
  });
}
