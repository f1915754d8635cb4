import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal } from '../auth/access.decorators';
import { NotFoundError } from '../common/errors/api-error';
import { ListQueryParser } from '../common/http/list-query.parser';
import type { Principal } from '../common/http/request-context';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { CreateCustomerDto, UpdateCustomerDto } from './dto/customer.dto';
import { ShopperAccess, shopperScope } from './customer-token.guard';
import { CUSTOMERS_SPEC } from './customers.repository';
import { CustomersService } from './customers.service';
import { EmailChangeLimiter } from './email-change.limiter';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import './customer.schema';

/** Client-credentials; a shopper (implicit + customer token) reads and updates their own record only. */
@ApiTags('customers')
@ApiBearerAuth()
@Controller('customers')
export class CustomersController {
  constructor(
    private readonly customers: CustomersService,
    private readonly listQuery: ListQueryParser,
    private readonly emailChanges: EmailChangeLimiter,
  ) {}

  @ApiDataResponse('Create a customer', 'Customer', { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateCustomerDto) {
    return this.customers.create(dto);
  }

  @ApiList('List customers', 'Customer', { spec: CUSTOMERS_SPEC })
  @Get()
  async list(@Query() query: Record<string, unknown>) {
    return this.customers.list(await this.listQuery.parse(query, CUSTOMERS_SPEC));
  }

  @ApiDataResponse('Get a customer', 'Customer', { description: 'With a customer token (X-Moltin-Customer-Token), only that customer.' })
  @Get(':id')
  @ShopperAccess()
  get(@ResourceId('id', 'Customer') id: string, @CurrentPrincipal() principal: Principal) {
    this.requireOwn(id, principal);
    return this.customers.get(id);
  }

  @ApiDataResponse('Update a customer', 'Customer')
  @Put(':id')
  @ShopperAccess()
  async update(@ResourceId('id', 'Customer') id: string, @DataBody() dto: UpdateCustomerDto, @CurrentPrincipal() principal: Principal) {
    this.requireOwn(id, principal);
    if (principal.customerId && dto.email !== undefined) await this.emailChanges.count(principal.customerId, dto.email);
    return this.customers.update(id, dto);
  }

  @ApiNoContent('Delete a customer')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Customer') id: string): Promise<void> {
    await this.customers.delete(id);
  }

  /** A shopper asking for anyone else's record is told it does not exist. */
  private requireOwn(id: string, principal: Principal) {
    const own = shopperScope(principal);
    if (own !== undefined && own !== id) throw new NotFoundError('Customer');
  }

}
