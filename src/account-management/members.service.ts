import { Injectable } from '@nestjs/common';
import { isEmail } from 'class-validator';
import { ConflictError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { ListQuery, page } from '../common/list-query';
import { hashPassword } from '../customers/password-hash';
import type { Principal } from '../common/http/request-context';
import type { PasswordProfile } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import {
  CreatePasswordProfileInfoDto,
  CreateUserAuthenticationInfoDto,
  UpdatePasswordProfileInfoDto,
  UpdateUserAuthenticationInfoDto,
} from './dto/realm.dto';
import { ACCOUNT_MEMBER_WIRE, PASSWORD_PROFILE_INFO_WIRE, USER_AUTHENTICATION_INFO_WIRE } from './account-management.wire';
import { AuthenticationSettingsService } from './authentication-settings.service';
import { MembersRepository, usernameKey } from './members.repository';
import { PasswordProfilesService } from './password-profiles.service';

/**
 * The realm's users: each user authentication info is an account member (the same id), and signs in with a
 * username and password kept per password profile (user authentication password profile info).
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly members: MembersRepository,
    private readonly settings: AuthenticationSettingsService,
    private readonly profiles: PasswordProfilesService,
    private readonly prisma: PrismaService,
  ) {}

  // ---------- user authentication info ----------

  async createUser(realmId: string, dto: CreateUserAuthenticationInfoDto) {
    await this.settings.requireRealm(realmId);
    return USER_AUTHENTICATION_INFO_WIRE.present(await this.members.createMember({ realmId, name: dto.name, email: dto.email }));
  }

  async listUsers(realmId: string, q: ListQuery) {
    await this.settings.requireRealm(realmId);
    const { items, total, all } = await this.members.listMembers(q, { realmId });
    return page(items.map((row) => USER_AUTHENTICATION_INFO_WIRE.present(row)), total, q, all);
  }

  async getUser(realmId: string, id: string) {
    return USER_AUTHENTICATION_INFO_WIRE.present(await this.requireUser(realmId, id));
  }

  async updateUser(realmId: string, id: string, dto: UpdateUserAuthenticationInfoDto) {
    const row = await this.members.updateMember(realmId, id, { name: dto.name, email: dto.email });
    if (!row) throw new NotFoundError('User authentication info');
    return USER_AUTHENTICATION_INFO_WIRE.present(row);
  }

  /** Deleting the user deletes the account member, its passwords, memberships and tokens. */
  async deleteUser(realmId: string, id: string) {
    if (!(await this.members.deleteMember(realmId, id))) throw new NotFoundError('User authentication info');
  }

  // ---------- user authentication password profile info ----------

  async createPassword(realmId: string, memberId: string, dto: CreatePasswordProfileInfoDto) {
    await this.requireUser(realmId, memberId);
    const profile = await this.profiles.require(realmId, dto.password_profile_id).catch(() => {
      throw new UnprocessableError('Password profile not found', 'No password profile of this realm has the id password_profile_id names');
    });
    return PASSWORD_PROFILE_INFO_WIRE.present(await this.addPassword(memberId, profile, dto.username, dto.password));
  }

  /** A username and password for a member in a profile (also used by self sign-up, inside its transaction). */
  async addPassword(memberId: string, profile: PasswordProfile, username: string, password: string, db: Db = this.prisma) {
    checkUsernameFormat(profile, username);
    if (await this.members.findCredentials(profile.id, username, db)) throw usernameTaken();
    if ((await this.members.listPasswords(memberId, db)).some((p) => p.passwordProfileId === profile.id)) {
      throw new ConflictError('The user already has a username and password in this password profile');
    }
    return this.members.createPassword(
      { accountMemberId: memberId, passwordProfileId: profile.id, username, usernameKey: usernameKey(username), passwordHash: await hashPassword(password) },
      db,
    );
  }

  async listPasswords(realmId: string, memberId: string, q: ListQuery) {
    await this.requireUser(realmId, memberId);
    const { items, total, all } = await this.members.pagePasswords(memberId, q);
    return page(items.map((row) => PASSWORD_PROFILE_INFO_WIRE.present(row)), total, q, all);
  }

  async getPassword(realmId: string, memberId: string, id: string) {
    await this.requireUser(realmId, memberId);
    const row = await this.members.findPassword(memberId, id);
    if (!row) throw new NotFoundError('User authentication password profile info');
    return PASSWORD_PROFILE_INFO_WIRE.present(row);
  }

  async updatePassword(realmId: string, memberId: string, id: string, dto: UpdatePasswordProfileInfoDto) {
    await this.requireUser(realmId, memberId);
    const current = await this.members.findPassword(memberId, id);
    if (!current) throw new NotFoundError('User authentication password profile info');
    if (dto.username !== undefined) {
      checkUsernameFormat(await this.profiles.require(realmId, current.passwordProfileId), dto.username);
      const holder = await this.members.findCredentials(current.passwordProfileId, dto.username);
      if (holder && holder.id !== id) throw usernameTaken();
    }
    const row = await this.members.updatePassword(memberId, id, {
      ...(dto.username !== undefined ? { username: dto.username, usernameKey: usernameKey(dto.username) } : {}),
      ...(dto.password !== undefined ? { passwordHash: await hashPassword(dto.password) } : {}),
    });
    if (!row) throw new NotFoundError('User authentication password profile info');
    return PASSWORD_PROFILE_INFO_WIRE.present(row);
  }

  async deletePassword(realmId: string, memberId: string, id: string) {
    await this.requireUser(realmId, memberId);
    if (!(await this.members.deletePassword(memberId, id))) throw new NotFoundError('User authentication password profile info');
  }

  // ---------- account members (read only: they are made as user authentication info) ----------

  async listAccountMembers(q: ListQuery) {
    const { items, total, all } = await this.members.listMembers(q);
    return page(items.map((row) => ACCOUNT_MEMBER_WIRE.present(row)), total, q, all);
  }

  /** The members that are not (yet) members of the account. */
  async listUnassigned(accountId: string, q: ListQuery) {
    const { items, total, all } = await this.members.listMembers(q, { memberships: { none: { accountId } } });
    return page(items.map((row) => ACCOUNT_MEMBER_WIRE.present(row)), total, q, all);
  }

  /** An administrator reads any member; a request with an account token only the token's member (others are 404). */
  async getAccountMember(id: string, principal?: Principal) {
    if (principal?.grantType === 'implicit' && principal.accountMemberId !== id) throw new NotFoundError('Account member');
    const row = await this.members.findMember(id);
    if (!row) throw new NotFoundError('Account member');
    return ACCOUNT_MEMBER_WIRE.present(row);
  }

  /** For other modules (an account's checkout): the member, if it is a member of the account; null otherwise. */
  memberOf(accountId: string, accountMemberId: string, db: Db = this.prisma) {
    return this.members.findMemberOfAccount(accountId, accountMemberId, db);
  }

  async requireMember(id: string, db: Db = this.prisma) {
    const row = await this.members.findMember(id, undefined, db);
    if (!row) throw new NotFoundError('Account member');
    return row;
  }

  private async requireUser(realmId: string, id: string) {
    await this.settings.requireRealm(realmId);
    const row = await this.members.findMember(id, realmId);
    if (!row) throw new NotFoundError('User authentication info');
    return row;
  }
}

export function usernameTaken() {
  return new ConflictError('The username is already taken in this password profile');
}

function checkUsernameFormat(profile: PasswordProfile, username: string) {
  if (profile.usernameFormat === 'email' && !isEmail(username)) {
    throw new UnprocessableError('Invalid username', 'This password profile takes email addresses as usernames');
  }
}
