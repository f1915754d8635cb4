import { Injectable } from '@nestjs/common';
import { MembersService } from '../account-management/members.service';
import { AccountsService } from '../accounts/accounts.service';
import { orderReach } from '../auth/order-access';
import { BadRequestError, ForbiddenError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import type { Principal } from '../common/http/request-context';
import { isUuid } from '../common/validation/resource-id.pipe';
import { CustomersService } from '../customers/customers.service';
import type { Db } from '../prisma/prisma.service';
import type { NewOrderInput } from '../orders/orders.service';
import type { CheckoutDto } from './dto/cart.dto';

/** Whom an order is for, as the order records it. */
export type CheckoutParty = Pick<NewOrderInput, 'customer' | 'customerName' | 'customerEmail' | 'account'>;

/**
 * Who a checkout is for: a guest or a customer (`customer`), or an account (`account` and `contact`, or the
 * account management token's account). ORDER_ACCESS says whose a requester may check out as; this applies it.
 */
@Injectable()
export class CheckoutParties {
  constructor(
    private readonly customers: CustomersService,
    private readonly accounts: AccountsService,
    private readonly members: MembersService,
  ) {}

  async of(dto: CheckoutDto, principal: Principal | undefined, tx: Db): Promise<CheckoutParty> {
    const own = orderReach(principal, 'check out');
    if (dto.customer !== undefined && (dto.account !== undefined || own?.accountId !== undefined)) {
      throw new BadRequestError("An account's checkout names its contact, not a customer", 'data.customer');
    }
    if (own?.accountId !== undefined || dto.account !== undefined) return this.account(dto, principal, tx);
    if (dto.customer === undefined) throw new BadRequestError('customer is required: {"name","email"} or {"id"}', 'data.customer');
    return this.customer(dto.customer, own?.customerId, tx);
  }

  private async customer(given: NonNullable<CheckoutDto['customer']>, shopperId: string | undefined, tx: Db): Promise<CheckoutParty> {
    if (shopperId !== undefined && given.id !== undefined && given.id !== shopperId) {
      throw new ForbiddenError('customer.id must be the customer of the customer token sent');
    }
    const id = given.id ?? shopperId;
    const known = id !== undefined && isUuid(id) ? await this.customers.find(id, tx) : null;
    // An id that names no customer is kept as it was sent (a reference from another system).
    const name = known?.name ?? given.name;
    const email = known?.email ?? given.email;
    const customer = { ...(id !== undefined ? { id } : {}), ...(name !== undefined ? { name } : {}), ...(email !== undefined ? { email } : {}) };
    return { customer, customerName: name ?? '', customerEmail: email ?? '' };
  }

  /** With an account token, the token's account and member; without, an administrator names them. */
  private async account(dto: CheckoutDto, principal: Principal | undefined, tx: Db): Promise<CheckoutParty> {
    const tokenAccount = principal?.accountId;
    if (tokenAccount === undefined && principal?.grantType !== 'client_credentials') {
      throw new ForbiddenError("An account's checkout needs the account's token (EP-Account-Management-Authentication-Token)");
    }
    if (tokenAccount !== undefined && dto.account !== undefined && (dto.account.id !== tokenAccount || dto.account.member_id !== principal!.accountMemberId)) {
      throw new ForbiddenError('account must be the account and member of the account management token sent');
    }
    const accountId = tokenAccount ?? dto.account!.id;
    const memberId = principal?.accountMemberId ?? dto.account!.member_id;
    const member = await this.members.memberOf(accountId, memberId, tx);
    if (!member) {
      if (!(await this.accounts.exists(accountId, tx))) throw new NotFoundError('Account');
      throw new UnprocessableError('Not a member', 'account.member_id is not a member of the account', 'data.account.member_id');
    }
    const contact = { name: dto.contact?.name ?? member.name, email: dto.contact?.email ?? member.email };
    return { customer: { name: contact.name, email: contact.email }, customerName: contact.name, customerEmail: contact.email, account: { id: accountId, memberId, contact } };
  }
}
