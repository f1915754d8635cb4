import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { BadRequestError, ForbiddenError, NotFoundError } from '../common/errors/api-error';
import type { Principal } from '../common/http/request-context';
import { PrismaService } from '../prisma/prisma.service';
import { CartsRepository } from './carts.repository';

/**
 * Elastic Path's account cart associations: a cart an account's members see in the account's list of carts. A
 * member (account token) may associate a cart with its own account only (another is 403); an administrator with
 * any existing account. A storefront token alone names no account: 400, as the header is what is missing.
 */
@Injectable()
export class CartAccountsService {
  constructor(
    private readonly carts: CartsRepository,
    private readonly accounts: AccountsService,
    private readonly prisma: PrismaService,
  ) {}

  async associate(ref: string, accountIds: string[], principal?: Principal) {
    this.assertOwn(accountIds, principal);
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.carts.find(ref, tx))) throw new NotFoundError('Cart');
      for (const id of accountIds) if (!(await this.accounts.exists(id, tx))) throw new NotFoundError('Account', `No account has the id ${id}`);
      await this.carts.associateAccounts(ref, accountIds, tx);
    });
    return accountIds.map((id) => ({ type: 'account' as const, id }));
  }

  async dissociate(ref: string, accountIds: string[], principal?: Principal) {
    this.assertOwn(accountIds, principal);
    if (!(await this.carts.find(ref))) throw new NotFoundError('Cart');
    await this.carts.dissociateAccounts(ref, accountIds);
  }

  private assertOwn(accountIds: string[], principal?: Principal) {
    if (principal?.accountId !== undefined) {
      if (accountIds.some((id) => id !== principal.accountId)) throw new ForbiddenError('With an account management token, a cart can be associated with that account only');
      return;
    }
    if (principal?.grantType !== 'client_credentials') {
      throw new BadRequestError('A storefront token needs an account management token (EP-Account-Management-Authentication-Token) here', {
        header: 'EP-Account-Management-Authentication-Token',
      });
    }
  }
}
