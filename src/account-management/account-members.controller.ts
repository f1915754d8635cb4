import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AllowAccountMember, AllowImplicit, CurrentPrincipal } from '../auth/access.decorators';
import type { Principal } from '../common/http/request-context';
import { ListQueryParser } from '../common/http/list-query.parser';
import { ApiDataResponse, ApiDocumentResponse, ApiList } from '../common/openapi/api-operation.decorators';
import { ref } from '../common/openapi/json-schema';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { ACCOUNT_MANAGEMENT_SCHEMAS as S } from './account-management.schema';
import { AccountMemberTokensService } from './account-member-tokens.service';
import { CreateAccountMemberTokenDto } from './dto/account-member-token.dto';
import { ACCOUNT_MEMBERS_SPEC, ACCOUNT_MEMBERSHIPS_SPEC } from './members.repository';
import { MembersService } from './members.service';
import { MembershipsService } from './memberships.service';

const MEMBER = 'Account member';

@ApiTags('account management')
@ApiBearerAuth()
@Controller('account-members')
export class AccountMembersController {
  constructor(
    private readonly members: MembersService,
    private readonly memberships: MembershipsService,
    private readonly tokens: AccountMemberTokensService,
    private readonly listQuery: ListQueryParser,
  ) {}

  /** Shoppers sign in from the storefront, so implicit tokens may ask for account tokens. */
  @ApiDocumentResponse('Sign in (password) or sign up (self_signup): one account management token per account of the member', ref(S.AccountManagementAuthenticationTokens), {
    status: 201,
  })
  @Post('tokens')
  @HttpCode(201)
  @AllowImplicit()
  createTokens(@DataBody() dto: CreateAccountMemberTokenDto) {
    return this.tokens.issue(dto);
  }

  @ApiList('List the account members', S.AccountMember, { spec: ACCOUNT_MEMBERS_SPEC })
  @Get()
  async list(@Query() query: Record<string, unknown>) {
    return this.members.listAccountMembers(await this.listQuery.parse(query, ACCOUNT_MEMBERS_SPEC));
  }

  @ApiDataResponse('Get an account member (a member with its account token: itself only)', S.AccountMember)
  @Get(':memberId')
  @AllowAccountMember()
  get(@ResourceId('memberId', MEMBER) memberId: string, @CurrentPrincipal() principal?: Principal) {
    return this.members.getAccountMember(memberId, principal);
  }

  @ApiList("List an account member's memberships", S.AccountMembership, { spec: ACCOUNT_MEMBERSHIPS_SPEC })
  @Get(':memberId/account-memberships')
  async listMemberships(@ResourceId('memberId', MEMBER) memberId: string, @Query() query: Record<string, unknown>) {
    return this.memberships.listForMember(memberId, await this.listQuery.parse(query, ACCOUNT_MEMBERSHIPS_SPEC));
  }
}
