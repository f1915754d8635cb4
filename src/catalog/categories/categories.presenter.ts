import type { Category } from '../../generated/prisma/client';
import type { Presented } from '../../common/wire/wire-format';
import { CATEGORY_WIRE } from './category.wire';

/** A category with its product links loaded: Elastic Path's Category always has `relationships.products.data`. */
export type CategoryRow = Category & { productIds: string[] };

/** A category as the API shows it (declared in category.wire.ts). */
export type PresentedCategory = Presented<typeof CATEGORY_WIRE>;

/** Product links as the row was read (live products only when the reader is a storefront). */
export function presentCategory(row: CategoryRow): PresentedCategory {
  return CATEGORY_WIRE.present(row, { liveOnly: false });
}

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
