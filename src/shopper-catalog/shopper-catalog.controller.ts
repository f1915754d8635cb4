import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AllowImplicit } from '../auth/access.decorators';
import { CatalogResolver } from '../catalogs/catalog-resolver';
import { NotFoundError } from '../common/errors/api-error';
import { ListQueryParser } from '../common/http/list-query.parser';
import { CurrenciesService } from '../currencies/currencies.service';
import { CatalogReads, Read } from './catalog-reads';
import { PreparedReads } from './prepared-reads';
import { ReleaseReader } from './release-reader';
import { RELEASE_WIRE } from '../catalogs/releases/release.wire';
import { SHOPPER_CATALOG_DOCUMENTS as D } from './shopper-catalog.schema';
import { ShopperCatalogService } from './shopper-catalog.service';

/** No published catalog for this context: what a shopper's catalog read answers. */
export function noPublishedCatalog(): NotFoundError {
  return new NotFoundError(
    'Catalog',
    'No published catalog matches this request: publish a catalog, or check the catalog rules for the EP-Channel and EP-Context-Tag headers sent',
  );
}

/**
 * The shopper's catalog (`/catalog/...`): the release the catalog rules resolve for the request's context
 * (EP-Channel, EP-Context-Tag, the customer or account), storefront (implicit) tokens included.
 */
@ApiTags('catalog')
@ApiBearerAuth()
@AllowImplicit()
@Controller('catalog')
export class ShopperCatalogController extends CatalogReads {
  constructor(
    catalog: ShopperCatalogService,
    listQuery: ListQueryParser,
    prepared: PreparedReads,
    currencies: CurrenciesService,
    private readonly resolver: CatalogResolver,
    private readonly reader: ReleaseReader,
  ) {
    super(catalog, listQuery, prepared, currencies);
  }

  @Read('Get the catalog release the shopper sees', D.CatalogViewReleaseDocument)
  @Get()
  async release(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return this.read(req, res, undefined, async (ctx) => {
      const row = await this.reader.release(ctx.releaseId);
      if (!row) throw noPublishedCatalog();
      return { data: RELEASE_WIRE.present(row, { linkBase: ctx.url.baseUrl }) };
    });
  }

  protected async releaseOf(req: Request): Promise<string> {
    const resolved = await this.resolver.forRequest(req);
    if (!resolved) throw noPublishedCatalog();
    return resolved.releaseId;
  }
}
