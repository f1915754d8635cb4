import { randomUUID } from 'node:crypto';
import type { FilterOp, ListFieldSpec, ListResourceSpec } from '../../src/common/list-query';

/** A test that runs a generated set of cases makes hundreds of requests: minutes on a loaded machine, not one. */
export const GENERATED_CASES_TIMEOUT_MS = 300_000;

/**
 * Products whose columns hold what filters and sorts find hard: LIKE wildcards and escapes, quotes, case
 * variants, nulls, equal timestamps. With the filter strings that try every field with every allowed operator.
 */

const NAMES = [
  'Alpha', 'alpha', 'ALPHA beta', '100% cotton', '100 percent', 'snake_case', 'snakeXcase', 'back\\slash',
  'back/slash', "it's", 'say "hi"', 'star*name', 'starname', 'a,b (c)', 'pipe|colon:x', 'Ünïcode', 'zeta', 'Zeta',
  ' spaced ', 'trailing\\',
];
const STATUSES = ['live', 'draft', 'Live', 'archived'];
const DESCRIPTIONS = ['', 'Soft 100% cotton', 'snake_case desc', 'back\\slash desc', "quote's", 'Soft'];
const TAX_CODES = [null, 'std', 'zero', 'Std', 'st_d'];
const STOCK = [0, 5, -1, 100, 5, 2147483647, -2147483648];
const BASE = Date.parse('2024-03-01T10:00:00.000Z');

export const FILE_IDS = [randomUUID(), randomUUID()];
export const CATEGORY_IDS = [randomUUID(), randomUUID(), randomUUID()];

export const PRODUCTS = Array.from({ length: 32 }, (_, i) => ({
  id: randomUUID(),
  name: NAMES[i % NAMES.length],
  slug: i % 5 === 0 ? `slug_${i}%` : `slug-${i}`,
  sku: i % 3 === 0 ? `sku_${i}` : `SKU-${i}`,
  status: STATUSES[i % STATUSES.length],
  description: DESCRIPTIONS[i % DESCRIPTIONS.length],
  commodityType: i % 3 === 0 ? 'digital' : 'physical',
  manageStock: i % 2 === 0,
  taxCode: TAX_CODES[i % TAX_CODES.length],
  stockLevel: STOCK[i % STOCK.length],
  mainImageId: i % 4 === 0 ? null : FILE_IDS[i % 2],
  // Three products to a timestamp: the id tiebreaker decides their order.
  createdAt: new Date(BASE + Math.floor(i / 3) * 1000 + (i % 7 === 0 ? 123 : 0)),
  updatedAt: new Date(BASE + ((i * 7) % 10) * 500),
  price: [],
}));

/** product index → categories (some products have none, some several). */
export const PRODUCT_CATEGORIES = PRODUCTS.flatMap((p, i) =>
  CATEGORY_IDS.filter((_, c) => (i + c) % (c + 2) === 0).map((categoryId) => ({ productId: p.id, categoryId })),
);

/**
 * Product columns of every type under every operator Prisma takes on them: `is_null` on nullable columns
 * only, and no `in` on booleans (Prisma's Boolean filter has none).
 */
const ALL_OPS: FilterOp[] = ['eq', 'like', 'gt', 'ge', 'lt', 'le', 'in'];
const f = (column: string, type: ListFieldSpec['type'], nullable = false): ListFieldSpec => ({
  column,
  type,
  ops: [...ALL_OPS.filter((op) => type !== 'boolean' || op !== 'in'), ...(nullable ? (['is_null'] as const) : [])],
  sortable: true,
});
export const WIDE_PRODUCTS_SPEC: ListResourceSpec = {
  fields: {
    id: f('id', 'uuid'),
    name: f('name', 'string'),
    tax_code: f('taxCode', 'string', true),
    main_image_id: f('mainImageId', 'uuid', true),
    stock_level: f('stockLevel', 'integer'),
    manage_stock: f('manageStock', 'boolean'),
    created_at: f('createdAt', 'datetime'),
    updated_at: f('updatedAt', 'datetime'),
  },
  defaultSort: 'created_at',
};

/** A quoted filter operand; `*` stays a wildcard only where `wild` puts it. */
function quoted(text: string, wild: { before?: boolean; after?: boolean } = {}): string {
  const escaped = text.replace(/["\\*]/g, '\\$&');
  return `"${wild.before ? '*' : ''}${escaped}${wild.after ? '*' : ''}"`;
}

function distinct<T>(values: T[]): T[] {
  return [...new Map(values.map((v) => [String(v), v])).values()];
}

const flipCase = (s: string) => [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** Operands for one field: stored values, their case variants, values between and beyond them. */
function operands(spec: ListFieldSpec): string[] {
  const key = spec.column as keyof (typeof PRODUCTS)[number];
  const stored = distinct(PRODUCTS.map((p) => p[key])).filter((v) => v !== null && v !== '');
  switch (spec.type) {
    case 'string': {
      const strings = (stored as string[]).slice(0, 6);
      return [...strings.map((s) => quoted(s)), quoted(flipCase(strings[0])), quoted(strings[1].toUpperCase()), 'M', 'nothing-like-it'];
    }
    case 'uuid': {
      const ids = (stored as string[]).sort();
      return [ids[0], ids[Math.floor(ids.length / 2)].toUpperCase(), ids[ids.length - 1], randomUUID()];
    }
    case 'integer':
      return ['0', '5', '-1', '2147483647', '-2147483648', '42'];
    case 'boolean':
      return ['true', 'FALSE'];
    case 'datetime': {
      const times = (stored as Date[]).map((d) => d.getTime()).sort((a, b) => a - b);
      const mid = times[Math.floor(times.length / 2)];
      return [new Date(mid).toISOString(), String(mid + 1), new Date(mid + 500).toISOString().replace('Z', '+00:00'), '2024-03-01', new Date(times[0]).toISOString()];
    }
  }
}

function likeOperands(spec: ListFieldSpec): string[] {
  const key = spec.column as keyof (typeof PRODUCTS)[number];
  const stored = distinct(PRODUCTS.map((p) => p[key])).filter((v): v is string => typeof v === 'string' && v.length > 0);
  const fromData = stored.slice(0, 8).flatMap((s) => [
    quoted(s.slice(1, -1), { before: true, after: true }),
    quoted(s.slice(0, 2), { after: true }),
    quoted(flipCase(s)),
    quoted(s.slice(-3), { before: true }),
  ]);
  const special = ['*%*', '*_*', '"*\\\\*"', '"*\'*"', `'*"*'`, '**', '"*\\**"', '*', 'a*a', 'snake_case', '100%*', 'nothing*'];
  return [...fromData, ...special];
}

/** What the filter parser accepts on a field type. */
function allowed(type: ListFieldSpec['type'], op: FilterOp): boolean {
  if (type === 'string') return true;
  return type === 'boolean' ? ['eq', 'in', 'is_null'].includes(op) : op !== 'like';
}

/** One clause per field × allowed operator × operand. */
export function clausesFor(spec: ListResourceSpec): string[] {
  const out: string[] = [];
  for (const [field, fieldSpec] of Object.entries(spec.fields)) {
    for (const op of (fieldSpec.ops ?? []).filter((o) => allowed(fieldSpec.type, o))) {
      if (op === 'is_null') out.push(`is_null(${field})`);
      else if (op === 'like') out.push(...likeOperands(fieldSpec).map((v) => `like(${field},${v})`));
      else if (op === 'in') {
        const v = operands(fieldSpec);
        out.push(`in(${field},${v[0]})`, `in(${field},${v.slice(0, 3).join(',')})`, `in(${field},${v.slice(-3).join(',')})`);
      } else out.push(...operands(fieldSpec).map((v) => `${op}(${field},${v})`));
    }
  }
  return out;
}

/** AND, OR and nested groups of the clauses, picked by a fixed pseudo-random walk. */
export function groupsOf(clauses: string[], count: number): string[] {
  let seed = 7;
  const pick = () => clauses[(seed = (seed * 1103515245 + 12345) % 2147483648) % clauses.length];
  return Array.from({ length: count }, (_, i) => {
    const [a, b, c] = [pick(), pick(), pick()];
    return [`${a}:${b}`, `(${a}|${b})`, `(${a}:${b}|${c})`, `(${a}|${b}):${c}`, `((${a}|${b}):${c}|${a})`][i % 5];
  });
}

/** Every sortable field both ways, with the pages a client walks (one past the end too). */
export function sortsOf(spec: ListResourceSpec): { sort: string; page: { limit: string; offset: string } }[] {
  const pages = [['5', '0'], ['5', '5'], ['7', '20'], ['100', '0'], ['3', '30'], ['10', '40']];
  return Object.entries(spec.fields)
    .filter(([, f]) => f.sortable)
    .flatMap(([field]) => [field, `-${field}`])
    .flatMap((sort) => pages.map(([limit, offset]) => ({ sort, page: { limit, offset } })));
}
