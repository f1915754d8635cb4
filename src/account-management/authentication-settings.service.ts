import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { NotFoundError } from '../common/errors/api-error';
import { ListQuery, page } from '../common/list-query';
import { UpdateAccountAuthenticationSettingsDto, UpdateAccountMembershipSettingsDto } from './dto/account-authentication-settings.dto';
import { UpdateAuthenticationRealmDto } from './dto/realm.dto';
import { ACCOUNT_AUTHENTICATION_SETTINGS_WIRE, ACCOUNT_MEMBERSHIP_SETTINGS_WIRE, AUTHENTICATION_REALM_WIRE } from './account-management.wire';
import { RealmRepository } from './realm.repository';

/** The name Elastic Path gives the realm of account members. */
export const ACCOUNT_REALM_NAME = 'Buyer Organization';

/** The account authentication settings, the membership settings and the realm they name. */
@Injectable()
export class AuthenticationSettingsService implements OnApplicationBootstrap {
  constructor(private readonly realms: RealmRepository) {}

  /** The store's realm exists before the first request: made at the first start, found at every other. */
  async onApplicationBootstrap() {
    await this.realms.ensureSettings(ACCOUNT_REALM_NAME);
  }

  async settings() {
    return ACCOUNT_AUTHENTICATION_SETTINGS_WIRE.present(await this.realms.settings());
  }

  /** The raw settings row, for the other services of this module. */
  settingsRow() {
    return this.realms.settings();
  }

  async updateSettings(dto: UpdateAccountAuthenticationSettingsDto) {
    const row = await this.realms.updateSettings({
      enableSelfSignup: dto.enable_self_signup,
      autoCreateAccount: dto.auto_create_account_for_account_members,
      memberSelfManagement: dto.account_member_self_management,
      tokenTimeoutSecs: dto.account_management_authentication_token_timeout_secs,
    });
    return ACCOUNT_AUTHENTICATION_SETTINGS_WIRE.present(row);
  }

  async membershipSettings() {
    return ACCOUNT_MEMBERSHIP_SETTINGS_WIRE.present(await this.realms.settings());
  }

  async updateMembershipSettings(dto: UpdateAccountMembershipSettingsDto) {
    return ACCOUNT_MEMBERSHIP_SETTINGS_WIRE.present(await this.realms.updateSettings({ membershipLimit: dto.membership_limit }));
  }

  async realmsList(q: ListQuery) {
    const { items, total, all } = await this.realms.listRealms(q);
    return page(items.map((row) => AUTHENTICATION_REALM_WIRE.present(row)), total, q, all);
  }

  async realm(id: string) {
    return AUTHENTICATION_REALM_WIRE.present(await this.requireRealm(id));
  }

  async renameRealm(id: string, dto: UpdateAuthenticationRealmDto) {
    await this.requireRealm(id);
    return AUTHENTICATION_REALM_WIRE.present(await this.realms.renameRealm(id, dto.name));
  }

  async requireRealm(id: string) {
    const row = await this.realms.findRealm(id);
    if (!row) throw new NotFoundError('Authentication realm');
    return row;
  }
}
