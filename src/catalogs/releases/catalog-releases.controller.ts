import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiParam, ApiTags } from '@nestjs/swagger';
import { parseSubCollectionPage } from '../../common/list-query';
import { ApiDataResponse, ApiList, ApiNoContent } from '../../common/openapi/api-operation.decorators';
import { DataBody } from '../../common/validation/data-body.pipe';
import { ResourceId } from '../../common/validation/resource-id.pipe';
import { CatalogReleasesService } from './catalog-releases.service';
import { PublishReleaseDto } from './dto/publish-release.dto';
import { RELEASE_SCHEMAS as S } from './release.schema';

const RELEASE_ID = { name: 'releaseId', description: 'A release id, or `latestPublished` for the most recently published release', schema: { type: 'string' } };

/** A catalog's releases (client-credentials tokens only), at `/catalogs/...` and `/pcm/catalogs/...`. */
@ApiTags('catalogs')
@ApiBearerAuth()
@Controller(['catalogs/:catalogId/releases', 'pcm/catalogs/:catalogId/releases'])
export class CatalogReleasesController {
  constructor(private readonly releases: CatalogReleasesService) {}

  @ApiDataResponse('Publish a catalog: the release is PENDING, then IN_PROGRESS, then PUBLISHED or FAILED', S.CatalogRelease, { status: 201 })
  @Post()
  @HttpCode(201)
  publish(@ResourceId('catalogId', 'Catalog') catalogId: string, @DataBody({ optional: true }) _dto: PublishReleaseDto) {
    return this.releases.publish(catalogId);
  }

  @ApiList('List the releases of a catalog, newest first', S.CatalogRelease)
  @Get()
  list(@ResourceId('catalogId', 'Catalog') catalogId: string, @Query() query: Record<string, unknown>) {
    return this.releases.list(catalogId, parseSubCollectionPage(query));
  }

  @ApiNoContent('Delete every release of a catalog')
  @Delete()
  @HttpCode(204)
  async deleteAll(@ResourceId('catalogId', 'Catalog') catalogId: string): Promise<void> {
    await this.releases.deleteAll(catalogId);
  }

  @ApiDataResponse('Get a release of a catalog', S.CatalogRelease)
  @ApiParam(RELEASE_ID)
  @Get(':releaseId')
  get(@ResourceId('catalogId', 'Catalog') catalogId: string, @Param('releaseId') releaseId: string) {
    return this.releases.get(catalogId, releaseId);
  }

  @ApiNoContent('Delete a release of a catalog')
  @ApiParam(RELEASE_ID)
  @Delete(':releaseId')
  @HttpCode(204)
  async delete(@ResourceId('catalogId', 'Catalog') catalogId: string, @Param('releaseId') releaseId: string): Promise<void> {
    await this.releases.delete(catalogId, releaseId);
  }
}
