import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AllowAccountMember, CurrentPrincipal } from '../auth/access.decorators';
import type { Principal } from '../common/http/request-context';
import { ListQueryParser } from '../common/http/list-query.parser';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import './account-address.schema';
import { ACCOUNT_ADDRESSES_SPEC } from './account-addresses.repository';
import { AccountAddressesService } from './account-addresses.service';
import { CreateAccountAddressDto, UpdateAccountAddressDto } from './dto/account-address.dto';

const ACCOUNT = 'Account';
const ADDRESS = 'Address';

/** A client-credentials token, or a storefront's token with the account's own account management token. */
@ApiTags('account addresses')
@ApiBearerAuth()
@AllowAccountMember()
@Controller('accounts/:accountId/addresses')
export class AccountAddressesController {
  constructor(
    private readonly addresses: AccountAddressesService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create an account address', 'AccountAddress', { status: 201 })
  @Post()
  @HttpCode(201)
  create(@ResourceId('accountId', ACCOUNT) accountId: string, @DataBody() dto: CreateAccountAddressDto, @CurrentPrincipal() principal?: Principal) {
    return this.addresses.create(accountId, dto, principal);
  }

  @ApiList("List an account's addresses", 'AccountAddress', { spec: ACCOUNT_ADDRESSES_SPEC })
  @Get()
  async list(@ResourceId('accountId', ACCOUNT) accountId: string, @Query() query: Record<string, unknown>, @CurrentPrincipal() principal?: Principal) {
    return this.addresses.list(accountId, await this.listQuery.parse(query, ACCOUNT_ADDRESSES_SPEC), principal);
  }

  @ApiDataResponse('Get an account address', 'AccountAddress')
  @Get(':addressId')
  get(@ResourceId('accountId', ACCOUNT) accountId: string, @ResourceId('addressId', ADDRESS) addressId: string, @CurrentPrincipal() principal?: Principal) {
    return this.addresses.get(accountId, addressId, principal);
  }

  @ApiDataResponse('Update an account address', 'AccountAddress')
  @Put(':addressId')
  update(
    @ResourceId('accountId', ACCOUNT) accountId: string,
    @ResourceId('addressId', ADDRESS) addressId: string,
    @DataBody() dto: UpdateAccountAddressDto,
    @CurrentPrincipal() principal?: Principal,
  ) {
    return this.addresses.update(accountId, addressId, dto, principal);
  }

  @ApiNoContent('Delete an account address')
  @Delete(':addressId')
  @HttpCode(204)
  async delete(@ResourceId('accountId', ACCOUNT) accountId: string, @ResourceId('addressId', ADDRESS) addressId: string, @CurrentPrincipal() principal?: Principal): Promise<void> {
    await this.addresses.delete(accountId, addressId, principal);
  }
}
