import { PrincipalResolver, PrincipalRefinement } from '../auth/principal-resolver.decorator';
import { AccountMemberTokensService } from './account-member-tokens.service';

/** The header storefronts send an account management authentication token in, beside their implicit token. */
export const ACCOUNT_TOKEN_HEADER = 'ep-account-management-authentication-token';

/**
 * The account token as a kind of principal: a request that sends one acts for its account and member. The token
 * is looked up on every request, so a removed membership (which deletes its tokens) is refused at once by
 * every replica.
 */
@PrincipalResolver({ header: ACCOUNT_TOKEN_HEADER })
export class AccountTokenResolver {
  constructor(private readonly tokens: AccountMemberTokensService) {}

  async resolve(token: string): Promise<PrincipalRefinement | null> {
    const holder = await this.tokens.holderOf(token);
    return holder ? { accountId: holder.accountId, accountMemberId: holder.accountMemberId } : null;
  }
}
