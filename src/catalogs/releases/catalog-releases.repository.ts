import { Injectable } from '@nestjs/common';
import { Prisma, type CatalogRelease } from '../../generated/prisma/client';
import { Db, PrismaService } from '../../prisma/prisma.service';
import { CLAIMABLE_STATES } from './release-lifecycle';
import type { ReleasedProductRow } from './release-rows';

/** How many releases a catalog keeps: publishing one more deletes the oldest. */
export const RELEASES_KEPT = 3;

/** The hierarchy and node rows of a release, as the publisher writes them. */
export interface ReleasedHierarchyRow {
  hierarchy_id: string;
  position: number;
  name: string;
  slug: string;
  body: unknown;
}
export interface ReleasedNodeRow {
  node_id: string;
  hierarchy_id: string;
  parent_id: string | null;
  position: number;
  name: string;
  slug: string;
  body: unknown;
}

/** A claim: the release, and the `started_at` that marks this publisher's turn (a lapsed turn is someone else's). */
export interface ReleaseClaim {
  release: CatalogRelease;
  turn: Date;
}

@Injectable()
export class CatalogReleasesRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: Prisma.CatalogReleaseUncheckedCreateInput, db: Db = this.prisma): Promise<CatalogRelease> {
    return db.catalogRelease.create({ data });
  }

  find(catalogId: string, id: string): Promise<CatalogRelease | null> {
    return this.prisma.catalogRelease.findFirst({ where: { id, catalogId } });
  }

  latestPublished(catalogId: string): Promise<CatalogRelease | null> {
    return this.prisma.catalogRelease.findFirst({ where: { catalogId, status: 'PUBLISHED' }, orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }] });
  }

  /** Newest first (a catalog has a handful). */
  list(catalogId: string): Promise<CatalogRelease[]> {
    return this.prisma.catalogRelease.findMany({ where: { catalogId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
  }

  async delete(catalogId: string, id: string): Promise<boolean> {
    return (await this.prisma.catalogRelease.deleteMany({ where: { id, catalogId } })).count > 0;
  }

  async deleteAll(catalogId: string): Promise<void> {
    await this.prisma.catalogRelease.deleteMany({ where: { catalogId } });
  }

  /**
   * Takes the oldest release waiting to be published, or one whose publisher stopped (IN_PROGRESS, not heard of
   * for `leaseMs`), and makes it IN_PROGRESS under a new turn. SKIP LOCKED: replicas claim different releases.
   */
  async claim(leaseMs: number): Promise<ReleaseClaim | null> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>(Prisma.sql`
      UPDATE catalog_releases r SET status = 'IN_PROGRESS', started_at = clock_timestamp(), updated_at = clock_timestamp(), percent_completed = 0
      FROM (
        SELECT id FROM catalog_releases
        WHERE status = ANY(${CLAIMABLE_STATES}::text[])
          AND (status = 'PENDING' OR updated_at < clock_timestamp() - (${leaseMs}::int * interval '1 millisecond'))
        ORDER BY created_at, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      ) picked
      WHERE r.id = picked.id
      RETURNING r.id::text AS id`);
    if (rows.length === 0) return null;
    const release = await this.prisma.catalogRelease.findUniqueOrThrow({ where: { id: rows[0].id } });
    return { release, turn: release.startedAt! };
  }

  /** Says the publisher is still at work (and how far); false when its turn is over (the release was deleted or taken). */
  async heartbeat(claim: ReleaseClaim, percent: number): Promise<boolean> {
    const n = await this.prisma.$executeRaw(Prisma.sql`
      UPDATE catalog_releases SET percent_completed = ${percent}, updated_at = clock_timestamp()
      WHERE id = ${claim.release.id}::uuid AND status = 'IN_PROGRESS' AND started_at = ${claim.turn}`);
    return n > 0;
  }

  /** Removes what an earlier turn wrote, so a resumed release is written whole. */
  async clearRows(releaseId: string): Promise<void> {
    for (const table of ['release_node_products', 'release_products', 'release_nodes', 'release_hierarchies']) {
      await this.prisma.$executeRaw(Prisma.sql`DELETE FROM ${Prisma.raw(table)} WHERE release_id = ${releaseId}::uuid`);
    }
  }

  async insertHierarchies(releaseId: string, rows: ReleasedHierarchyRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.prisma.$executeRaw(Prisma.sql`
      INSERT INTO release_hierarchies (release_id, hierarchy_id, position, name, slug, body)
      SELECT ${releaseId}::uuid, x.hierarchy_id, x.position, x.name, x.slug, x.body
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(hierarchy_id uuid, position int, name text, slug text, body jsonb)`);
  }

  async insertNodes(releaseId: string, rows: ReleasedNodeRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.prisma.$executeRaw(Prisma.sql`
      INSERT INTO release_nodes (release_id, node_id, hierarchy_id, parent_id, position, name, slug, body)
      SELECT ${releaseId}::uuid, x.node_id, x.hierarchy_id, x.parent_id, x.position, x.name, x.slug, x.body
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x(node_id uuid, hierarchy_id uuid, parent_id uuid, position int, name text, slug text, body jsonb)`);
  }

  /** One INSERT for a batch of products. */
  async insertProducts(releaseId: string, rows: ReleasedProductRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.prisma.$executeRaw(Prisma.sql`
      INSERT INTO release_products (release_id, product_id, position, name, slug, sku, mpn, upc_ean, product_types, tags,
        parent_id, hierarchy_ids, component_ids, body, by_currency, main_image, files)
      SELECT ${releaseId}::uuid, x.product_id, x.position, x.name, x.slug, x.sku, x.mpn, x.upc_ean,
        ARRAY(SELECT jsonb_array_elements_text(x.product_types)), ARRAY(SELECT jsonb_array_elements_text(x.tags)),
        x.parent_id, ARRAY(SELECT jsonb_array_elements_text(x.hierarchy_ids))::uuid[], ARRAY(SELECT jsonb_array_elements_text(x.component_ids))::uuid[],
        x.body, x.by_currency, x.main_image, x.files
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(product_id uuid, position int, name text, slug text, sku text,
        mpn text, upc_ean text, product_types jsonb, tags jsonb, parent_id uuid, hierarchy_ids jsonb, component_ids jsonb,
        body jsonb, by_currency jsonb, main_image jsonb, files jsonb)`);
  }

  /**
   * Every released product in every released node, in one statement: curated products first in their curated
   * order, then the others by product creation.
   */
  async insertNodeProducts(releaseId: string): Promise<void> {
    await this.prisma.$executeRaw(Prisma.sql`
      INSERT INTO release_node_products (release_id, node_id, product_id, hierarchy_id, position)
      SELECT ${releaseId}::uuid, np.node_id, np.product_id, n.hierarchy_id,
        (row_number() OVER (PARTITION BY np.node_id ORDER BY array_position(n.curated_products, np.product_id) NULLS LAST, rp.position))::int
      FROM pxm_node_products np
      JOIN release_nodes n_r ON n_r.release_id = ${releaseId}::uuid AND n_r.node_id = np.node_id
      JOIN pxm_nodes n ON n.id = np.node_id
      JOIN release_products rp ON rp.release_id = ${releaseId}::uuid AND rp.product_id = np.product_id`);
  }

  /**
   * The release becomes PUBLISHED (only in this publisher's turn), the catalog records its first publication, and
   * releases beyond the newest RELEASES_KEPT are deleted; `also` runs in the same transaction (the event).
   */
  async markPublished(
    claim: ReleaseClaim,
    values: { publishedAt: Date; totalProducts: number; totalNodes: number },
    also: (tx: Prisma.TransactionClient, release: CatalogRelease) => Promise<void>,
  ): Promise<CatalogRelease | null> {
    return this.prisma.$transaction(async (tx) => {
      const n = await tx.$executeRaw(Prisma.sql`
        UPDATE catalog_releases SET status = 'PUBLISHED', published_at = ${values.publishedAt}, percent_completed = 100,
          total_products = ${values.totalProducts}, total_nodes = ${values.totalNodes}, updated_at = clock_timestamp()
        WHERE id = ${claim.release.id}::uuid AND status = 'IN_PROGRESS' AND started_at = ${claim.turn}`);
      if (n === 0) return null;
      const catalogId = claim.release.catalogId;
      await tx.$executeRaw(Prisma.sql`UPDATE catalogs SET first_published_at = ${values.publishedAt} WHERE id = ${catalogId}::uuid AND first_published_at IS NULL`);
      await tx.$executeRaw(Prisma.sql`
        DELETE FROM catalog_releases WHERE id IN (
          SELECT id FROM catalog_releases WHERE catalog_id = ${catalogId}::uuid
          ORDER BY created_at DESC, id DESC OFFSET ${RELEASES_KEPT})
          AND status NOT IN ('PENDING', 'IN_PROGRESS')`);
      const release = await tx.catalogRelease.findUniqueOrThrow({ where: { id: claim.release.id } });
      await also(tx, release);
      return release;
    });
  }

  async markFailed(claim: ReleaseClaim, reason: string): Promise<void> {
    await this.prisma.$executeRaw(Prisma.sql`
      UPDATE catalog_releases SET status = 'FAILED', failure_reason = ${reason}, updated_at = clock_timestamp()
      WHERE id = ${claim.release.id}::uuid AND status = 'IN_PROGRESS' AND started_at = ${claim.turn}`);
  }
}
