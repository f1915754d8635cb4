import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListQueryParser } from '../common/http/list-query.parser';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { ACCOUNT_MANAGEMENT_SCHEMAS as S } from './account-management.schema';
import {
  CreatePasswordProfileInfoDto,
  CreateUserAuthenticationInfoDto,
  UpdatePasswordProfileInfoDto,
  UpdateUserAuthenticationInfoDto,
} from './dto/realm.dto';
import { ACCOUNT_MEMBERS_SPEC, PASSWORD_PROFILE_INFOS_SPEC } from './members.repository';
import { MembersService } from './members.service';

const REALM = 'Authentication realm';
const USER = 'User authentication info';
const PASSWORD = 'User authentication password profile info';

/** The realm's users (each one an account member) and their usernames and passwords. */
@ApiTags('account management')
@ApiBearerAuth()
@Controller('authentication-realms/:realmId/user-authentication-info')
export class UserAuthenticationInfoController {
  constructor(
    private readonly members: MembersService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiDataResponse('Create a user (an account member)', S.UserAuthenticationInfo, { status: 201 })
  @Post()
  @HttpCode(201)
  create(@ResourceId('realmId', REALM) realmId: string, @DataBody() dto: CreateUserAuthenticationInfoDto) {
    return this.members.createUser(realmId, dto);
  }

  @ApiList('List the users', S.UserAuthenticationInfo, { spec: ACCOUNT_MEMBERS_SPEC })
  @Get()
  async list(@ResourceId('realmId', REALM) realmId: string, @Query() query: Record<string, unknown>) {
    return this.members.listUsers(realmId, await this.listQuery.parse(query, ACCOUNT_MEMBERS_SPEC));
  }

  @ApiDataResponse('Get a user', S.UserAuthenticationInfo)
  @Get(':userId')
  get(@ResourceId('realmId', REALM) realmId: string, @ResourceId('userId', USER) userId: string) {
    return this.members.getUser(realmId, userId);
  }

  @ApiDataResponse('Update a user', S.UserAuthenticationInfo)
  @Put(':userId')
  update(@ResourceId('realmId', REALM) realmId: string, @ResourceId('userId', USER) userId: string, @DataBody() dto: UpdateUserAuthenticationInfoDto) {
    return this.members.updateUser(realmId, userId, dto);
  }

  @ApiNoContent('Delete a user: its account member, memberships and tokens too')
  @Delete(':userId')
  @HttpCode(204)
  async delete(@ResourceId('realmId', REALM) realmId: string, @ResourceId('userId', USER) userId: string): Promise<void> {
    await this.members.deleteUser(realmId, userId);
  }

  @ApiDataResponse('Give a user a username and password in a password profile', S.UserAuthenticationPasswordProfileInfo, { status: 201 })
  @Post(':userId/user-authentication-password-profile-info')
  @HttpCode(201)
  createPassword(@ResourceId('realmId', REALM) realmId: string, @ResourceId('userId', USER) userId: string, @DataBody() dto: CreatePasswordProfileInfoDto) {
    return this.members.createPassword(realmId, userId, dto);
  }

  @ApiList("List a user's usernames, one per password profile", S.UserAuthenticationPasswordProfileInfo, { spec: PASSWORD_PROFILE_INFOS_SPEC })
  @Get(':userId/user-authentication-password-profile-info')
  async listPasswords(@ResourceId('realmId', REALM) realmId: string, @ResourceId('userId', USER) userId: string, @Query() query: Record<string, unknown>) {
    return this.members.listPasswords(realmId, userId, await this.listQuery.parse(query, PASSWORD_PROFILE_INFOS_SPEC));
  }

  @ApiDataResponse("Get a user's username in a password profile", S.UserAuthenticationPasswordProfileInfo)
  @Get(':userId/user-authentication-password-profile-info/:passwordInfoId')
  getPassword(@ResourceId('realmId', REALM) realmId: string, @ResourceId('userId', USER) userId: string, @ResourceId('passwordInfoId', PASSWORD) id: string) {
    return this.members.getPassword(realmId, userId, id);
  }

  @ApiDataResponse("Change a user's username or password", S.UserAuthenticationPasswordProfileInfo)
  @Put(':userId/user-authentication-password-profile-info/:passwordInfoId')
  updatePassword(
    @ResourceId('realmId', REALM) realmId: string,
    @ResourceId('userId', USER) userId: string,
    @ResourceId('passwordInfoId', PASSWORD) id: string,
    @DataBody() dto: UpdatePasswordProfileInfoDto,
  ) {
    return this.members.updatePassword(realmId, userId, id, dto);
  }

  @ApiNoContent("Delete a user's username and password in a password profile")
  @Delete(':userId/user-authentication-password-profile-info/:passwordInfoId')
  @HttpCode(204)
  async deletePassword(@ResourceId('realmId', REALM) realmId: string, @ResourceId('userId', USER) userId: string, @ResourceId('passwordInfoId', PASSWORD) id: string): Promise<void> {
    await this.members.deletePassword(realmId, userId, id);
  }
}
