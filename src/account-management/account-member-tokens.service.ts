import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { AccountsService } from '../accounts/accounts.service';
import { ApiError, BadRequestError, ForbiddenError, UnprocessableError } from '../common/errors/api-error';
import { ResponseDocument } from '../common/http/response-document';
import { RateLimitStore } from '../common/throttling/rate-limit.store';
import { countSignInAttempt } from '../common/throttling/sign-in-attempts';
import { decoyHash, verifyPassword } from '../customers/password-hash';
import type { AccountAuthenticationSettings } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { CreateAccountMemberTokenDto } from './dto/account-member-token.dto';
import { AuthenticationSettingsService } from './authentication-settings.service';
import { MembersRepository, usernameKey } from './members.repository';
import { MembersService } from './members.service';
import { MembershipsService } from './memberships.service';
import { RealmRepository } from './realm.repository';

/** One answer for an unknown username and a wrong password, so neither tells which usernames exist. */
const BAD_CREDENTIALS = 'The username or password is incorrect';

/**
 * Whether the password matches the stored hash. With no stored hash (an unknown username) it hashes the password
 * against a decoy all the same, so an unknown username answers as slowly as a wrong password.
 */
export async function passwordMatches(password: string, stored: string | undefined, check = { verifyPassword, decoyHash }): Promise<boolean> {
  const matches = await check.verifyPassword(password, stored ?? (await check.decoyHash()));
  return stored !== undefined && matches;
}

export function hashAccountToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What an account management authentication token stands for. */
export interface AccountTokenHolder {
  tokenId: string;
  accountId: string;
  accountMemberId: string;
}

/**
 * `POST /v2/account-members/tokens`: a member signs in (or signs up) and gets one token per account it
 * belongs to. Tokens are random, stored hashed, and die with their membership.
 */
@Injectable()
export class AccountMemberTokensService {
  constructor(
    private readonly members: MembersRepository,
    private readonly realms: RealmRepository,
    private readonly settings: AuthenticationSettingsService,
    private readonly users: MembersService,
    private readonly memberships: MembershipsService,
    private readonly accounts: AccountsService,
    private readonly limits: RateLimitStore,
    private readonly prisma: PrismaService,
  ) {}

  async issue(dto: CreateAccountMemberTokenDto) {
    const settings = await this.settings.settingsRow();
    const memberId = dto.authentication_mechanism === 'self_signup' ? await this.signUp(settings, dto) : await this.signIn(settings, dto);
    return this.tokensFor(settings, memberId);
  }

  /** A username and password: 401 alike for an unknown username and a wrong password, 429 past the attempt limit. */
  private async signIn(settings: AccountAuthenticationSettings, dto: CreateAccountMemberTokenDto): Promise<string> {
    await countSignInAttempt(this.limits, 'account-member-sign-in', `${dto.password_profile_id}:${usernameKey(dto.username)}`);
    const profile = await this.realms.findProfile(settings.realmId, dto.password_profile_id);
    const credentials = profile ? await this.members.findCredentials(profile.id, dto.username) : null;
    if (!(await passwordMatches(dto.password, credentials?.passwordHash))) throw new ApiError(401, 'Unauthorized', BAD_CREDENTIALS);
    return credentials!.accountMemberId;
  }

  /** A new member with its username and password, an account of its own and the membership, in one transaction. */
  private async signUp(settings: AccountAuthenticationSettings, dto: CreateAccountMemberTokenDto): Promise<string> {
    if (!settings.enableSelfSignup) throw new ForbiddenError('Self sign-up is not enabled for this store');
    if (dto.name === undefined) throw new BadRequestError('name is required to sign up', 'data.name');
    if (dto.email === undefined) throw new BadRequestError('email is required to sign up', 'data.email');
    const profile = await this.realms.findProfile(settings.realmId, dto.password_profile_id);
    if (!profile) throw new UnprocessableError('Password profile not found', 'No password profile of the account realm has the id password_profile_id names', 'data.password_profile_id');
    const { name, email } = dto;
    return this.prisma.$transaction(async (tx) => {
      const member = await this.members.createMember({ realmId: settings.realmId, name, email }, tx);
      await this.users.addPassword(member.id, profile, dto.username, dto.password, tx);
      const account = await this.accounts.createWithin(tx, { name });
      await this.memberships.add(account.id, member.id, tx);
      return member.id;
    });
  }

  /** A token for each account of the member, oldest membership first (with an account of its own first when the settings make one). */
  private async tokensFor(settings: AccountAuthenticationSettings, accountMemberId: string) {
    let memberships = await this.members.membershipsWithAccounts(accountMemberId);
    if (!memberships.length && settings.autoCreateAccount) {
      await this.prisma.$transaction(async (tx) => {
        const member = await this.users.requireMember(accountMemberId, tx);
        const account = await this.accounts.createWithin(tx, { name: member.name });
        await this.memberships.add(account.id, member.id, tx);
      });
      memberships = await this.members.membershipsWithAccounts(accountMemberId);
    }
    const now = Date.now();
    const expires = new Date(now + settings.tokenTimeoutSecs * 1000);
    const issued = memberships.map((m) => ({ membership: m, token: randomBytes(32).toString('base64url') }));
    await this.members.deleteExpiredTokens(accountMemberId, new Date(now));
    await this.members.createTokens(issued.map(({ membership, token }) => ({ tokenHash: hashAccountToken(token), membershipId: membership.id, accountMemberId, expiresAt: expires })));
    return new ResponseDocument({
      data: issued.map(({ membership, token }) => ({
        type: 'account_management_authentication_token',
        account_id: membership.accountId,
        account_name: membership.account.name,
        token,
        expires: expires.toISOString(),
      })),
      meta: { results: { total: issued.length }, account_member_id: accountMemberId },
    });
  }

  /** The account and member a token stands for, or null when it is unknown, forged, expired or revoked. */
  async holderOf(token: string): Promise<AccountTokenHolder | null> {
    if (token.length === 0 || token.length > 512) return null;
    const row = await this.members.findLiveToken(hashAccountToken(token), new Date());
    return row ? { tokenId: row.id, accountId: row.membership.accountId, accountMemberId: row.accountMemberId } : null;
  }
}
