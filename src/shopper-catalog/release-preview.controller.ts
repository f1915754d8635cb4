import { Controller } from '@nestjs/common';
import { ApiBearerAuth, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { NotFoundError } from '../common/errors/api-error';
import { ListQueryParser } from '../common/http/list-query.parser';
import { CurrenciesService } from '../currencies/currencies.service';
import { CatalogReads } from './catalog-reads';
import { PreparedReads } from './prepared-reads';
import { LATEST_PUBLISHED, ReleaseReader } from './release-reader';
import { ShopperCatalogService } from './shopper-catalog.service';

/**
 * An administrator's preview of a given published release of a catalog (`latestPublished` for its most recent),
 * the same reads as the shopper's catalog; client-credentials tokens only. Served at `/catalogs/...` and at
 * `/pcm/catalogs/...`, the spelling `@elasticpath/js-sdk`'s `Catalogs` calls.
 */
@ApiTags('catalogs')
@ApiBearerAuth()
@ApiParam({ name: 'catalogId', description: 'The catalog' })
@ApiParam({ name: 'releaseId', description: `A published release of the catalog, or \`${LATEST_PUBLISHED}\`` })
@Controller(['catalogs/:catalogId/releases/:releaseId', 'pcm/catalogs/:catalogId/releases/:releaseId'])
export class ReleasePreviewController extends CatalogReads {
  constructor(
    catalog: ShopperCatalogService,
    listQuery: ListQueryParser,
    prepared: PreparedReads,
    currencies: CurrenciesService,
    private readonly reader: ReleaseReader,
  ) {
    super(catalog, listQuery, prepared, currencies);
  }

  protected async releaseOf(req: Request): Promise<string> {
    const { catalogId, releaseId } = req.params as { catalogId: string; releaseId: string };
    const release = await this.reader.publishedRelease(catalogId, releaseId);
    if (!release) throw new NotFoundError('Release', `No published release ${releaseId} of catalog ${catalogId}`);
    return release.id;
  }
}
