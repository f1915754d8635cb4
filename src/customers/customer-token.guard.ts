import { applyDecorators, CanActivate, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { AllowAccountMember, AllowShopper, isImplicit } from '../auth/access.decorators';
import { ApiError, ForbiddenError } from '../common/errors/api-error';
import type { Principal } from '../common/http/request-context';
import { CustomerTokensService } from './customer-tokens.service';

export const CUSTOMER_TOKEN_HEADER = 'x-moltin-customer-token';

/**
 * Reads `X-Moltin-Customer-Token` when one is sent: a valid token puts its customer on the principal, an
 * unknown, forged or expired one is 401. Without the header the request goes on as it came.
 */
@Injectable()
export class CustomerTokenGuard implements CanActivate {
  constructor(private readonly tokens: CustomerTokensService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const token = req.get(CUSTOMER_TOKEN_HEADER);
    if (token === undefined || !req.principal) return true;
    const customerId = await this.tokens.customerOf(token.trim());
    if (!customerId) throw new ApiError(401, 'Unauthorized', 'The customer token is invalid or has expired', 'X-Moltin-Customer-Token');
    req.principal = { ...req.principal, customerId };
    return true;
  }
}

/**
 * Administrators (client credentials) and shoppers (implicit token + customer token, or + account management
 * token) may call this route; it scopes its answer to the shopper.
 */
export const ShopperAccess = () => applyDecorators(AllowShopper(), AllowAccountMember(), UseGuards(CustomerTokenGuard));

/** The route reads a customer token when one is sent (checkout links the order to that shopper). */
export const OptionalCustomerToken = () => UseGuards(CustomerTokenGuard);

/**
 * The customer a request is limited to: the customer token's, or undefined for an administrator's request
 * without one. An implicit token never reaches a ShopperAccess route without a customer token; this
 * refuses it again so that a route cannot become unscoped by a missing guard.
 */
export function shopperScope(principal?: Principal): string | undefined {
  if (principal?.customerId) return principal.customerId;
  if (!principal || isImplicit(principal)) throw new ForbiddenError('An implicit token needs a customer token (X-Moltin-Customer-Token) to access this resource');
  return undefined;
}
