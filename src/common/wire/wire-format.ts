import { Prisma } from '../../generated/prisma/client';
import type { FilterOp, ListFieldSpec, ListFieldType, ListResourceSpec } from '../list-query/list-spec';
import { columnSql as col, sqlColumnName } from '../list-query/sql-list-query';
import { timestamps } from '../http/timestamps';
import { closed, constant as constantSchema, JsonSchema, nullable as nullableSchema, ref } from '../openapi/json-schema';
import { toOne, WIRE } from '../openapi/wire-schemas';

/**
 * A resource's wire format, declared once and rendered two ways: as a JavaScript object from a row read
 * through Prisma (`present`), and as a SQL expression that has the database write the same object as JSON
 * text (`jsonSql`), so that a page can leave the database as the bytes the client receives. Members keep
 * their declared order in both; a member is left out when its value is `undefined` (JavaScript) or NULL (SQL).
 *
 * The same declaration gives the resource's OpenAPI schema (`schema()`), the TypeScript type of what the
 * presenter answers (`Presented<typeof FORMAT>`) and, for members that are columns, the list's filters and
 * sorts (`listSpec()`). Declare a format with `wireFormat<Row, Ctx>()([...members])` so that those types are
 * inferred from the members.
 */
export interface WireMember<Row, Ctx, K extends string = string, V = unknown> {
  key: K;
  value(row: Row, ctx: Ctx): V;
  /** The member's JSON text from the columns of the row aliased `t`; NULL leaves the member out. */
  sql(t: Prisma.Sql, ctx: Ctx): Prisma.Sql;
  /** The member's JSON Schema in the OpenAPI document (see WireFormat.schema). */
  schema?: JsonSchema | (() => JsonSchema);
  /** The member may be left out of the object (its value `undefined`, its SQL NULL). */
  optional?: boolean;
  /** How a list filters and sorts by this member (see WireFormat.listSpec). */
  list?: ListFieldSpec;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMember = WireMember<any, any, string, unknown>;
type ValueOf<E extends AnyMember> = ReturnType<E['value']>;
type MemberObject<M extends readonly AnyMember[]> = {
  [E in M[number] as undefined extends ValueOf<E> ? never : E['key']]: ValueOf<E>;
} & {
  [E in M[number] as undefined extends ValueOf<E> ? E['key'] : never]?: Exclude<ValueOf<E>, undefined>;
};
/** The object a format's members make: a member whose value may be `undefined` is an optional property. */
export type WireObject<M extends readonly AnyMember[]> = { [K in keyof MemberObject<M>]: MemberObject<M>[K] };

/** What `FORMAT.present(row, ctx)` answers: `type PresentedThing = Presented<typeof THING_WIRE>`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Presented<F> = F extends WireFormat<any, any, infer M> ? WireObject<M> : never;

/** Contexts hold a link origin, which comes from the request: bounded, whatever hosts clients send. */
const MAX_BUILT = 64;

export class WireFormat<Row, Ctx = void, M extends readonly WireMember<Row, Ctx, string, unknown>[] = WireMember<Row, Ctx>[]> {
  constructor(readonly members: M) {}

  present(row: Row, ctx: Ctx): WireObject<M> {
    const out: Record<string, unknown> = {};
    for (const m of this.members) {
      const v = m.value(row, ctx);
      if (v !== undefined) out[m.key] = v;
    }
    return out as WireObject<M>;
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

  /**
   * The JSON Schema of the object, closed (`additionalProperties: false`): every member's schema in declared
   * order, required unless it may be left out. `extra` adds keywords (`example`, `description`). Every member
   * must declare its schema.
   */
  schema(extra: JsonSchema = {}): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    for (const m of this.members) {
      if (!m.schema) throw new Error(`The wire member ${m.key} declares no schema`);
      properties[m.key] = typeof m.schema === 'function' ? m.schema() : m.schema;
    }
    return closed(properties, this.members.filter((m) => m.optional).map((m) => m.key), extra);
  }

  /**
   * The list spec of a list of these resources: each member declared with `filter` or `sortable` (see `field`),
   * in declared order, then `more` (fields that are no member of the object: a relation, a timestamp). `order`
   * names fields that the document lists first, in that order, where it lists them otherwise than the members.
   */
  listSpec(options: { defaultSort: string; maxOffset?: number; more?: Record<string, ListFieldSpec>; order?: readonly string[] }): ListResourceSpec {
    const declared: Record<string, ListFieldSpec> = {};
    for (const [name, field] of this.listFields()) declared[name] = field;
    Object.assign(declared, options.more ?? {});
    const fields: Record<string, ListFieldSpec> = {};
    for (const name of options.order ?? []) {
      if (!declared[name]) throw new Error(`The list field ${name} is ordered but not declared`);
      fields[name] = declared[name];
    }
    Object.assign(fields, declared);
    return { fields, defaultSort: options.defaultSort, ...(options.maxOffset !== undefined ? { maxOffset: options.maxOffset } : {}) };
  }

  /** The members that are list fields, by key. */
  listFields(): [string, ListFieldSpec][] {
    return this.members.flatMap((m): [string, ListFieldSpec][] => (m.list ? [[m.key, m.list]] : []));
  }
}

/**
 * `wireFormat<Row, Ctx>()([...members])`: a WireFormat whose object type (`Presented<typeof F>`) is inferred from
 * its members, and whose members' rows are checked against `Row` (a field that is not a column fails to compile).
 */
export function wireFormat<Row, Ctx = void>() {
  return <const M extends readonly WireMember<Row, Ctx, string, unknown>[]>(members: M): WireFormat<Row, Ctx, M> => new WireFormat<Row, Ctx, M>(members);
}

/** A constant SQL string literal (code-defined text only: keys and constants, never input). */
export function sqlString(text: string): Prisma.Sql {
  return Prisma.raw(`'${text.replace(/'/g, "''")}'`);
}

/** A column of the row: `t.column`. */
export { col };

// ---------- members ----------

function constantValueSchema(value: string | number | boolean): JsonSchema {
  if (typeof value === 'string') return constantSchema(value);
  return { type: typeof value === 'boolean' ? 'boolean' : Number.isInteger(value) ? 'integer' : 'number', const: value };
}

export function constant<Row, Ctx, K extends string = string, const V extends string | number | boolean = string | number | boolean>(key: K, value: V): WireMember<Row, Ctx, K, V> {
  return { key, value: () => value, sql: () => sqlString(JSON.stringify(value)), schema: constantValueSchema(value) };
}

/**
 * A text, uuid, integer or boolean column shown as it is; `nullable` shows SQL NULL as `null` (else a NULL
 * column would leave the member out, as `undefined` does in JavaScript). `schema`: the member's JSON Schema
 * (made nullable with `nullable`). A member that is a field of the row is shorter with `field`.
 */
export function scalar<Row, Ctx, K extends string = string, V = unknown>(
  key: K,
  column: string,
  pick: (row: Row) => V,
  opts: { nullable?: boolean; schema?: JsonSchema } = {},
): WireMember<Row, Ctx, K, V> {
  return {
    key,
    value: (row) => pick(row),
    sql: (t) => (opts.nullable ? Prisma.sql`COALESCE(to_json(${col(t, column)})::text, 'null')` : Prisma.sql`to_json(${col(t, column)})::text`),
    ...(opts.schema ? { schema: opts.nullable ? nullableSchema(opts.schema) : opts.schema } : {}),
  };
}

export interface FieldOptions {
  /** The column may be NULL, shown as `null` (and the schema says so). */
  nullable?: boolean;
  /** The operators a list's `filter` allows on this member. */
  filter?: FilterOp[];
  /** A list may be sorted by this member. */
  sortable?: boolean;
}

/** The list field type of a member from its schema. */
function listFieldType(schema: JsonSchema, key: string): ListFieldType {
  if (schema.format === 'uuid') return 'uuid';
  if (schema.format === 'date-time') return 'datetime';
  if (schema.type === 'string' || schema.type === 'integer' || schema.type === 'boolean') return schema.type;
  throw new Error(`The wire member ${key} cannot be filtered or sorted: its schema is no string, integer, boolean, uuid or date-time`);
}

/**
 * A member that is a field of the row, shown as it is (text, uuid, integer, boolean): its value `row[rowField]`,
 * its SQL the column `rowField` in snake_case (the schema's `@map` convention), its JSON Schema `schema`.
 * `filter` and `sortable` make it a field of the list's spec (WireFormat.listSpec).
 */
export function field<Row, Ctx, K extends string, F extends keyof Row & string>(key: K, rowField: F, schema: JsonSchema, opts: FieldOptions = {}): WireMember<Row, Ctx, K, Row[F]> {
  const listed = opts.filter?.length || opts.sortable;
  return {
    ...scalar<Row, Ctx, K, Row[F]>(key, sqlColumnName({ column: rowField }), (row) => row[rowField], { nullable: opts.nullable, schema }),
    ...(listed ? { list: { column: rowField, type: listFieldType(schema, key), ...(opts.filter?.length ? { ops: opts.filter } : {}), ...(opts.sortable ? { sortable: true } : {}) } } : {}),
  };
}

/** A timestamp column as RFC 3339 UTC with milliseconds, the JSON string `Date.toISOString` writes. */
export function isoTimeSql(column: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`('"' || to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"')`;
}

/** A nested object, always present (possibly `{}`); its schema is the nested format's. */
export function nested<Row, Ctx, K extends string = string, M extends readonly WireMember<Row, Ctx, string, unknown>[] = WireMember<Row, Ctx>[]>(key: K, format: WireFormat<Row, Ctx, M>): WireMember<Row, Ctx, K, WireObject<M>> {
  return { key, value: (row, ctx) => format.present(row, ctx), sql: (t, ctx) => format.jsonSql(t, ctx), schema: () => format.schema() };
}

/** A member shown only for some rows: `show` and `sqlShow` are the same condition, in each language. */
export function when<Row, Ctx, K extends string = string, V = unknown>(
  member: WireMember<Row, Ctx, K, V>,
  show: (row: Row, ctx: Ctx) => boolean,
  sqlShow: (t: Prisma.Sql, ctx: Ctx) => Prisma.Sql,
): WireMember<Row, Ctx, K, V | undefined> {
  return {
    key: member.key,
    value: (row, ctx) => (show(row, ctx) ? member.value(row, ctx) : undefined),
    sql: (t, ctx) => Prisma.sql`CASE WHEN ${sqlShow(t, ctx)} THEN ${member.sql(t, ctx)} END`,
    ...(member.schema ? { schema: member.schema } : {}),
    optional: true,
  };
}

/**
 * Any other member: its two renderings side by side, and its JSON Schema. A member whose value may be
 * `undefined` (SQL NULL) is optional in the schema and in the presented type.
 */
export function computed<Row, Ctx, K extends string = string, V = unknown>(
  key: K,
  value: (row: Row, ctx: Ctx) => V,
  sql: (t: Prisma.Sql, ctx: Ctx) => Prisma.Sql,
  schema?: JsonSchema,
  opts: { optional?: boolean } = {},
): WireMember<Row, Ctx, K, V> {
  return { key, value, sql, ...(schema ? { schema } : {}), ...(opts.optional ? { optional: true } : {}) };
}

/**
 * A member only JavaScript computes (a cart's totals, priced by its promotions): the format it is in is presented
 * (`present`, `schema`, `Presented<>`), never written by the database, whose `jsonSql` refuses it.
 */
export function presentedOnly<Row, Ctx, K extends string = string, V = unknown>(key: K, value: (row: Row, ctx: Ctx) => V, schema: JsonSchema, opts: { optional?: boolean } = {}): WireMember<Row, Ctx, K, V> {
  return computed(
    key,
    value,
    () => {
      throw new Error(`The wire member ${key} is computed by JavaScript only: its format is not written by the database`);
    },
    schema,
    opts,
  );
}

/** The context of a format with absolute links: `linkBase` is the origin the request came in on (or PUBLIC_BASE_URL). */
export interface LinkContext {
  linkBase: string;
}

/** The comparisons a list allows on an id or a timestamp. */
export const COMPARISONS = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/** `links.self`, the absolute URL of the resource at `/v2/<collection>/<id>` from the request's origin (`ctx.linkBase`). */
export function selfLinkMember<Row extends { id: string }, Ctx extends LinkContext>(collection: string): WireMember<Row, Ctx, 'links', { self: string }> {
  return computed(
    'links',
    (row: Row, ctx: Ctx) => ({ self: `${ctx.linkBase}/v2/${collection}/${row.id}` }),
    (t: Prisma.Sql, ctx: Ctx) => Prisma.sql`'{"self":' || to_json(${ctx.linkBase}::text || ${`/v2/${collection}/`}::text || ${col(t, 'id')}::text)::text || '}'`,
    ref(WIRE.SelfLink),
  );
}

/** A to-one relationship, `{"data":{"type":…,"id":…}}`, from a nullable id column: left out when there is none. */
export function relationshipTo<Row, Ctx, K extends string = string>(key: K, type: string, column: string, pick: (row: Row) => string | null): WireMember<Row, Ctx, K, { data: { type: string; id: string } } | undefined> {
  return when(
    computed<Row, Ctx, K, { data: { type: string; id: string } }>(
      key,
      (row) => ({ data: { type, id: pick(row)! } }),
      (t) => Prisma.sql`${sqlString(`{"data":{"type":${JSON.stringify(type)},"id":"`)} || ${col(t, column)}::text || '"}}'`,
      toOne(type),
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
export function jsonColumn<Row, Ctx, K extends string = string, V = unknown>(key: K, column: string, pick: (row: Row) => V, schema?: JsonSchema): WireMember<Row, Ctx, K, V> {
  return { key, value: (row) => pick(row), sql: (t) => finishedLater('json', [Prisma.sql`${col(t, column)}::text`]), ...(schema ? { schema } : {}) };
}

/** `timestamps` as every resource shows them (see `timestamps` in common/http). */
export function timestampsMember<Row extends { createdAt: Date; updatedAt: Date }, Ctx>(): WireMember<Row, Ctx, 'timestamps', ReturnType<typeof timestamps>> {
  return computed('timestamps', (row: Row) => timestamps(row), (t: Prisma.Sql) => {
    const updated = Prisma.sql`COALESCE(${col(t, 'updated_at')}, ${col(t, 'created_at')})`;
    return Prisma.sql`'{"created_at":' || ${isoTimeSql(col(t, 'created_at'))} || ',"updated_at":' || ${isoTimeSql(updated)} || '}'`;
  }, ref(WIRE.Timestamps));
}
