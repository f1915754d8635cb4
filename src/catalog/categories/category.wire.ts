import { Prisma } from '../../generated/prisma/client';
import { closed, oneOfStrings, string, uuid } from '../../common/openapi/json-schema';
import { toMany } from '../../common/openapi/wire-schemas';
import { sqlColumnName } from '../../common/list-query/sql-list-query';
import { col, computed, constant, field, nested, timestampsMember, when, wireFormat } from '../../common/wire/wire-format';
import { CATEGORY_STATUSES } from './dto/category.dto';
import type { CategoryRow } from './categories.presenter';

/** A storefront (implicit) token sees the category's live products only. */
export interface CategoryWireContext {
  liveOnly: boolean;
}

/** Strings in Elastic Path's docs (the SDK's Category has neither): present when set, left out when not (never null). */
function presentWhenSet<K extends string, F extends 'backgroundColour' | 'backgroundImage'>(key: K, rowField: F) {
  return when(
    field<CategoryRow, CategoryWireContext, K, F>(key, rowField, string()),
    (row) => row[rowField] !== null,
    (t) => Prisma.sql`${col(t, sqlColumnName({ column: rowField }))} IS NOT NULL`,
  );
}

/** Elastic Path's Category always has `relationships.products.data`, ordered as the products were linked. */
function productLinksSql(t: Prisma.Sql, ctx: CategoryWireContext): Prisma.Sql {
  // A link knows whether its product is live (product_live, kept by triggers): a storefront's list comes from the
  // index on (category, live, link order) alone.
  const live = ctx.liveOnly ? Prisma.sql`AND l.product_live` : Prisma.empty;
  // The ids in index order joined in one call, rather than one JSON object aggregated (and sorted) per link.
  return Prisma.sql`'{"products":{"data":' || COALESCE('[{"type":"product","id":"' || NULLIF(array_to_string(ARRAY(SELECT l.product_id
    FROM product_categories l WHERE l.category_id = ${col(t, 'id')} ${live} ORDER BY l.created_at, l.product_id), '"},{"type":"product","id":"'), '') || '"}]', '[]') || '}}'`;
}

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/**
 * A category as the API shows it: its OpenAPI schema (`Category`), `PresentedCategory` and the list's filters and
 * sorts (CATEGORIES_SPEC) come from here.
 */
export const CATEGORY_WIRE = wireFormat<CategoryRow, CategoryWireContext>()([
  constant('type', 'category'),
  field('id', 'id', uuid(), { filter: [...CMP, 'in'], sortable: true }),
  field('name', 'name', string({ minLength: 1 }), { filter: ['eq', 'like'], sortable: true }),
  field('slug', 'slug', string({ minLength: 1 }), { filter: ['eq', 'like'], sortable: true }),
  field('description', 'description', string(), { sortable: true }),
  field('status', 'status', oneOfStrings(CATEGORY_STATUSES), { filter: ['eq'], sortable: true }),
  presentWhenSet('background_colour', 'backgroundColour'),
  presentWhenSet('background_image', 'backgroundImage'),
  field('parent_id', 'parentId', uuid(), { nullable: true }),
  nested('meta', wireFormat<CategoryRow, CategoryWireContext>()([timestampsMember()])),
  computed(
    'relationships',
    (row) => ({ products: { data: row.productIds.map((id) => ({ type: 'product' as const, id })) } }),
    productLinksSql,
    closed({ products: toMany('product') }),
  ),
]);
