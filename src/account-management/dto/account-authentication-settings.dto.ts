import { IsBoolean, IsIn, IsInt, Max, Min } from 'class-validator';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { ResourceType } from '../../common/validation/text-field';
import { MEMBER_SELF_MANAGEMENT } from '../account-management.wire';

/** `PUT /v2/settings/account-authentication`: every member may be left out and keeps its value then. */
export class UpdateAccountAuthenticationSettingsDto {
  @ResourceType('account_authentication_settings') type?: string;
  @OptionalNotNull() @IsBoolean() enable_self_signup?: boolean;
  @OptionalNotNull() @IsBoolean() auto_create_account_for_account_members?: boolean;
  @OptionalNotNull() @IsIn(MEMBER_SELF_MANAGEMENT) account_member_self_management?: (typeof MEMBER_SELF_MANAGEMENT)[number];
  /** Up to a week, as Elastic Path allows. */
  @OptionalNotNull() @IsInt() @Min(1) @Max(604800) account_management_authentication_token_timeout_secs?: number;
}

/** `PUT /v2/settings/account-membership`: how many accounts one member may belong to (new memberships only). */
export class UpdateAccountMembershipSettingsDto {
  @ResourceType('account_membership_setting') type?: string;
  @IsInt() @Min(1) @Max(10000) membership_limit: number;
}
