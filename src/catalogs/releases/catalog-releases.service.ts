import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../../common/errors/api-error';
import { linkBase } from '../../common/http/request-context';
import { pageOf, type PageParams } from '../../common/list-query';
import { isUuid } from '../../common/validation/resource-id.pipe';
import type { CatalogRelease } from '../../generated/prisma/client';
import { PrismaService } from '../../prisma/prisma.service';
import { CatalogResolver } from '../catalog-resolver';
import type { PrioritizedPricebook } from '../prioritized-pricebooks';
import { CatalogPublisher } from './catalog-publisher';
import { CatalogReleasesRepository } from './catalog-releases.repository';
import { RELEASE_WIRE } from './release.wire';

/** The release id that names a catalog's most recently published release. */
export const LATEST_PUBLISHED = 'latestPublished';

@Injectable()
export class CatalogReleasesService {
  constructor(
    private readonly releases: CatalogReleasesRepository,
    private readonly prisma: PrismaService,
    private readonly publisher: CatalogPublisher,
    private readonly resolver: CatalogResolver,
  ) {}

  /**
   * A PENDING release of the catalog as it is now (its hierarchies and price books, highest priority first);
   * the publisher writes it in the background.
   */
  async publish(catalogId: string) {
    const catalog = await this.requireCatalog(catalogId);
    const known = await this.prisma.pxmHierarchy.findMany({ where: { id: { in: catalog.hierarchyIds } }, select: { id: true, name: true } });
    const names = new Map(known.map((h) => [h.id, h.name]));
    const books = catalog.pricebookIds
      ? [...(catalog.pricebookIds as unknown as PrioritizedPricebook[])].sort((a, b) => b.priority - a.priority).map((b) => b.id.toLowerCase())
      : catalog.pricebookId
        ? [catalog.pricebookId]
        : [];
    const release = await this.releases.create({
      catalogId,
      name: catalog.name,
      description: catalog.description,
      status: 'PENDING',
      hierarchies: catalog.hierarchyIds.map((id) => (names.has(id) ? { id, name: names.get(id)! } : { id })),
      pricebookIds: books,
    });
    this.publisher.wake(0);
    return this.present(release);
  }

  async list(catalogId: string, q: PageParams) {
    await this.requireCatalog(catalogId);
    return pageOf((await this.releases.list(catalogId)).map((r) => this.present(r)), q);
  }

  async get(catalogId: string, releaseId: string) {
    return this.present(await this.require(catalogId, releaseId));
  }

  async delete(catalogId: string, releaseId: string): Promise<void> {
    const release = await this.require(catalogId, releaseId);
    await this.releases.delete(catalogId, release.id);
    this.resolver.invalidate();
  }

  async deleteAll(catalogId: string): Promise<void> {
    await this.requireCatalog(catalogId);
    await this.releases.deleteAll(catalogId);
    this.resolver.invalidate();
  }

  private async require(catalogId: string, releaseId: string): Promise<CatalogRelease> {
    await this.requireCatalog(catalogId);
    const release =
      releaseId === LATEST_PUBLISHED ? await this.releases.latestPublished(catalogId) : isUuid(releaseId) ? await this.releases.find(catalogId, releaseId.toLowerCase()) : null;
    if (!release) throw new NotFoundError('Release');
    return release;
  }

  private async requireCatalog(catalogId: string) {
    const catalog = isUuid(catalogId) ? await this.prisma.catalog.findUnique({ where: { id: catalogId.toLowerCase() } }) : null;
    if (!catalog) throw new NotFoundError('Catalog');
    return catalog;
  }

  private present(release: CatalogRelease) {
    return RELEASE_WIRE.present(release, { linkBase: linkBase() });
  }
}
