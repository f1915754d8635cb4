import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { ROOT_LOGGER, RootLogger } from '../../common/logging/logging.module';
import { PollingWorker } from '../../common/workers/polling-worker';
import { EventsPublisher } from '../../events/events.publisher';
import { CatalogResolver } from '../catalog-resolver';
import { CatalogReleasesRepository, type ReleaseClaim } from './catalog-releases.repository';
import { bundleComponentIds, hierarchyBody, nodeBody, productRow, ReleaseTree, type ReleaseContext } from './release-rows';
import { ReleaseSourceRepository } from './release-source.repository';
import { RELEASE_WIRE } from './release.wire';

/** Products shaped and written per INSERT: memory stays flat however large the catalog. */
export const PRODUCTS_PER_BATCH = 500;
/** A release IN_PROGRESS not heard of for this long is taken over by another publisher (its own crashed). */
export const RELEASE_LEASE_MS = 60_000;

/** Why a release cannot be published: recorded as its `failure_reason`. */
class ReleaseRefused extends Error {}

/**
 * Publishes catalog releases in the background, on any replica with workers: claims the oldest PENDING release
 * (or one whose publisher stopped), writes its hierarchies, nodes and products batch by batch, then makes it
 * PUBLISHED in one small transaction that also emits `catalog-release.updated`. Lifecycle: release-lifecycle.ts.
 */
@Injectable()
export class CatalogPublisher extends PollingWorker {
  constructor(
    private readonly releases: CatalogReleasesRepository,
    private readonly source: ReleaseSourceRepository,
    private readonly events: EventsPublisher,
    private readonly resolver: CatalogResolver,
    config: AppConfig,
    @Inject(ROOT_LOGGER) logger: RootLogger,
  ) {
    super(logger, { enabled: config.workersEnabled, everyMs: 5_000, passAtStart: true, context: 'catalog-releases', failure: 'catalog publishing pass failed' });
  }

  protected async pass(): Promise<void> {
    while (!this.stopping) {
      const claim = await this.releases.claim(RELEASE_LEASE_MS);
      if (!claim) return;
      await this.publish(claim);
    }
  }

  private async publish(claim: ReleaseClaim): Promise<void> {
    try {
      await this.write(claim);
    } catch (err) {
      if (err instanceof ReleaseRefused) {
        await this.releases.markFailed(claim, err.message);
        this.resolver.invalidate();
        return;
      }
      // The release may have been deleted meanwhile (its rows then refuse to be written): nothing to record.
      const still = await this.releases.find(claim.release.catalogId, claim.release.id);
      if (!still) return;
      this.logger.error({ err, context: 'catalog-releases', releaseId: claim.release.id }, 'catalog release failed');
      await this.releases.markFailed(claim, 'The release could not be written');
    }
  }

  private async write(claim: ReleaseClaim): Promise<void> {
    const release = claim.release;
    await this.releases.clearRows(release.id);
    const hierarchyIds = (release.hierarchies as { id: string }[]).map((h) => h.id);
    const hierarchies = await this.source.hierarchies(hierarchyIds);
    const missing = hierarchyIds.filter((id) => !hierarchies.some((h) => h.id === id));
    if (missing.length > 0) throw new ReleaseRefused(`The catalog's hierarchy ${missing.join(', ')} no longer exists`);
    const books = await this.source.existingPriceBooks(release.pricebookIds);
    const missingBooks = release.pricebookIds.filter((id) => !books.has(id));
    if (missingBooks.length > 0) throw new ReleaseRefused(`The catalog's price book ${missingBooks.join(', ')} no longer exists`);

    const ordered = hierarchyIds.map((id) => hierarchies.find((h) => h.id === id)!);
    const tree = new ReleaseTree(ordered, await this.source.nodes(hierarchyIds));
    const ctx: ReleaseContext = {
      catalogId: release.catalogId,
      publishedAt: new Date().toISOString(),
      pricebookIds: release.pricebookIds,
      defaultPricebookId: release.pricebookIds[0] ?? null,
      currencies: new Map((await this.source.enabledCurrencies()).map((c) => [c.code, c])),
    };

    await this.releases.insertHierarchies(release.id, ordered.map((h, position) => ({ hierarchy_id: h.id, position, name: h.name, slug: h.slug, body: hierarchyBody(h, tree, ctx) })));
    await this.releases.insertNodes(
      release.id,
      tree.ordered.map((n, position) => ({ node_id: n.id, hierarchy_id: n.hierarchyId, parent_id: n.parentId, position, name: n.name, slug: n.slug, body: nodeBody(n, tree, ctx) })),
    );

    const productIds = await this.source.releasedProductIds(hierarchyIds);
    for (let start = 0; start < productIds.length; start += PRODUCTS_PER_BATCH) {
      await this.writeProducts(release.id, productIds.slice(start, start + PRODUCTS_PER_BATCH), start, hierarchyIds, tree, ctx);
      const percent = Math.min(99, Math.floor(((start + PRODUCTS_PER_BATCH) * 100) / productIds.length));
      if (!(await this.releases.heartbeat(claim, percent))) return;
    }
    await this.releases.insertNodeProducts(release.id);

    const published = await this.releases.markPublished(
      claim,
      { publishedAt: new Date(ctx.publishedAt), totalProducts: productIds.length, totalNodes: tree.ordered.length },
      (tx, row) => this.events.publish(tx, 'catalog-release.updated', { data: RELEASE_WIRE.present(row, { linkBase: '' }) }),
    );
    if (published) this.resolver.invalidate();
  }

  /** One batch: its products, their nodes, children, prices (one query for all books) and files, then one INSERT. */
  private async writeProducts(releaseId: string, ids: string[], offset: number, hierarchyIds: string[], tree: ReleaseTree, ctx: ReleaseContext) {
    const products = await this.source.products(ids);
    const byId = new Map(products.map((p) => [p.id, p]));
    const parentIds = [...new Set(products.flatMap((p) => (p.parentId ? [p.parentId] : [])))];
    const memberships = await this.source.memberships([...ids, ...parentIds], hierarchyIds);
    const nodesOf = new Map<string, string[]>();
    for (const m of memberships) nodesOf.set(m.productId, [...(nodesOf.get(m.productId) ?? []), m.nodeId]);
    const children = await this.source.children(products.filter((p) => p.variations.length > 0).map((p) => p.id));
    const componentSkus = await this.source.skus([...new Set(products.flatMap((p) => bundleComponentIds(p)))]);
    const priced = await this.source.prices(ctx.pricebookIds, [...products.flatMap((p) => (p.sku ? [p.sku] : [])), ...componentSkus.values()],
    );
    const files = new Map(
      (await this.source.files(products.flatMap((p) => [...(p.mainImageId ? [p.mainImageId] : []), ...p.files.map((f) => f.fileId)]))).map((f) => [f.id, f]),
    );

    const rows = ids.flatMap((id, i) => {
      const p = byId.get(id);
      if (!p) return [];
      const nodeIds = nodesOf.get(p.parentId ?? p.id) ?? [];
      const componentPrices = new Map(
        bundleComponentIds(p).flatMap((cid) => {
          const sku = componentSkus.get(cid);
          const price = sku ? priced.get(sku) : undefined;
          return price ? [[cid, price] as const] : [];
        }),
      );
      return [
        productRow(
          p,
          offset + i,
          {
            nodeIds,
            children: children.filter((c) => c.parentId === p.id),
            curated: nodeIds.some((n) => tree.node(n)?.curatedProducts.includes(p.id)),
            price: p.sku ? priced.get(p.sku) : undefined,
            componentPrices,
            files,
          },
          tree,
          ctx,
        ),
      ];
    });
    await this.releases.insertProducts(releaseId, rows);
  }
}
