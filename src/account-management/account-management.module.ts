import { Module } from '@nestjs/common';
import { ACCOUNT_MANAGEMENT } from '../accounts/account-management.family';
import { AccountsModule } from '../accounts/accounts.module';
import { InApiFamily } from '../common/errors/api-family';
import { RateLimitStoreModule } from '../common/throttling/rate-limit-store.module';
import { AccountMemberTokensService } from './account-member-tokens.service';
import { AccountMembersController } from './account-members.controller';
import { AccountMembershipsController } from './account-memberships.controller';
import { AccountTokenResolver } from './account-token.resolver';
import { AccountSettingsController } from './account-settings.controller';
import { AuthenticationRealmsController } from './authentication-realms.controller';
import { AuthenticationSettingsService } from './authentication-settings.service';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';
import { MembershipsService } from './memberships.service';
import { PasswordProfilesService } from './password-profiles.service';
import { RealmRepository } from './realm.repository';
import { UserAuthenticationInfoController } from './user-authentication-info.controller';

/**
 * Account Management's members and their sign-in: the store's authentication realm and its settings, password
 * profiles, users (account members) with their usernames and passwords, memberships of accounts, and the
 * account management authentication tokens a member signs in for.
 */
@InApiFamily(ACCOUNT_MANAGEMENT)
@Module({
  imports: [AccountsModule, RateLimitStoreModule],
  controllers: [AccountSettingsController, AuthenticationRealmsController, UserAuthenticationInfoController, AccountMembersController, AccountMembershipsController],
  providers: [RealmRepository, MembersRepository, AuthenticationSettingsService, PasswordProfilesService, MembersService, MembershipsService, AccountMemberTokensService, AccountTokenResolver],
  exports: [AccountMemberTokensService, MembersService],
})
export class AccountManagementModule {}
