import { Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ListQueryParser } from '../common/http/list-query.parser';
import { ApiDataResponse, ApiList, ApiNoContent } from '../common/openapi/api-operation.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ResourceId } from '../common/validation/resource-id.pipe';
import { ACCOUNT_MANAGEMENT_SCHEMAS as S } from './account-management.schema';
import { AuthenticationSettingsService } from './authentication-settings.service';
import { CreatePasswordProfileDto, UpdateAuthenticationRealmDto, UpdatePasswordProfileDto } from './dto/realm.dto';
import { PasswordProfilesService } from './password-profiles.service';
import { PASSWORD_PROFILES_SPEC, REALMS_SPEC } from './realm.repository';

const REALM = 'Authentication realm';
const PROFILE = 'Password profile';

/** The store's authentication realm and its password profiles. */
@ApiTags('account management')
@ApiBearerAuth()
@Controller('authentication-realms')
export class AuthenticationRealmsController {
  constructor(
    private readonly settings: AuthenticationSettingsService,
    private readonly profiles: PasswordProfilesService,
    private readonly listQuery: ListQueryParser,
  ) {}

  @ApiList('List the authentication realms', S.AuthenticationRealm, { spec: REALMS_SPEC })
  @Get()
  async list(@Query() query: Record<string, unknown>) {
    return this.settings.realmsList(await this.listQuery.parse(query, REALMS_SPEC));
  }

  @ApiDataResponse('Get an authentication realm', S.AuthenticationRealm)
  @Get(':realmId')
  get(@ResourceId('realmId', REALM) realmId: string) {
    return this.settings.realm(realmId);
  }

  @ApiDataResponse('Rename an authentication realm', S.AuthenticationRealm)
  @Put(':realmId')
  update(@ResourceId('realmId', REALM) realmId: string, @DataBody() dto: UpdateAuthenticationRealmDto) {
    return this.settings.renameRealm(realmId, dto);
  }

  @ApiDataResponse('Create a password profile', S.PasswordProfile, { status: 201 })
  @Post(':realmId/password-profiles')
  @HttpCode(201)
  createProfile(@ResourceId('realmId', REALM) realmId: string, @DataBody() dto: CreatePasswordProfileDto) {
    return this.profiles.create(realmId, dto);
  }

  @ApiList('List the password profiles', S.PasswordProfile, { spec: PASSWORD_PROFILES_SPEC })
  @Get(':realmId/password-profiles')
  async listProfiles(@ResourceId('realmId', REALM) realmId: string, @Query() query: Record<string, unknown>) {
    return this.profiles.list(realmId, await this.listQuery.parse(query, PASSWORD_PROFILES_SPEC));
  }

  @ApiDataResponse('Get a password profile', S.PasswordProfile)
  @Get(':realmId/password-profiles/:profileId')
  getProfile(@ResourceId('realmId', REALM) realmId: string, @ResourceId('profileId', PROFILE) profileId: string) {
    return this.profiles.get(realmId, profileId);
  }

  @ApiDataResponse('Update a password profile', S.PasswordProfile)
  @Put(':realmId/password-profiles/:profileId')
  updateProfile(@ResourceId('realmId', REALM) realmId: string, @ResourceId('profileId', PROFILE) profileId: string, @DataBody() dto: UpdatePasswordProfileDto) {
    return this.profiles.update(realmId, profileId, dto);
  }

  @ApiNoContent('Delete a password profile and the usernames in it')
  @Delete(':realmId/password-profiles/:profileId')
  @HttpCode(204)
  async deleteProfile(@ResourceId('realmId', REALM) realmId: string, @ResourceId('profileId', PROFILE) profileId: string): Promise<void> {
    await this.profiles.delete(realmId, profileId);
  }
}
