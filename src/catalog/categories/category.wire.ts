import { Prisma } from '../../generated/prisma/client';
import { col, computed, constant, nested, scalar, timestampsMember, when, WireFormat } from '../../common/wire/wire-format';
import type { CategoryRow } from './categories.presenter';

/** A storefront (implicit) token sees the category's live products only. */
export interface CategoryWireContext {
  liveOnly: boolean;
}

/** Strings in Elastic Path's docs (the SDK's Category has neither): present when set, left out when not (never null). */
function presentWhenSet(key: string, column: string, pick: (row: CategoryRow) => string | null) {
  return when<CategoryRow, CategoryWireContext>(
    scalar(key, column, pick),
    (row) => pick(row) !== null,
    (t) => Prisma.sql`${col(t, column)} IS NOT NULL`,
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

export const CATEGORY_WIRE = new WireFormat<CategoryRow, CategoryWireContext>([
  constant('type', 'category'),
  scalar('id', 'id', (r) => r.id),
  scalar('name', 'name', (r) => r.name),
  scalar('slug', 'slug', (r) => r.slug),
  scalar('description', 'description', (r) => r.description),
  scalar('status', 'status', (r) => r.status),
  presentWhenSet('background_colour', 'background_colour', (r) => r.backgroundColour),
  presentWhenSet('background_image', 'background_image', (r) => r.backgroundImage),
  scalar('parent_id', 'parent_id', (r) => r.parentId, { nullable: true }),
  nested(
    'meta',
    new WireFormat([
      timestampsMember(),
    ]),
  ),
  computed('relationships', (row) => ({ products: { data: row.productIds.map((id) => ({ type: 'product', id })) } }), productLinksSql),
]);
