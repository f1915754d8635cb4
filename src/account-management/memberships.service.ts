import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { ConflictError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { ListQuery, page } from '../common/list-query';
import { Db, PrismaService } from '../prisma/prisma.service';
import { CreateAccountMembershipDto } from './dto/realm.dto';
import { ACCOUNT_MEMBERSHIP_WIRE } from './account-management.wire';
import { MembersRepository } from './members.repository';
import { RealmRepository } from './realm.repository';

/** Which members belong to which accounts. Removing a membership revokes its tokens in the same statement. */
@Injectable()
export class MembershipsService {
  constructor(
    private readonly members: MembersRepository,
    private readonly accounts: AccountsService,
    private readonly realms: RealmRepository,
    private readonly prisma: PrismaService,
  ) {}

  async create(accountId: string, dto: CreateAccountMembershipDto) {
    return this.prisma.$transaction(async (tx) => ACCOUNT_MEMBERSHIP_WIRE.present(await this.add(accountId, dto.account_member_id, tx)));
  }

  /** A new membership, within the membership limit (also used by self sign-up, inside its transaction). */
  async add(accountId: string, accountMemberId: string, db: Db) {
    if (!(await this.accounts.exists(accountId, db))) throw new NotFoundError('Account');
    if (!(await this.members.findMember(accountMemberId, undefined, db))) {
      throw new UnprocessableError('Account member not found', 'No account member has the id account_member_id names', 'data.account_member_id');
    }
    const { membershipLimit } = await this.realms.settings(db);
    if ((await this.members.countMemberships(accountMemberId, db)) >= membershipLimit) {
      throw new UnprocessableError('Membership limit reached', `An account member may belong to at most ${membershipLimit} accounts`);
    }
    if (await this.members.findMembershipOf(accountId, accountMemberId, db)) throw new ConflictError('The account member is already a member of this account');
    return this.members.createMembership(accountId, accountMemberId, db);
  }

  async listForAccount(accountId: string, q: ListQuery) {
    if (!(await this.accounts.exists(accountId))) throw new NotFoundError('Account');
    const { items, total, all } = await this.members.listMemberships(q, { accountId });
    return page(items.map((row) => ACCOUNT_MEMBERSHIP_WIRE.present(row)), total, q, all);
  }

  async listForMember(accountMemberId: string, q: ListQuery) {
    if (!(await this.members.findMember(accountMemberId))) throw new NotFoundError('Account member');
    const { items, total, all } = await this.members.listMemberships(q, { accountMemberId });
    return page(items.map((row) => ACCOUNT_MEMBERSHIP_WIRE.present(row)), total, q, all);
  }

  async get(accountId: string, id: string) {
    const row = await this.members.findMembership(accountId, id);
    if (!row) throw new NotFoundError('Account membership');
    return ACCOUNT_MEMBERSHIP_WIRE.present(row);
  }

  async delete(accountId: string, id: string) {
    if (!(await this.members.deleteMembership(accountId, id))) throw new NotFoundError('Account membership');
  }
}
