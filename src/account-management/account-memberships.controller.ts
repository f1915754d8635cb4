import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListQueryParser } from '../common/http/list-query.parser';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { ACCOUNT_MANAGEMENT_SCHEMAS as S } from './account-management.schema';
import { CreateAccountMembershipDto } from './dto/realm.dto';
import { ACCOUNT_MEMBERS_SPEC, ACCOUNT_MEMBERSHIPS_SPEC } from './members.repository';
import { MembersService } from './members.service';
import { MembershipsService } from './memberships.service';

const ACCOUNT = 'Account';
const MEMBERSHIP = 'Account membership';

@ApiTags('account management')
@ApiBearerAuth()
@Controller('accounts/:accountId/account-memberships')
export class AccountMembershipsController {
  constructor(
    private readonly memberships: MembershipsService,
    private readonly members: MembersService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Add an account member to the account', S.AccountMembership, { status: 201 })
  @Post()
  @HttpCode(201)
  create(@ResourceId('accountId', ACCOUNT) accountId: string, @DataBody() dto: CreateAccountMembershipDto) {
    return this.memberships.create(accountId, dto);
  }

  @ApiList("List the account's memberships", S.AccountMembership, { spec: ACCOUNT_MEMBERSHIPS_SPEC })
  @Get()
  async list(@ResourceId('accountId', ACCOUNT) accountId: string, @Query() query: Record<string, unknown>) {
    return this.memberships.listForAccount(accountId, await this.listQuery.parse(query, ACCOUNT_MEMBERSHIPS_SPEC));
  }

  @ApiList('List the account members who are not members of the account', S.AccountMember, { spec: ACCOUNT_MEMBERS_SPEC })
  @Get('unassigned-account-members')
  async unassigned(@ResourceId('accountId', ACCOUNT) accountId: string, @Query() query: Record<string, unknown>) {
    return this.members.listUnassigned(accountId, await this.listQuery.parse(query, ACCOUNT_MEMBERS_SPEC));
  }

  @ApiDataResponse('Get an account membership', S.AccountMembership)
  @Get(':membershipId')
  get(@ResourceId('accountId', ACCOUNT) accountId: string, @ResourceId('membershipId', MEMBERSHIP) id: string) {
    return this.memberships.get(accountId, id);
  }

  @ApiNoContent("Remove a member from the account: the member's tokens for this account stop working at once")
  @Delete(':membershipId')
  @HttpCode(204)
  async delete(@ResourceId('accountId', ACCOUNT) accountId: string, @ResourceId('membershipId', MEMBERSHIP) id: string): Promise<void> {
    await this.memberships.delete(accountId, id);
  }
}
