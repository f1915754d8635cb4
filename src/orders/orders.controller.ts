import { Controller, Get, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/access.decorators';
import { Includable, IncludeKeys } from '../common/include/include.decorators';
import { ListQueryParser } from '../common/http/list-query.parser';
import type { Principal } from '../common/http/request-context';
import { parseSubCollectionPage } from '../common/list-query';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { orderReach } from '../auth/order-access';
import { OptionalCustomerToken, ShopperAccess } from '../customers/customer-token.guard';
import { UpdateOrderDto } from './dto/update-order.dto';
import { ORDERS_SPEC } from './orders.repository';
import { OrdersService } from './orders.service';
import { ApiDataResponse, ApiList } from '../common/openapi/api-operation.decorators';
import './order.schema';

/**
 * Client-credentials (the default); a shopper (implicit + customer token) reads their own orders, and anyone
 * else's answer 404. Checkout lives with the carts.
 */
@ApiTags('orders')
@ApiBearerAuth()
@Controller('orders')
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiList('List orders', 'Order', { spec: ORDERS_SPEC, includes: 'order', description: 'With a customer token, that customer\'s orders only.' })
  @Get()
  @ShopperAccess()
  @Includable('order')
  async list(@Query() query: Record<string, unknown>, @IncludeKeys() includeKeys: string[], @CurrentPrincipal() principal: Principal) {
    return this.orders.list(await this.listQuery.parse(query, ORDERS_SPEC), orderReach(principal, 'read'), includeKeys);
  }

  @ApiDataResponse('Get an order', 'Order', { includes: 'order' })
  @Get(':id')
  @ShopperAccess()
  @Includable('order')
  get(@ResourceId('id', 'Order') id: string, @CurrentPrincipal() principal: Principal) {
    return this.orders.get(id, orderReach(principal, 'read'));
  }

  @ApiList('List an order\'s items', 'OrderItem')
  @Get(':id/items')
  @ShopperAccess()
  items(@ResourceId('id', 'Order') id: string, @Query() query: Record<string, unknown>, @CurrentPrincipal() principal: Principal) {
    return this.orders.items(id, parseSubCollectionPage(query), orderReach(principal, 'read'));
  }

  @ApiDataResponse('Update an order (fulfil, cancel, change the shipping address)', 'Order')
  /** With a customer token (beside a client-credentials token), another shopper's order is not found, as on reads. */
  @Put(':id')
  @OptionalCustomerToken()
  async update(@ResourceId('id', 'Order') id: string, @DataBody() dto: UpdateOrderDto, @CurrentPrincipal() principal: Principal) {
    await this.orders.getOwnOrThrow(id, orderReach(principal, 'manage'));
    return this.orders.update(id, dto);
  }
}
