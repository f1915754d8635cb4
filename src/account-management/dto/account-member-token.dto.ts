import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, MaxLength } from 'class-validator';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { RequiredText } from '../../common/validation/text-field';
import { MemberEmail, MemberPassword } from './realm.dto';

export const TOKEN_MECHANISMS = ['password', 'self_signup'] as const;

/**
 * `POST /v2/account-members/tokens`: sign in with a username and password, or sign up (`self_signup`, which
 * also needs `name` and `email`). The mechanisms not offered here (OpenID Connect, one-time passwords,
 * switching accounts) are refused as values of `authentication_mechanism`.
 */
export class CreateAccountMemberTokenDto {
  @IsIn(['account_management_authentication_token']) type: string;
  @IsIn(TOKEN_MECHANISMS) authentication_mechanism: (typeof TOKEN_MECHANISMS)[number];
  @ApiProperty({ example: '5f8da740-6680-463e-b4a0-7a9d2f6f3e1c' }) @IsUUID() password_profile_id: string;
  @IsString() @MaxLength(255) username: string;
  @MemberPassword() password: string;
  /** self_signup only */
  @OptionalNotNull() @RequiredText() name?: string;
  /** self_signup only */
  @OptionalNotNull() @MemberEmail() email?: string;
}
