import { Injectable } from '@nestjs/common';
import { Prisma, type File, type PxmHierarchy, type PxmNode } from '../../generated/prisma/client';
import { PrismaService } from '../../prisma/prisma.service';

/** A product with its files (in attachment order) and its variations with their options, as the publisher reads it. */
export type SourceProduct = Prisma.PxmProductGetPayload<{
  include: { files: true; variations: { include: { variation: { include: { options: true } } } } };
}>;

export interface NodeMembership {
  productId: string;
  nodeId: string;
}

export interface ChildOfParent {
  id: string;
  parentId: string;
  childVariations: unknown;
}

export interface SkuPrice {
  sku: string;
  currencies: Record<string, { amount: number; includes_tax: boolean }>;
  priceBookId: string;
}

export interface EnabledCurrency {
  code: string;
  format: string;
  decimalPoint: string;
  thousandSeparator: string;
  decimalPlaces: number;
}

const SIBLINGS: Prisma.PxmNodeOrderByWithRelationInput[] = [{ sortOrder: { sort: 'desc', nulls: 'last' } }, { updatedAt: 'desc' }, { id: 'asc' }];

/** What a release is made of, read from the authoring tables (products, hierarchies, price books, files). */
@Injectable()
export class ReleaseSourceRepository {
  constructor(private readonly prisma: PrismaService) {}

  hierarchies(ids: string[]): Promise<PxmHierarchy[]> {
    return this.prisma.pxmHierarchy.findMany({ where: { id: { in: ids } } });
  }

  /** The nodes of these hierarchies, siblings in their display order (a few hundred at most per catalog). */
  nodes(hierarchyIds: string[]): Promise<PxmNode[]> {
    return this.prisma.pxmNode.findMany({ where: { hierarchyId: { in: hierarchyIds } }, orderBy: SIBLINGS });
  }

  /** Which of these price books exist. */
  async existingPriceBooks(ids: string[]): Promise<Set<string>> {
    const rows = await this.prisma.priceBook.findMany({ where: { id: { in: ids } }, select: { id: true } });
    return new Set(rows.map((r) => r.id));
  }

  enabledCurrencies(): Promise<EnabledCurrency[]> {
    return this.prisma.currency.findMany({
      where: { enabled: true },
      select: { code: true, format: true, decimalPoint: true, thousandSeparator: true, decimalPlaces: true },
    });
  }

  /**
   * The ids of the products a release of these hierarchies holds, in creation order: the live products of their
   * nodes, the live components of those that are bundles, and the live children of every one of them.
   */
  async releasedProductIds(hierarchyIds: string[]): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
      WITH in_nodes AS (
        SELECT DISTINCT np.product_id AS id FROM pxm_node_products np JOIN pxm_nodes n ON n.id = np.node_id
        WHERE n.hierarchy_id = ANY(${hierarchyIds}::uuid[])
      ),
      components AS (
        SELECT DISTINCT (o.value->>'id')::uuid AS id
        FROM pxm_products b, jsonb_each(b.components) c, jsonb_array_elements(c.value->'options') o
        WHERE b.components IS NOT NULL AND b.status = 'live' AND b.id IN (SELECT id FROM in_nodes)
      ),
      released AS (
        SELECT p.id FROM pxm_products p
        WHERE p.status = 'live' AND (p.id IN (SELECT id FROM in_nodes) OR p.id IN (SELECT id FROM components))
      )
      SELECT p.id::text AS id FROM pxm_products p
      WHERE p.id IN (SELECT id FROM released)
         OR (p.status = 'live' AND p.parent_id IN (SELECT id FROM released))
      ORDER BY p.created_at, p.id`);
    return rows.map((r) => r.id);
  }

  products(ids: string[]): Promise<SourceProduct[]> {
    return this.prisma.pxmProduct.findMany({
      where: { id: { in: ids } },
      include: {
        files: { orderBy: [{ createdAt: 'asc' }, { fileId: 'asc' }] },
        variations: { orderBy: [{ createdAt: 'asc' }, { variationId: 'asc' }], include: { variation: { include: { options: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } } } } },
      },
    });
  }

  /** The nodes of these hierarchies each product is in. */
  memberships(productIds: string[], hierarchyIds: string[]): Promise<NodeMembership[]> {
    return this.prisma.$queryRaw<NodeMembership[]>(Prisma.sql`
      SELECT np.product_id::text AS "productId", np.node_id::text AS "nodeId"
      FROM pxm_node_products np JOIN pxm_nodes n ON n.id = np.node_id
      WHERE np.product_id = ANY(${productIds}::uuid[]) AND n.hierarchy_id = ANY(${hierarchyIds}::uuid[])
      ORDER BY np.created_at, np.node_id`);
  }

  /** The live children of these parents, in creation order. */
  children(parentIds: string[]): Promise<ChildOfParent[]> {
    return this.prisma.$queryRaw<ChildOfParent[]>(Prisma.sql`
      SELECT id::text AS id, parent_id::text AS "parentId", child_variations AS "childVariations"
      FROM pxm_products WHERE parent_id = ANY(${parentIds}::uuid[]) AND status = 'live'
      ORDER BY created_at, id`);
  }

  /** The SKU of each of these products that has one. */
  async skus(productIds: string[]): Promise<Map<string, string>> {
    const rows = await this.prisma.pxmProduct.findMany({ where: { id: { in: productIds }, sku: { not: null } }, select: { id: true, sku: true } });
    return new Map(rows.map((r) => [r.id, r.sku!]));
  }

  /** Per SKU, its price in the first of `books` (highest priority first) that prices it. One query. */
  async prices(books: string[], skus: string[]): Promise<Map<string, SkuPrice>> {
    if (books.length === 0 || skus.length === 0) return new Map();
    const rows = await this.prisma.$queryRaw<SkuPrice[]>(Prisma.sql`
      SELECT DISTINCT ON (sku) sku, currencies, price_book_id::text AS "priceBookId"
      FROM price_book_prices
      WHERE price_book_id = ANY(${books}::uuid[]) AND sku = ANY(${[...new Set(skus)]}::text[])
      ORDER BY sku, array_position(${books}::uuid[], price_book_id)`);
    return new Map(rows.map((r) => [r.sku, r]));
  }

  files(ids: string[]): Promise<File[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.prisma.file.findMany({ where: { id: { in: [...new Set(ids)] } } });
  }
}
