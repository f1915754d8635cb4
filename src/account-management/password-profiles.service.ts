import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors/api-error';
import { ListQuery, page } from '../common/list-query';
import { CreatePasswordProfileDto, UpdatePasswordProfileDto } from './dto/realm.dto';
import { PASSWORD_PROFILE_WIRE } from './account-management.wire';
import { AuthenticationSettingsService } from './authentication-settings.service';
import { RealmRepository } from './realm.repository';

/** The password profiles of a realm: each is a namespace of usernames with their passwords. */
@Injectable()
export class PasswordProfilesService {
  constructor(
    private readonly realms: RealmRepository,
    private readonly settings: AuthenticationSettingsService,
  ) {}

  async create(realmId: string, dto: CreatePasswordProfileDto) {
    await this.settings.requireRealm(realmId);
    const row = await this.realms.createProfile({
      realmId,
      name: dto.name,
      usernameFormat: dto.username_format ?? 'any',
      enableOneTimePasswordToken: dto.enable_one_time_password_token ?? false,
    });
    return PASSWORD_PROFILE_WIRE.present(row);
  }

  async list(realmId: string, q: ListQuery) {
    await this.settings.requireRealm(realmId);
    const { items, total, all } = await this.realms.listProfiles(realmId, q);
    return page(items.map((row) => PASSWORD_PROFILE_WIRE.present(row)), total, q, all);
  }

  async get(realmId: string, id: string) {
    return PASSWORD_PROFILE_WIRE.present(await this.require(realmId, id));
  }

  async update(realmId: string, id: string, dto: UpdatePasswordProfileDto) {
    const row = await this.realms.updateProfile(realmId, id, {
      name: dto.name,
      usernameFormat: dto.username_format,
      enableOneTimePasswordToken: dto.enable_one_time_password_token,
    });
    if (!row) throw new NotFoundError('Password profile');
    return PASSWORD_PROFILE_WIRE.present(row);
  }

  /** Deleting a profile deletes the usernames and passwords in it. */
  async delete(realmId: string, id: string) {
    if (!(await this.realms.deleteProfile(realmId, id))) throw new NotFoundError('Password profile');
  }

  async require(realmId: string, id: string) {
    const row = await this.realms.findProfile(realmId, id);
    if (!row) throw new NotFoundError('Password profile');
    return row;
  }
}
