import { Controller, Get, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { ApiDataResponse } from '../common/openapi/api-operation.decorators';
import { DataBody } from '../common/validation/data-body.pipe';
import { ACCOUNT_MANAGEMENT_SCHEMAS as S } from './account-management.schema';
import { AuthenticationSettingsService } from './authentication-settings.service';
import { UpdateAccountAuthenticationSettingsDto, UpdateAccountMembershipSettingsDto } from './dto/account-authentication-settings.dto';

@ApiTags('account management')
@ApiBearerAuth()
@Controller('settings')
export class AccountSettingsController {
  constructor(private readonly settings: AuthenticationSettingsService) {}

  @ApiDataResponse('Get the account authentication settings', S.AccountAuthenticationSettings)
  @Get('account-authentication')
  authentication() {
    return this.settings.settings();
  }

  @ApiDataResponse('Update the account authentication settings', S.AccountAuthenticationSettings)
  @Put('account-authentication')
  updateAuthentication(@DataBody() dto: UpdateAccountAuthenticationSettingsDto) {
    return this.settings.updateSettings(dto);
  }

  @ApiDataResponse('Get the account membership settings', S.AccountMembershipSettings)
  @Get('account-membership')
  membership() {
    return this.settings.membershipSettings();
  }

  @ApiDataResponse('Update the account membership settings', S.AccountMembershipSettings)
  @Put('account-membership')
  updateMembership(@DataBody() dto: UpdateAccountMembershipSettingsDto) {
    return this.settings.updateMembershipSettings(dto);
  }
}
