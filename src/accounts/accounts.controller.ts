import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AllowAccountMember, CurrentPrincipal } from '../auth/access.decorators';
import { NotFoundError } from '../common/errors/api-error';
import type { Principal } from '../common/http/request-context';
import { ListQueryParser } from '../common/http/list-query.parser';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { CreateAccountDto, UpdateAccountDto } from './dto/account.dto';
import { ACCOUNTS_SPEC } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import './account.schema';

@ApiTags('accounts')
@ApiBearerAuth()
@Controller('accounts')
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create an account', 'Account', { status: 201 })
  @Post()
  @HttpCode(201)
  create(@DataBody() dto: CreateAccountDto) {
    return this.accounts.create(dto);
  }

  @ApiList('List accounts', 'Account', { spec: ACCOUNTS_SPEC })
  @Get()
  async list(@Query() query: Record<string, unknown>) {
    return this.accounts.list(await this.listQuery.parse(query, ACCOUNTS_SPEC));
  }

  /** A member with its account token reads its own account only; any other is 404. */
  @ApiDataResponse('Get an account', 'Account')
  @AllowAccountMember()
  @Get(':id')
  get(@ResourceId('id', 'Account') id: string, @CurrentPrincipal() principal?: Principal) {
    this.requireOwn(id, principal);
    return this.accounts.get(id);
  }

  @ApiDataResponse('Update an account', 'Account')
  @AllowAccountMember()
  @Put(':id')
  update(@ResourceId('id', 'Account') id: string, @DataBody() dto: UpdateAccountDto, @CurrentPrincipal() principal?: Principal) {
    this.requireOwn(id, principal);
    return this.accounts.update(id, dto);
  }

  @ApiNoContent('Delete an account')
  @Delete(':id')
  @HttpCode(204)
  async delete(@ResourceId('id', 'Account') id: string): Promise<void> {
    await this.accounts.delete(id);
  }

  private requireOwn(id: string, principal?: Principal) {
    if (principal?.grantType === 'implicit' && principal.accountId !== id) throw new NotFoundError('Account');
  }
}
