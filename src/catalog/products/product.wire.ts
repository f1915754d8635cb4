import { Prisma } from '../../generated/prisma/client';
import { displayPrice } from '../../common/money/money';
import { displayPriceSql } from '../../common/money/display-price.wire';
import { arrayOf, boolean, closed, integer, oneOfStrings, ref, string, uuid } from '../../common/openapi/json-schema';
import { toMany, WIRE } from '../../common/openapi/wire-schemas';
import { col, computed, constant, field, nested, relationshipTo, sqlString, timestampsMember, wireFormat } from '../../common/wire/wire-format';
import { COMMODITY_TYPES, PRODUCT_STATUSES } from './dto/product.dto';
import type { ProductRow } from './products.presenter';

/** What the wire shows depends on who reads: a storefront (implicit) token sees links to live categories only. */
export interface ProductWireContext {
  liveOnly: boolean;
}

/**
 * What an omitted `price[].includes_tax` means. The reference is silent; every EP example shows `true`,
 * and cart lines already default to it.
 */
export const DEFAULT_INCLUDES_TAX = true;

export interface Price {
  amount: number;
  currency: string;
  includes_tax: boolean;
}

/**
 * The stored prices, `includes_tax` always a boolean. Rows written by other tools may lack it, or hold entries
 * that are not prices at all (no integer amount or no currency): those are left out.
 */
export function productPrices(row: Pick<ProductRow, 'price'>): Price[] {
  if (!Array.isArray(row.price)) return [];
  return (row.price as unknown[])
    .filter((p): p is Partial<Price> => typeof p === 'object' && p !== null && Number.isInteger((p as Price).amount) && typeof (p as Price).currency === 'string')
    .map((p) => ({
      amount: p.amount as number,
      currency: p.currency as string,
      includes_tax: typeof p.includes_tax === 'boolean' ? p.includes_tax : DEFAULT_INCLUDES_TAX,
    }));
}

/** The same prices in SQL, as a FROM list: `e.p` is one valid entry, `e.n` its position. */
function priceEntries(t: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`jsonb_array_elements(CASE WHEN jsonb_typeof(${t}.price) = 'array' THEN ${t}.price ELSE '[]'::jsonb END) WITH ORDINALITY AS e(p, n)
    WHERE jsonb_typeof(e.p) = 'object' AND jsonb_typeof(e.p->'amount') = 'number' AND jsonb_typeof(e.p->'currency') = 'string'
      AND (e.p->>'amount')::numeric = trunc((e.p->>'amount')::numeric)`;
}
const AMOUNT = Prisma.sql`trunc((e.p->>'amount')::numeric)::text`;
const CURRENCY = Prisma.sql`to_json(e.p->>'currency')::text`;

const DISPLAY_PRICE_SQL = displayPriceSql(AMOUNT, CURRENCY);

function relationshipIds(type: string, ids: string[] | undefined) {
  return ids?.length ? { data: ids.map((id) => ({ type, id })) } : undefined;
}

/** `{"data":[{"type":…,"id":…},…]}` of the link rows (those `andWhere` keeps), ordered as the repository reads them; NULL when none. */
function linkedSql(type: string, linkTable: string, idColumn: string, t: Prisma.Sql, andWhere: Prisma.Sql = Prisma.empty): Prisma.Sql {
  const id = Prisma.raw(`l.${idColumn}`);
  return Prisma.sql`(SELECT '{"data":[' || string_agg('{"type":"' || ${sqlString(type)} || '","id":"' || ${id}::text || '"}', ',' ORDER BY l.created_at, ${id}) || ']}'
    FROM ${Prisma.raw(linkTable)} l WHERE l.product_id = ${t}.id ${andWhere})`;
}

const RELATIONSHIPS = wireFormat<ProductRow, ProductWireContext>()([
  computed(
    'files',
    (row) => relationshipIds('file', row.files?.map((f) => f.fileId)),
    (t) => linkedSql('file', 'product_files', 'file_id', t),
    toMany('file'),
    { optional: true },
  ),
  computed(
    'categories',
    (row) => relationshipIds('category', row.categories?.map((c) => c.categoryId)),
    // A storefront sees live categories only: each link's category looked up by its key (a join made PostgreSQL
    // hash every category once per product).
    (t, ctx) => linkedSql('category', 'product_categories', 'category_id', t, ctx.liveOnly ? Prisma.sql`AND (SELECT lc.status FROM categories lc WHERE lc.id = l.category_id) = 'live'` : Prisma.empty),
    toMany('category'),
    { optional: true },
  ),
  relationshipTo('main_image', 'main_image', 'main_image_id', (row) => row.mainImageId),
]);

const META = wireFormat<ProductRow, ProductWireContext>()([
  timestampsMember(),
  computed(
    'display_price',
    (row) => {
      const first = productPrices(row)[0];
      if (!first) return undefined;
      const shown = displayPrice(first.amount, first.currency);
      return { with_tax: shown, without_tax: { ...shown } };
    },
    (t) => Prisma.sql`(SELECT '{"with_tax":' || d || ',"without_tax":' || d || '}' FROM (SELECT ${DISPLAY_PRICE_SQL} AS d FROM ${priceEntries(t)} ORDER BY e.n LIMIT 1) first_price)`,
    closed({ with_tax: ref(WIRE.DisplayPrice), without_tax: ref(WIRE.DisplayPrice) }),
    { optional: true },
  ),
  computed(
    'stock',
    (row) => ({ level: row.stockLevel, availability: !row.manageStock || row.stockLevel > 0 ? 'in-stock' : 'out-stock' }),
    (t) =>
      Prisma.sql`'{"level":' || ${col(t, 'stock_level')}::text || ',"availability":' ||
        CASE WHEN NOT ${col(t, 'manage_stock')} OR ${col(t, 'stock_level')} > 0 THEN '"in-stock"' ELSE '"out-stock"' END || '}'`,
    closed({ level: integer(), availability: oneOfStrings(['in-stock', 'out-stock']) }),
  ),
]);

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/**
 * A product as the API shows it, member by member: its value, its SQL, its schema, and how a list filters and
 * sorts by it (PRODUCTS_SPEC). Its OpenAPI schema (`Product`) and `PresentedProduct` come from here.
 */
export const PRODUCT_WIRE = wireFormat<ProductRow, ProductWireContext>()([
  constant('type', 'product'),
  field('id', 'id', uuid(), { filter: [...CMP, 'in'], sortable: true }),
  field('name', 'name', string({ minLength: 1 }), { filter: ['eq', 'like'], sortable: true }),
  field('slug', 'slug', string({ minLength: 1 }), { filter: ['eq', 'like'], sortable: true }),
  field('sku', 'sku', string({ minLength: 1 }), { filter: ['eq', 'like'], sortable: true }),
  field('description', 'description', string(), { filter: ['like'], sortable: true }),
  field('manage_stock', 'manageStock', boolean(), { filter: ['eq'], sortable: true }),
  computed(
    'price',
    productPrices,
    (t) =>
      Prisma.sql`COALESCE((SELECT '[' || string_agg('{"amount":' || ${AMOUNT} || ',"currency":' || ${CURRENCY} || ',"includes_tax":' ||
      CASE WHEN jsonb_typeof(e.p->'includes_tax') = 'boolean' THEN e.p->>'includes_tax' ELSE ${sqlString(String(DEFAULT_INCLUDES_TAX))} END || '}', ',' ORDER BY e.n) || ']'
      FROM ${priceEntries(t)}), '[]')`,
    arrayOf(ref(WIRE.Money)),
  ),
  field('status', 'status', oneOfStrings(PRODUCT_STATUSES), { filter: ['eq', 'like'], sortable: true }),
  field('commodity_type', 'commodityType', oneOfStrings(COMMODITY_TYPES), { filter: ['eq'], sortable: true }),
  field('tax-code', 'taxCode', string(), { nullable: true }),
  nested('meta', META),
  nested('relationships', RELATIONSHIPS),
]);
