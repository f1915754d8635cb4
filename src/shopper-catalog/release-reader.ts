import { Injectable } from '@nestjs/common';
import { type CatalogRelease, Prisma } from '../generated/prisma/client';
import { type ListQuery, type ListResourceSpec, toSqlListClauses } from '../common/list-query';
import { isUuid } from '../common/validation/resource-id.pipe';
import { PrismaService } from '../prisma/prisma.service';
import { CATALOG_HIERARCHIES_SPEC, CATALOG_NODES_SPEC, CATALOG_PRODUCTS_SPEC } from './catalog-list-specs';

/** A product of a published release, as carts and the shopper catalog read it. */
export interface ReleasedProduct {
  id: string;
  sku: string | null;
  name: string;
  slug: string;
  productTypes: string[];
  parentId: string | null;
  componentIds: string[];
  /** The shopper's JSON object but for what depends on the currency (see byCurrency). */
  body: Record<string, any>;
  /** `{"USD": {display_price, component_products?}}`: shallow-merged into `body.meta` for the request's currency. */
  byCurrency: Record<string, any>;
  mainImage: Record<string, any> | null;
  /** The file objects `include=files` answers. */
  files: Record<string, any>[];
}

/** A published release, as the admin previews find it. */
export interface PublishedRelease {
  id: string;
  catalogId: string;
  publishedAt: Date;
}

/** The release id the admin previews accept for a catalog's most recent published release. */
export const LATEST_PUBLISHED = 'latestPublished';

/** Which products a page lists. */
export type ProductScope =
  | { kind: 'release' }
  | { kind: 'node'; nodeId: string }
  | { kind: 'hierarchy'; hierarchyId: string }
  | { kind: 'children'; parentId: string };

/** Which nodes a page lists. */
export type NodeScope = { kind: 'release' } | { kind: 'hierarchy'; hierarchyId: string; topOnly: boolean } | { kind: 'children'; parentId: string };

export interface RowsPage<T> {
  rows: T[];
  /** Rows matching the filter. */
  total: number;
  /** Rows in the scope, unfiltered. */
  all: number;
}

const PRODUCT_COLUMNS = Prisma.sql`p.product_id::text AS id, p.sku, p.name, p.slug, p.product_types::text[] AS "productTypes",
  p.parent_id::text AS "parentId", p.component_ids::text[] AS "componentIds", p.body, p.by_currency AS "byCurrency",
  p.main_image AS "mainImage", p.files`;

/** Only rows of a PUBLISHED release: a release being written (or failed) is never read. */
const PUBLISHED = Prisma.sql`EXISTS (SELECT 1 FROM catalog_releases r WHERE r.id = ${Prisma.raw('p.release_id')} AND r.status = 'PUBLISHED')`;

/**
 * Reads published releases' rows (`release_hierarchies`, `release_nodes`, `release_products`,
 * `release_node_products`) and nothing of the authoring tables: what a shopper sees changes only when another
 * release is published. Its product reads are also what carts price from.
 */
@Injectable()
export class ReleaseReader {
  constructor(private readonly prisma: PrismaService) {}

  /** A product of a published release by id or SKU; null when the release does not hold it or is not published. */
  async productInRelease(releaseId: string, key: { id?: string; sku?: string }): Promise<ReleasedProduct | null> {
    if (!isUuid(releaseId)) return null;
    let match: Prisma.Sql;
    if (key.id !== undefined) {
      if (!isUuid(key.id)) return null;
      match = Prisma.sql`p.product_id = ${key.id.toLowerCase()}::uuid`;
    } else if (key.sku !== undefined) {
      match = Prisma.sql`p.sku = ${key.sku}::text`;
    } else {
      return null;
    }
    const rows = await this.prisma.$queryRaw<ReleasedProduct[]>`SELECT ${PRODUCT_COLUMNS} FROM release_products p
      WHERE p.release_id = ${releaseId}::uuid AND ${match} AND ${PUBLISHED} LIMIT 1`;
    return rows[0] ? normalized(rows[0]) : null;
  }

  /** The products of a published release among `ids`, in the order of `ids` (those it does not hold are left out). */
  async productsInRelease(releaseId: string, ids: string[]): Promise<ReleasedProduct[]> {
    const wanted = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    if (!isUuid(releaseId) || wanted.length === 0) return [];
    const rows = await this.prisma.$queryRaw<ReleasedProduct[]>`SELECT ${PRODUCT_COLUMNS} FROM release_products p
      WHERE p.release_id = ${releaseId}::uuid AND p.product_id = ANY(${wanted}::uuid[]) AND ${PUBLISHED}`;
    const byId = new Map(rows.map((row) => [row.id, normalized(row)]));
    return wanted.map((id) => byId.get(id)).filter((p): p is ReleasedProduct => p !== undefined);
  }

  /** The catalog's release `releaseId` (or its most recent, for `latestPublished`) when it is PUBLISHED. */
  async publishedRelease(catalogId: string, releaseId: string): Promise<PublishedRelease | null> {
    if (!isUuid(catalogId)) return null;
    const which = releaseId === LATEST_PUBLISHED ? Prisma.sql`TRUE` : isUuid(releaseId) ? Prisma.sql`r.id = ${releaseId.toLowerCase()}::uuid` : null;
    if (!which) return null;
    const rows = await this.prisma.$queryRaw<PublishedRelease[]>`SELECT r.id::text AS id, r.catalog_id::text AS "catalogId", r.published_at AS "publishedAt"
      FROM catalog_releases r WHERE r.catalog_id = ${catalogId.toLowerCase()}::uuid AND r.status = 'PUBLISHED' AND ${which}
      ORDER BY r.published_at DESC LIMIT 1`;
    return rows[0] ?? null;
  }

  /** The release row, when it is PUBLISHED. */
  async release(releaseId: string): Promise<CatalogRelease | null> {
    if (!isUuid(releaseId)) return null;
    return this.prisma.catalogRelease.findFirst({ where: { id: releaseId.toLowerCase(), status: 'PUBLISHED' } });
  }

  async productPage(releaseId: string, scope: ProductScope, q: ListQuery): Promise<RowsPage<ReleasedProduct>> {
    const where = filterOf(q, CATALOG_PRODUCTS_SPEC, 'p');
    const release = Prisma.sql`${releaseId}::uuid`;
    let from: Prisma.Sql;
    let order = Prisma.sql`p.position`;
    switch (scope.kind) {
      case 'release':
        from = Prisma.sql`release_products p WHERE p.release_id = ${release}`;
        break;
      case 'hierarchy':
        from = Prisma.sql`release_products p WHERE p.release_id = ${release} AND ${scope.hierarchyId}::uuid = ANY(p.hierarchy_ids)`;
        break;
      case 'children':
        from = Prisma.sql`release_products p WHERE p.release_id = ${release} AND p.parent_id = ${scope.parentId}::uuid`;
        break;
      case 'node':
        from = Prisma.sql`release_node_products np JOIN release_products p ON p.release_id = np.release_id AND p.product_id = np.product_id
          WHERE np.release_id = ${release} AND np.node_id = ${scope.nodeId}::uuid`;
        order = Prisma.sql`np.position`;
        break;
    }
    const [rows, counts] = await Promise.all([
      this.prisma.$queryRaw<ReleasedProduct[]>`SELECT ${PRODUCT_COLUMNS} FROM ${from} AND ${where} ORDER BY ${order}, p.product_id LIMIT ${q.limit} OFFSET ${q.offset}`,
      this.counts(from, where),
    ]);
    return { rows: rows.map(normalized), ...counts };
  }

  async nodePage(releaseId: string, scope: NodeScope, q: ListQuery): Promise<RowsPage<Record<string, any>>> {
    const where = filterOf(q, CATALOG_NODES_SPEC, 'n');
    let from = Prisma.sql`release_nodes n WHERE n.release_id = ${releaseId}::uuid`;
    if (scope.kind === 'hierarchy') {
      from = Prisma.sql`${from} AND n.hierarchy_id = ${scope.hierarchyId}::uuid${scope.topOnly ? Prisma.sql` AND n.parent_id IS NULL` : Prisma.empty}`;
    } else if (scope.kind === 'children') {
      from = Prisma.sql`${from} AND n.parent_id = ${scope.parentId}::uuid`;
    }
    return this.bodies(from, where, Prisma.sql`n.position, n.node_id`, q);
  }

  async hierarchyPage(releaseId: string, q: ListQuery): Promise<RowsPage<Record<string, any>>> {
    const where = filterOf(q, CATALOG_HIERARCHIES_SPEC, 'n');
    return this.bodies(Prisma.sql`release_hierarchies n WHERE n.release_id = ${releaseId}::uuid`, where, Prisma.sql`n.position, n.hierarchy_id`, q);
  }

  async hierarchy(releaseId: string, hierarchyId: string): Promise<Record<string, any> | null> {
    const rows = await this.prisma.$queryRaw<{ body: Record<string, any> }[]>`SELECT n.body FROM release_hierarchies n
      WHERE n.release_id = ${releaseId}::uuid AND n.hierarchy_id = ${hierarchyId}::uuid`;
    return rows[0]?.body ?? null;
  }

  async node(releaseId: string, nodeId: string): Promise<Record<string, any> | null> {
    const rows = await this.prisma.$queryRaw<{ body: Record<string, any> }[]>`SELECT n.body FROM release_nodes n
      WHERE n.release_id = ${releaseId}::uuid AND n.node_id = ${nodeId}::uuid`;
    return rows[0]?.body ?? null;
  }

  private async bodies(from: Prisma.Sql, where: Prisma.Sql, order: Prisma.Sql, q: ListQuery): Promise<RowsPage<Record<string, any>>> {
    const [rows, counts] = await Promise.all([
      this.prisma.$queryRaw<{ body: Record<string, any> }[]>`SELECT n.body FROM ${from} AND ${where} ORDER BY ${order} LIMIT ${q.limit} OFFSET ${q.offset}`,
      this.counts(from, where),
    ]);
    return { rows: rows.map((r) => r.body), ...counts };
  }

  private async counts(from: Prisma.Sql, where: Prisma.Sql): Promise<{ total: number; all: number }> {
    const [row] = await this.prisma.$queryRaw<{ total: number; all: number }[]>`SELECT (count(*) FILTER (WHERE ${where}))::int AS total, count(*)::int AS "all" FROM ${from}`;
    return { total: Number(row?.total ?? 0), all: Number(row?.all ?? 0) };
  }
}

function filterOf(q: ListQuery, spec: ListResourceSpec, alias: string): Prisma.Sql {
  const clauses = toSqlListClauses(q, spec, alias);
  if (!clauses) throw new Error('A shopper catalog filter field has no SQL translation');
  return clauses.where;
}

function normalized(row: ReleasedProduct): ReleasedProduct {
  return { ...row, productTypes: row.productTypes ?? [], componentIds: row.componentIds ?? [], byCurrency: row.byCurrency ?? {}, files: Array.isArray(row.files) ? row.files : [] };
}
