import { timestamps } from '../../common/http/timestamps';
import type { Category } from '../../generated/prisma/client';

/** A category with its product links loaded: Elastic Path's Category always has `relationships.products.data`. */
export type CategoryRow = Category & { productIds: string[] };

export function presentCategory(row: CategoryRow) {
  const relationships = { products: { data: row.productIds.map((id) => ({ type: 'product' as const, id })) } };
  return {
    type: 'category',
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    status: row.status,
    // Strings in Elastic Path's docs (the SDK's Category has neither): present when set, left out when not (never null).
    ...(row.backgroundColour !== null ? { background_colour: row.backgroundColour } : {}),
    ...(row.backgroundImage !== null ? { background_image: row.backgroundImage } : {}),
    parent_id: row.parentId,
    meta: { timestamps: timestamps(row) },
    relationships,
  };
}

export type PresentedCategory = ReturnType<typeof presentCategory>;
export type CategoryNode = PresentedCategory & { children: CategoryNode[] };

/** Nests categories under their parents (roots: no parent, or a parent not in the list). */
export function buildTree(categories: PresentedCategory[]): CategoryNode[] {
  const nodes = new Map<string, CategoryNode>(categories.map((c) => [c.id, { ...c, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id ? nodes.get(node.parent_id) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
