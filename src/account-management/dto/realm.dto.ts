import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsNotEmpty, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH } from '../../customers/dto/customer.dto';
import { PartialNotNull } from '../../common/validation/partial-not-null';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { RequiredText, ResourceType } from '../../common/validation/text-field';

/** A member's password: any non-empty text up to the length shoppers' passwords may have. */
export const MemberPassword = () => applyDecorators(IsString(), IsNotEmpty(), MaxLength(MAX_PASSWORD_LENGTH));

/** An email address: something, an @, something with no spaces (the mailbox decides the rest). */
export const MemberEmail = () =>
  applyDecorators(
    ApiProperty({ example: 'ron@example.com' }),
    IsString(),
    MaxLength(255),
    Matches(/^[^@\s]+@[^@\s]+$/, { message: 'email must be an email address' }),
  );

export class UpdateAuthenticationRealmDto {
  @ResourceType('authentication_realm') type?: string;
  @RequiredText() name: string;
}

export class CreatePasswordProfileDto {
  @ResourceType('password_profile') type?: string;
  @RequiredText() name: string;
  @OptionalNotNull() @IsIn(['any', 'email']) username_format?: 'any' | 'email';
  @OptionalNotNull() @IsBoolean() enable_one_time_password_token?: boolean;
}
export class UpdatePasswordProfileDto extends PartialNotNull(CreatePasswordProfileDto) {}

export class CreateUserAuthenticationInfoDto {
  @ResourceType('user_authentication_info') type?: string;
  @RequiredText() name: string;
  @MemberEmail() email: string;
}
export class UpdateUserAuthenticationInfoDto extends PartialNotNull(CreateUserAuthenticationInfoDto) {}

export class CreatePasswordProfileInfoDto {
  @ResourceType('user_authentication_password_profile_info') type?: string;
  @ApiProperty({ example: '5f8da740-6680-463e-b4a0-7a9d2f6f3e1c' }) @IsUUID() password_profile_id: string;
  @RequiredText() username: string;
  @MemberPassword() password: string;
}

/** A new username, a new password, or both. */
export class UpdatePasswordProfileInfoDto {
  @ResourceType('user_authentication_password_profile_info') type?: string;
  @OptionalNotNull() @RequiredText() username?: string;
  @OptionalNotNull() @MemberPassword() password?: string;
}

export class CreateAccountMembershipDto {
  @ResourceType('account_membership') type?: string;
  @ApiProperty({ example: '908f7849-60da-4e4a-a3b1-51d4cbe3b953' }) @IsUUID() account_member_id: string;
}
