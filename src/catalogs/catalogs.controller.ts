import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListQueryParser } from '../common/http/list-query.parser';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { CATALOG_SCHEMAS as S } from './catalog.schema';
import { CATALOGS_SPEC } from './catalogs.repository';
import { CatalogsService } from './catalogs.service';
import { CreateCatalogDto, UpdateCatalogDto } from './dto/catalog.dto';

/** Catalogs (client-credentials tokens only): at `/catalogs` as Elastic Path documents it, and `/pcm/catalogs` as its JS SDK calls it. */
@ApiTags('catalogs')
@ApiBearerAuth()
@Controller(['catalogs', 'pcm/catalogs'])
export class CatalogsController {
  constructor(
    private readonly catalogs: CatalogsService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create a catalog of hierarchies, priced by price books', S.Catalog, { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateCatalogDto) {
    return this.catalogs.create(dto);
  }

  @ApiList('List catalogs', S.Catalog, { spec: CATALOGS_SPEC })
  @Get()
  async list(@Query() query: Record<string, unknown>) {
    return this.catalogs.list(await this.listQuery.parse(query, CATALOGS_SPEC));
  }

  @ApiDataResponse('Get a catalog', S.Catalog)
  @Get(':id')
  get(@ResourceId('id', 'Catalog') id: string) {
    return this.catalogs.get(id);
  }

  @ApiDataResponse('Update a catalog', S.Catalog)
  @Put(':id')
  update(@ResourceId('id', 'Catalog') id: string, @DataBody() dto: UpdateCatalogDto) {
    return this.catalogs.update(id, dto);
  }

  @ApiNoContent('Delete a catalog that has no releases and no rules')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Catalog') id: string): Promise<void> {
    await this.catalogs.delete(id);
  }
}
