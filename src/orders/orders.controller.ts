import { Controller, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Includable } from '../common/include/include.decorators';
import { ListQueryParser } from '../common/http/list-query.parser';
import { parseSubCollectionPage } from '../common/list-query';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { UpdateOrderDto } from './dto/update-order.dto';
import { ORDERS_SPEC } from './orders.repository';
import { OrdersService } from './orders.service';

/** Client-credentials only (the default); checkout lives with the carts. */
@ApiTags('orders')
@ApiBearerAuth()
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @Get()
  @Includable('order')
  async list(@Query() query: Record<string, unknown>) {
    return this.orders.list(await this.listQuery.parse(query, ORDERS_SPEC));
  }

  @Get(':id')
  @Includable('order')
  get(@ResourceId('id', 'Order') id: string) {
    return this.orders.get(id);
  }

  @Get(':id/items')
  items(@ResourceId('id', 'Order') id: string, @Query() query: Record<string, unknown>) {
    return this.orders.items(id, parseSubCollectionPage(query));
  }

  @Put(':id')
  update(@ResourceId('id', 'Order') id: string, @DataBody() dto: UpdateOrderDto) {
    return this.orders.update(id, dto);
  }
}
