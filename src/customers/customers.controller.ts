import { Controller, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentPrincipal } from '../auth/access.decorators';
import { NotFoundError } from '../common/errors/api-error';
import { requestBaseUrl } from '../common/http/base-url';
import { ListQueryParser } from '../common/http/list-query.parser';
import type { Principal } from '../common/http/request-context';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { AppConfig } from '../config/app-config';
import { CreateCustomerDto, UpdateCustomerDto } from './dto/customer.dto';
import { ShopperAccess, shopperScope } from './customer-token.guard';
import { CUSTOMERS_SPEC } from './customers.repository';
import { CustomersService } from './customers.service';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import { CUSTOMER_SCHEMAS as S } from './customer.schema';
import { ref } from '../common/openapi/json-schema';

/** Client-credentials; a shopper (implicit + customer token) reads and updates their own record only. */
@ApiTags('customers')
@ApiBearerAuth()
@Controller('customers')
export class CustomersController {
  constructor(
    private readonly customers: CustomersService,
    private readonly listQuery: ListQueryParser,
    private readonly config: AppConfig,
  ) {}

  @ApiDataResponse('Create a customer', 'Customer', { status: 201, body: ref(S.CreateCustomerRequest) })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateCustomerDto, @Req() req: Request) {
    return this.customers.create(dto, this.baseUrl(req));
  }

  @ApiList('List customers', 'Customer', { spec: CUSTOMERS_SPEC })
  @Get()
  async list(@Query() query: Record<string, unknown>, @Req() req: Request) {
    return this.customers.list(await this.listQuery.parse(query, CUSTOMERS_SPEC), this.baseUrl(req));
  }

  @ApiDataResponse('Get a customer', 'Customer', { description: 'With a customer token (X-Moltin-Customer-Token), only that customer.' })
  @Get(':id')
  @ShopperAccess()
  get(@ResourceId('id', 'Customer') id: string, @CurrentPrincipal() principal: Principal, @Req() req: Request) {
    this.requireOwn(id, principal);
    return this.customers.get(id, this.baseUrl(req));
  }

  @ApiDataResponse('Update a customer', 'Customer', { body: ref(S.UpdateCustomerRequest) })
  @Put(':id')
  @ShopperAccess()
  update(@ResourceId('id', 'Customer') id: string, @DataBody() dto: UpdateCustomerDto, @CurrentPrincipal() principal: Principal, @Req() req: Request) {
    this.requireOwn(id, principal);
    return this.customers.update(id, dto, this.baseUrl(req));
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

  private baseUrl(req: Request) {
    return requestBaseUrl(req, this.config.publicBaseUrl);
  }
}
