import { ForbiddenError } from '../common/errors/api-error';
import type { Principal } from '../common/http/request-context';

/** Who is asking, as far as carts' checkouts and orders are concerned. */
export type Requester = 'guest' | 'customer' | 'account member' | 'administrator';

/** What is asked of orders. */
export type OrderAction = 'check out' | 'pay' | 'read' | 'manage';

/**
 * How far a requester reaches: `any` order; its `own` (the customer token's orders, or the account token's
 * account's; anyone else's is 404, as if it did not exist); or none (`forbidden`, 403).
 */
export type Reach = 'any' | 'own' | 'forbidden';

/**
 * Who may check out, pay for, read and manage which orders (docs/api.md, "Who may check out and pay what").
 *
 * - A guest is a storefront (implicit) token alone; a customer sends `X-Moltin-Customer-Token` beside it; an
 *   account member sends `EP-Account-Management-Authentication-Token`; an administrator holds a
 *   client-credentials token (with a customer or account token as well, it acts as that shopper).
 * - `check out`: a guest's order is a guest's; a customer's or member's is theirs (a body naming someone else is 403).
 * - `pay`: paying and confirming a payment; a guest pays any order by its id, as Elastic Path allows.
 * - `read`: orders, their items and transactions. `manage`: capture, refund, cancel, and changing an order;
 *   these routes take client-credentials tokens only, so a shopper's reach there is that of an administrator
 *   acting as the shopper.
 */
export const ORDER_ACCESS: Readonly<Record<OrderAction, Readonly<Record<Requester, Reach>>>> = {
  'check out': { guest: 'any', customer: 'own', 'account member': 'own', administrator: 'any' },
  pay: { guest: 'any', customer: 'own', 'account member': 'own', administrator: 'any' },
  read: { guest: 'forbidden', customer: 'own', 'account member': 'own', administrator: 'any' },
  manage: { guest: 'forbidden', customer: 'own', 'account member': 'own', administrator: 'any' },
};

/** Whose orders (or carts) a request's `own` means: a customer's or an account's. */
export type ShopperOwner = { customerId: string; accountId?: undefined } | { accountId: string; customerId?: undefined };

export function requesterOf(principal?: Principal): Requester {
  if (principal?.accountMemberId !== undefined) return 'account member';
  if (principal?.customerId !== undefined) return 'customer';
  return principal?.grantType === 'client_credentials' ? 'administrator' : 'guest';
}

function ownerOf(principal: Principal): ShopperOwner {
  return principal.accountId !== undefined ? { accountId: principal.accountId } : { customerId: principal.customerId! };
}

const FORBIDDEN_DETAIL: Record<OrderAction, string> = {
  'check out': 'This token may not check out',
  pay: 'This token may not pay for orders',
  read: 'An implicit token needs a customer token (X-Moltin-Customer-Token) or an account management authentication token (EP-Account-Management-Authentication-Token) to read orders',
  manage: 'This token may not manage orders',
};

/**
 * The orders `action` may reach for this request, from ORDER_ACCESS: every order (undefined), or those of one
 * customer or account. A forbidden one throws 403.
 */
export function orderReach(principal: Principal | undefined, action: OrderAction): ShopperOwner | undefined {
  const requester = requesterOf(principal);
  const reach = ORDER_ACCESS[action][requester];
  if (reach === 'forbidden' || !principal) throw new ForbiddenError(FORBIDDEN_DETAIL[action]);
  return reach === 'own' ? ownerOf(principal) : undefined;
}

/** Whether `order` is one `owner` may reach (undefined: every order). */
export function isReachable(order: { customerId: string | null; accountId: string | null }, owner: ShopperOwner | undefined): boolean {
  if (owner === undefined) return true;
  return owner.accountId !== undefined ? order.accountId === owner.accountId : order.customerId === owner.customerId;
}
