import { Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { parseSubCollectionPage } from '../common/list-query';
import { DataBody } from '../common/validation/data-body.pipe';
import { UpdateGatewayDto } from './dto/update-gateway.dto';
import { GatewaysService } from './gateways.service';
import { ApiDataResponse, ApiList } from '../common/openapi/api-operation.decorators';
import './gateway.schema';

/** Payment gateways, for client-credentials tokens only (storefront tokens get 403). */
@ApiTags('gateways')
@ApiBearerAuth()
@Controller('gateways')
export class GatewaysController {
  constructor(private readonly gateways: GatewaysService) {}

  @ApiList('List payment gateways', 'Gateway')
  @Get()
  list(@Query() query: Record<string, unknown>) {
    return this.gateways.list(parseSubCollectionPage(query));
  }

  @ApiDataResponse('Get a payment gateway', 'Gateway')
  @Get(':slug')
  get(@Param('slug') slug: string) {
    return this.gateways.get(slug);
  }

  @ApiDataResponse('Configure a payment gateway', 'Gateway')
  @Put(':slug')
  update(@Param('slug') slug: string, @DataBody() dto: UpdateGatewayDto) {
    return this.gateways.update(slug, dto);
  }
}
