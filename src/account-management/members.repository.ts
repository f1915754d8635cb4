import { Injectable } from '@nestjs/common';
import { ListFieldSpec, ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { ACCOUNT_MEMBER_WIRE, ACCOUNT_MEMBERSHIP_WIRE, PASSWORD_PROFILE_INFO_WIRE } from './account-management.wire';

const CREATED_AT: Record<string, ListFieldSpec> = { created_at: { column: 'createdAt', type: 'datetime', ops: ['gt', 'lt'], sortable: true } };

export const ACCOUNT_MEMBERS_SPEC: ListResourceSpec = ACCOUNT_MEMBER_WIRE.listSpec({ defaultSort: 'created_at', more: { ...CREATED_AT } });
export const ACCOUNT_MEMBERSHIPS_SPEC: ListResourceSpec = ACCOUNT_MEMBERSHIP_WIRE.listSpec({ defaultSort: 'created_at', more: { ...CREATED_AT } });
export const PASSWORD_PROFILE_INFOS_SPEC: ListResourceSpec = PASSWORD_PROFILE_INFO_WIRE.listSpec({ defaultSort: 'created_at', more: { ...CREATED_AT } });

/** How sign-in finds a username: lower-cased, so `John.Doe` and `john.doe` are one user. */
export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

/** Account members (the realm's users), their usernames and passwords, memberships and tokens. */
@Injectable()
export class MembersRepository {
  constructor(private readonly prisma: PrismaService) {}

  createMember(data: Prisma.AccountMemberUncheckedCreateInput, db: Db = this.prisma) {
    return db.accountMember.create({ data });
  }

  findMember(id: string, realmId?: string, db: Db = this.prisma) {
    return db.accountMember.findFirst({ where: { id, ...(realmId ? { realmId } : {}) } });
  }

  async updateMember(realmId: string, id: string, data: Prisma.AccountMemberUpdateManyMutationInput, db: Db = this.prisma) {
    const { count } = await db.accountMember.updateMany({ where: { id, realmId }, data });
    return count ? db.accountMember.findUnique({ where: { id } }) : null;
  }

  async deleteMember(realmId: string, id: string, db: Db = this.prisma) {
    return (await db.accountMember.deleteMany({ where: { id, realmId } })).count > 0;
  }

  /** A page of members; `scope` narrows it (a realm, or the members of no given account). */
  listMembers(q: ListQuery, scope: Prisma.AccountMemberWhereInput = {}) {
    const args = toPrismaListArgs(q, ACCOUNT_MEMBERS_SPEC);
    const where = { AND: [args.where as Prisma.AccountMemberWhereInput, scope] };
    return loadPage(q, {
      items: () => this.prisma.accountMember.findMany({ ...(args as Prisma.AccountMemberFindManyArgs), where }),
      countMatching: () => this.prisma.accountMember.count({ where }),
      countAll: () => this.prisma.accountMember.count({ where: scope }),
    });
  }

  createPassword(data: Prisma.MemberPasswordUncheckedCreateInput, db: Db = this.prisma) {
    return db.memberPassword.create({ data });
  }

  findPassword(memberId: string, id: string, db: Db = this.prisma) {
    return db.memberPassword.findFirst({ where: { id, accountMemberId: memberId } });
  }

  pagePasswords(memberId: string, q: ListQuery) {
    const args = toPrismaListArgs(q, PASSWORD_PROFILE_INFOS_SPEC);
    const where = { AND: [args.where as Prisma.MemberPasswordWhereInput, { accountMemberId: memberId }] };
    return loadPage(q, {
      items: () => this.prisma.memberPassword.findMany({ ...(args as Prisma.MemberPasswordFindManyArgs), where }),
      countMatching: () => this.prisma.memberPassword.count({ where }),
      countAll: () => this.prisma.memberPassword.count({ where: { accountMemberId: memberId } }),
    });
  }

  listPasswords(memberId: string, db: Db = this.prisma) {
    return db.memberPassword.findMany({ where: { accountMemberId: memberId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  async updatePassword(memberId: string, id: string, data: Prisma.MemberPasswordUpdateManyMutationInput, db: Db = this.prisma) {
    const { count } = await db.memberPassword.updateMany({ where: { id, accountMemberId: memberId }, data });
    return count ? db.memberPassword.findUnique({ where: { id } }) : null;
  }

  async deletePassword(memberId: string, id: string, db: Db = this.prisma) {
    return (await db.memberPassword.deleteMany({ where: { id, accountMemberId: memberId } })).count > 0;
  }

  /** The credentials a sign-in names: a username (any case) in a password profile. */
  findCredentials(passwordProfileId: string, username: string, db: Db = this.prisma) {
    return db.memberPassword.findUnique({ where: { passwordProfileId_usernameKey: { passwordProfileId, usernameKey: usernameKey(username) } } });
  }

  createMembership(accountId: string, accountMemberId: string, db: Db = this.prisma) {
    return db.accountMembership.create({ data: { accountId, accountMemberId } });
  }

  findMembershipOf(accountId: string, accountMemberId: string, db: Db = this.prisma) {
    return db.accountMembership.findUnique({ where: { accountId_accountMemberId: { accountId, accountMemberId } } });
  }

  /** The member, if it is a member of the account (one read). */
  async findMemberOfAccount(accountId: string, accountMemberId: string, db: Db = this.prisma) {
    return (await db.accountMembership.findUnique({ where: { accountId_accountMemberId: { accountId, accountMemberId } }, include: { member: true } }))?.member ?? null;
  }

  countMemberships(accountMemberId: string, db: Db = this.prisma) {
    return db.accountMembership.count({ where: { accountMemberId } });
  }

  findMembership(accountId: string, id: string, db: Db = this.prisma) {
    return db.accountMembership.findFirst({ where: { id, accountId } });
  }

  async deleteMembership(accountId: string, id: string, db: Db = this.prisma) {
    return (await db.accountMembership.deleteMany({ where: { id, accountId } })).count > 0;
  }

  listMemberships(q: ListQuery, scope: Prisma.AccountMembershipWhereInput) {
    const args = toPrismaListArgs(q, ACCOUNT_MEMBERSHIPS_SPEC);
    const where = { AND: [args.where as Prisma.AccountMembershipWhereInput, scope] };
    return loadPage(q, {
      items: () => this.prisma.accountMembership.findMany({ ...(args as Prisma.AccountMembershipFindManyArgs), where }),
      countMatching: () => this.prisma.accountMembership.count({ where }),
      countAll: () => this.prisma.accountMembership.count({ where: scope }),
    });
  }

  /** A member's memberships with their accounts' names, oldest first: one token each. */
  membershipsWithAccounts(accountMemberId: string, db: Db = this.prisma) {
    return db.accountMembership.findMany({
      where: { accountMemberId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      include: { account: { select: { name: true } } },
    });
  }

  createTokens(rows: Prisma.AccountMemberTokenCreateManyInput[], db: Db = this.prisma) {
    return db.accountMemberToken.createMany({ data: rows });
  }

  deleteExpiredTokens(accountMemberId: string, now: Date, db: Db = this.prisma) {
    return db.accountMemberToken.deleteMany({ where: { accountMemberId, expiresAt: { lte: now } } });
  }

  /** A live token with its membership: a removed membership took its tokens with it. */
  findLiveToken(tokenHash: string, now: Date, db: Db = this.prisma) {
    return db.accountMemberToken.findFirst({
      where: { tokenHash, expiresAt: { gt: now } },
      select: { id: true, accountMemberId: true, membership: { select: { accountId: true } } },
    });
  }
}
