import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AllowImplicit } from '../auth/access.decorators';
import { ListQueryParser } from '../common/http/list-query.parser';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { CreateLocationDto, UpdateLocationDto } from './dto/location.dto';
import { INVENTORY_SCHEMAS as S } from './inventory.schema';
import { LOCATIONS_SPEC } from './locations.repository';
import { LocationsService } from './locations.service';

/** Inventory locations; storefronts may list them (as Elastic Path's shopper SDK does), the rest is for client credentials. */
@ApiTags('inventories')
@ApiBearerAuth()
@Controller('inventories/locations')
export class LocationsController {
  constructor(
    private readonly locations: LocationsService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create an inventory location', S.InventoryLocation, { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateLocationDto) {
    return this.locations.create(dto);
  }

  @ApiList('List inventory locations', S.InventoryLocation, { spec: LOCATIONS_SPEC })
  @AllowImplicit()
  @Get()
  async list(@Query() query: Record<string, unknown>) {
    return this.locations.list(await this.listQuery.parse(query, LOCATIONS_SPEC));
  }

  @ApiDataResponse('Get an inventory location', S.InventoryLocation)
  @Get(':id')
  get(@ResourceId('id', 'Location') id: string) {
    return this.locations.get(id);
  }

  @ApiDataResponse('Update an inventory location', S.InventoryLocation)
  @Put(':id')
  update(@ResourceId('id', 'Location') id: string, @DataBody() dto: UpdateLocationDto) {
    return this.locations.update(id, dto);
  }

  @ApiNoContent('Delete an inventory location (422 while it holds stock)')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Location') id: string): Promise<void> {
    await this.locations.delete(id);
  }
}
