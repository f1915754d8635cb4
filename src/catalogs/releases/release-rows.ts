import type { File, PxmHierarchy, PxmNode } from '../../generated/prisma/client';
import { formatWithStoreFormat } from '../../common/money/money';
import { FILE_WIRE } from '../../catalog/files/file.wire';
import { productType } from '../../pxm/products/product.wire';
import type { ChildOfParent, EnabledCurrency, SkuPrice, SourceProduct } from './release-source.repository';

/** What every row of one release shares. */
export interface ReleaseContext {
  catalogId: string;
  publishedAt: string;
  /** The price books that price the release, highest priority first. */
  pricebookIds: string[];
  /** The price book a product's price came from when it has none (the catalog's first). */
  defaultPricebookId: string | null;
  currencies: Map<string, EnabledCurrency>;
}

type Json = Record<string, unknown>;
const iso = (d: Date) => d.toISOString();
const present = <T>(value: T | null | undefined, key: string): Json => (value === null || value === undefined ? {} : { [key]: value });

/** The nodes of a release's hierarchies: parents, depth-first order and the breadcrumb of each. */
export class ReleaseTree {
  readonly ordered: PxmNode[] = [];
  private readonly byId = new Map<string, PxmNode>();
  private readonly childrenOf = new Map<string, PxmNode[]>();
  private readonly hierarchyById = new Map<string, PxmHierarchy>();

  constructor(hierarchies: PxmHierarchy[], nodes: PxmNode[]) {
    for (const h of hierarchies) this.hierarchyById.set(h.id, h);
    for (const n of nodes) {
      this.byId.set(n.id, n);
      const key = n.parentId ?? `h:${n.hierarchyId}`;
      this.childrenOf.set(key, [...(this.childrenOf.get(key) ?? []), n]);
    }
    const visit = (key: string) => {
      for (const n of this.childrenOf.get(key) ?? []) {
        this.ordered.push(n);
        visit(n.id);
      }
    };
    for (const h of hierarchies) visit(`h:${h.id}`);
  }

  node(id: string): PxmNode | undefined {
    return this.byId.get(id);
  }

  hasChildren(key: string): boolean {
    return (this.childrenOf.get(key)?.length ?? 0) > 0;
  }

  /** The node's ancestors from the top of its hierarchy, then the node itself. */
  path(node: PxmNode): PxmNode[] {
    const path: PxmNode[] = [];
    for (let n: PxmNode | undefined = node; n; n = n.parentId ? this.byId.get(n.parentId) : undefined) path.unshift(n);
    return path;
  }

  hierarchy(id: string): PxmHierarchy | undefined {
    return this.hierarchyById.get(id);
  }
}

const crumb = (x: { id: string; name: string; slug: string }) => ({ id: x.id, name: x.name, slug: x.slug });

export function hierarchyBody(h: PxmHierarchy, tree: ReleaseTree, ctx: ReleaseContext): Json {
  return {
    id: h.id,
    type: 'hierarchy',
    attributes: {
      name: h.name,
      description: h.description,
      slug: h.slug,
      ...present(h.shopperAttributes, 'shopper_attributes'),
      created_at: iso(h.createdAt),
      updated_at: iso(h.updatedAt),
      published_at: ctx.publishedAt,
    },
    relationships: {
      products: { links: { related: `/catalog/hierarchies/${h.id}/products` } },
      children: { links: { related: `/catalog/hierarchies/${h.id}/children` } },
      nodes: { links: { related: `/catalog/hierarchies/${h.id}/nodes` } },
    },
    meta: { breadcrumbs: [crumb(h)], has_children: tree.hasChildren(`h:${h.id}`) },
  };
}

export function nodeBody(n: PxmNode, tree: ReleaseTree, ctx: ReleaseContext): Json {
  const h = tree.hierarchy(n.hierarchyId)!;
  return {
    id: n.id,
    type: 'node',
    attributes: {
      name: n.name,
      description: n.description,
      slug: n.slug,
      ...(n.curatedProducts.length > 0 ? { curated_products: n.curatedProducts } : {}),
      ...present(n.shopperAttributes, 'shopper_attributes'),
      created_at: iso(n.createdAt),
      updated_at: iso(n.updatedAt),
      published_at: ctx.publishedAt,
    },
    relationships: {
      products: { links: { related: `/catalog/nodes/${n.id}/relationships/products` } },
      children: { links: { related: `/catalog/nodes/${n.id}/relationships/children` } },
      ...(n.parentId ? { parent: { data: { type: 'node', id: n.parentId }, links: { related: `/catalog/nodes/${n.parentId}` } } } : {}),
      hierarchy: { data: { type: 'hierarchy', id: h.id }, links: { related: `/catalog/hierarchies/${h.id}` } },
    },
    meta: { breadcrumbs: [crumb(h), ...tree.path(n).map(crumb)], has_children: tree.hasChildren(n.id) },
  };
}

/** A file as `/v2/files/:id` presents it, with links relative to the origin (a release has no request). */
export function releasedFile(file: File): Json {
  return FILE_WIRE.present(file, { linkBase: '' }) as unknown as Json;
}

/** `{with_tax, without_tax}` of an amount in a currency, written as the store writes that currency. */
function displayPrice(amount: number, currency: EnabledCurrency): Json {
  const shown = {
    amount,
    currency: currency.code,
    formatted: formatWithStoreFormat(amount, currency),
    float_price: amount / 10 ** currency.decimalPlaces,
  };
  return { with_tax: shown, without_tax: { ...shown } };
}

/** What the publisher knows of one product's neighbourhood when it shapes the product. */
export interface ProductNeighbourhood {
  /** The nodes it is in (a child: its parent's), in this release's hierarchies. */
  nodeIds: string[];
  /** A parent's live children. */
  children: ChildOfParent[];
  /** Whether it is curated in one of its nodes. */
  curated: boolean;
  price: SkuPrice | undefined;
  /** A bundle's components: their prices, by component product id. */
  componentPrices: Map<string, SkuPrice>;
  files: Map<string, File>;
}

/** The values of a `release_products` row. */
export interface ReleasedProductRow {
  product_id: string;
  position: number;
  name: string;
  slug: string;
  sku: string | null;
  mpn: string | null;
  upc_ean: string | null;
  product_types: string[];
  tags: string[];
  parent_id: string | null;
  hierarchy_ids: string[];
  component_ids: string[];
  body: Json;
  by_currency: Json;
  main_image: Json | null;
  files: Json[];
}

interface ChildVariation {
  id: string;
  name: string;
  option: { id: string; name: string; description: string };
}

/** A parent's options, variation by variation, down to the child built with them. */
function variationMatrix(p: SourceProduct, children: ChildOfParent[]): Json {
  const matrix: Json = {};
  for (const child of children) {
    const chosen = new Map(((child.childVariations ?? []) as ChildVariation[]).map((v) => [v.id, v.option.id]));
    const path = p.variations.map((v) => chosen.get(v.variationId));
    if (path.length === 0 || path.some((o) => o === undefined)) continue;
    let level = matrix;
    path.forEach((optionId, i) => {
      if (i === path.length - 1) level[optionId!] = child.id;
      else level = (level[optionId!] ??= {}) as Json;
    });
  }
  return matrix;
}

function componentIds(p: SourceProduct): string[] {
  const components = (p.components ?? {}) as Record<string, { options?: { id: string }[] }>;
  return [...new Set(Object.values(components).flatMap((c) => (c.options ?? []).map((o) => o.id.toLowerCase())))];
}

export { componentIds as bundleComponentIds };

export function productRow(p: SourceProduct, position: number, around: ProductNeighbourhood, tree: ReleaseTree, ctx: ReleaseContext): ReleasedProductRow {
  const type = productType(p);
  const components = componentIds(p);
  const nodes = around.nodeIds.map((id) => tree.node(id)).filter((n): n is PxmNode => n !== undefined);
  const hierarchyIds = [...new Set(nodes.map((n) => n.hierarchyId))];
  const breadCrumbs = Object.fromEntries(nodes.map((n) => [n.id, [n.hierarchyId, ...tree.path(n).map((x) => x.id)]]));
  const price = around.price?.currencies;
  const componentPrices = components.flatMap((id) => {
    const found = around.componentPrices.get(id);
    return found ? [[id, found] as const] : [];
  });

  const attributes: Json = {
    name: p.name,
    description: p.description,
    slug: p.slug,
    ...present(p.sku, 'sku'),
    status: p.status,
    commodity_type: p.commodityType,
    ...present(p.upcEan, 'upc_ean'),
    ...present(p.mpn, 'manufacturer_part_num'),
    ...present(p.externalRef, 'external_ref'),
    ...(p.tags.length > 0 ? { tags: p.tags } : {}),
    ...present(p.extensions, 'extensions'),
    ...present(p.shopperAttributes, 'shopper_attributes'),
    ...present(p.components, 'components'),
    ...(type === 'parent' ? { base_product: true } : { base_product: false }),
    ...(p.parentId ? { base_product_id: p.parentId } : {}),
    ...(around.curated ? { curated_product: true } : {}),
    ...(price ? { price } : {}),
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
    published_at: ctx.publishedAt,
  };

  const relationships: Json = {
    main_image: { data: p.mainImageId ? { type: 'main_image', id: p.mainImageId } : null },
    files: { data: p.files.map((f) => ({ type: 'file', id: f.fileId, created_at: iso(f.createdAt) })) },
    ...(p.parentId ? { parent: { data: { type: 'product', id: p.parentId } } } : {}),
    ...(type === 'parent'
      ? { children: { data: around.children.map((c) => ({ type: 'product', id: c.id })), links: { self: `/catalog/products/${p.id}/relationships/children` } } }
      : {}),
    ...(type === 'bundle'
      ? { component_products: { data: components.map((id) => ({ type: 'product', id })), links: { self: `/catalog/products/${p.id}/relationships/component_products` } } }
      : {}),
  };

  const meta: Json = {
    catalog_id: ctx.catalogId,
    pricebook_id: around.price?.priceBookId ?? ctx.defaultPricebookId,
    catalog_source: 'pim',
    product_types: [type],
    ...(nodes.length > 0 ? { bread_crumbs: breadCrumbs, bread_crumb_nodes: nodes.map((n) => n.id) } : {}),
    ...(type === 'parent'
      ? {
          variations: p.variations.map(({ variation: v }) => ({
            id: v.id,
            name: v.name,
            ...present(v.sortOrder, 'sort_order'),
            options: v.options.map((o) => ({ id: o.id, name: o.name, description: o.description, ...present(o.sortOrder, 'sort_order') })),
          })),
          variation_matrix: variationMatrix(p, around.children),
        }
      : {}),
    ...(p.childVariations
      ? { child_variations: p.childVariations, child_option_ids: (p.childVariations as unknown as ChildVariation[]).map((v) => v.option.id) }
      : {}),
    ...(componentPrices.length > 0
      ? { component_products: Object.fromEntries(componentPrices.map(([id, cp]) => [id, { price: cp.currencies, pricebook_id: cp.priceBookId }])) }
      : {}),
  };

  const byCurrency: Json = {};
  for (const currency of ctx.currencies.values()) {
    const own = price?.[currency.code];
    const parts = componentPrices.filter(([, cp]) => cp.currencies[currency.code] !== undefined);
    if (!own && parts.length === 0) continue;
    byCurrency[currency.code] = {
      ...(own ? { display_price: displayPrice(own.amount, currency) } : {}),
      ...(parts.length > 0
        ? { component_products: Object.fromEntries(parts.map(([id, cp]) => [id, { display_price: displayPrice(cp.currencies[currency.code].amount, currency) }])) }
        : {}),
    };
  }

  const mainImage = p.mainImageId ? around.files.get(p.mainImageId) : undefined;
  return {
    product_id: p.id,
    position,
    name: p.name,
    slug: p.slug,
    sku: p.sku,
    mpn: p.mpn,
    upc_ean: p.upcEan,
    product_types: [type],
    tags: p.tags,
    parent_id: p.parentId,
    hierarchy_ids: hierarchyIds,
    component_ids: components,
    body: { id: p.id, type: 'product', attributes, relationships, meta },
    by_currency: byCurrency,
    main_image: mainImage ? releasedFile(mainImage) : null,
    files: p.files.flatMap((f) => {
      const file = around.files.get(f.fileId);
      return file ? [releasedFile(file)] : [];
    }),
  };
}
