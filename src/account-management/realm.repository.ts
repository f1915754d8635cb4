import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { ListQuery, loadPage, toPrismaListArgs } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { AUTHENTICATION_REALM_WIRE, PASSWORD_PROFILE_WIRE } from './account-management.wire';

export const PASSWORD_PROFILES_SPEC = PASSWORD_PROFILE_WIRE.listSpec({
  defaultSort: 'created_at',
  more: { created_at: { column: 'createdAt', type: 'datetime', ops: ['gt', 'lt'], sortable: true } },
});

export const REALMS_SPEC = AUTHENTICATION_REALM_WIRE.listSpec({
  defaultSort: 'created_at',
  more: { created_at: { column: 'createdAt', type: 'datetime', ops: ['gt', 'lt'], sortable: true } },
});

/** Serialises the first start's creation of the realm across replicas ("ACMR"). */
const REALM_CREATION_LOCK = 0x41434d52;

/** The store's authentication realm, its settings (one row) and its password profiles. */
@Injectable()
export class RealmRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The settings row, made with its realm when there is none yet (the first start of a store). */
  async ensureSettings(name: string) {
    return this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REALM_CREATION_LOCK})`;
      const existing = await tx.accountAuthenticationSettings.findUnique({ where: { single: true } });
      if (existing) return existing;
      const realm = await tx.authenticationRealm.create({ data: { name } });
      return tx.accountAuthenticationSettings.create({ data: { realmId: realm.id, clientId: `account-management-${randomBytes(12).toString('hex')}` } });
    });
  }

  settings(db: Db = this.prisma) {
    return db.accountAuthenticationSettings.findUniqueOrThrow({ where: { single: true } });
  }

  updateSettings(data: Prisma.AccountAuthenticationSettingsUpdateInput, db: Db = this.prisma) {
    return db.accountAuthenticationSettings.update({ where: { single: true }, data });
  }

  findRealm(id: string, db: Db = this.prisma) {
    return db.authenticationRealm.findUnique({ where: { id } });
  }

  listRealms(q: ListQuery) {
    const args = toPrismaListArgs(q, REALMS_SPEC);
    return loadPage(q, {
      items: () => this.prisma.authenticationRealm.findMany(args as Prisma.AuthenticationRealmFindManyArgs),
      countMatching: () => this.prisma.authenticationRealm.count({ where: args.where as Prisma.AuthenticationRealmWhereInput }),
      countAll: () => this.prisma.authenticationRealm.count(),
    });
  }

  renameRealm(id: string, name: string, db: Db = this.prisma) {
    return db.authenticationRealm.update({ where: { id }, data: { name } });
  }

  createProfile(data: Prisma.PasswordProfileUncheckedCreateInput, db: Db = this.prisma) {
    return db.passwordProfile.create({ data });
  }

  findProfile(realmId: string, id: string, db: Db = this.prisma) {
    return db.passwordProfile.findFirst({ where: { id, realmId } });
  }

  async updateProfile(realmId: string, id: string, data: Prisma.PasswordProfileUpdateManyMutationInput, db: Db = this.prisma) {
    const { count } = await db.passwordProfile.updateMany({ where: { id, realmId }, data });
    return count ? db.passwordProfile.findUnique({ where: { id } }) : null;
  }

  async deleteProfile(realmId: string, id: string, db: Db = this.prisma) {
    return (await db.passwordProfile.deleteMany({ where: { id, realmId } })).count > 0;
  }

  listProfiles(realmId: string, q: ListQuery) {
    const args = toPrismaListArgs(q, PASSWORD_PROFILES_SPEC);
    const where = { AND: [args.where as Prisma.PasswordProfileWhereInput, { realmId }] };
    return loadPage(q, {
      items: () => this.prisma.passwordProfile.findMany({ ...(args as Prisma.PasswordProfileFindManyArgs), where }),
      countMatching: () => this.prisma.passwordProfile.count({ where }),
      countAll: () => this.prisma.passwordProfile.count({ where: { realmId } }),
    });
  }
}
