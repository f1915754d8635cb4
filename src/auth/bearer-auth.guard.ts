import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard, IAuthModuleOptions } from '@nestjs/passport';
import type { Request } from 'express';
import { ForbiddenError, UnauthorizedError } from '../common/errors/api-error';
import type { Principal } from '../common/http/request-context';
import { ALLOW_ACCOUNT_MEMBER, ALLOW_ANONYMOUS, ALLOW_IMPLICIT, ALLOW_SHOPPER, IS_PUBLIC } from './access.decorators';
import { BearerStrategy } from './bearer.strategy';
import { PrincipalResolvers } from './principal-resolvers';

/**
 * Passport runs a strategy *instance* as it is, setting its success/fail callbacks on it for the request
 * at hand; only a strategy *name* gets a fresh `Object.create()` per request. So every read of
 * `defaultStrategy` hands out a fresh object: otherwise concurrent requests overwrite each other's
 * callbacks and all but one of them never answer.
 */
function perRequestStrategyOptions(strategy: BearerStrategy): IAuthModuleOptions {
  const options: IAuthModuleOptions = { session: false, property: 'principal' };
  Object.defineProperty(options, 'defaultStrategy', { enumerable: true, get: () => Object.create(strategy) as unknown as string });
  return options;
}

/**
 * Global guard: every route needs a bearer token unless @Public; implicit tokens only where @AllowImplicit
 * (or, with a customer token, where @AllowShopper).
 * It hands passport this app's own strategy instance rather than the name 'bearer', because passport's
 * name registry is process-global and a second app in the same process (tests) would otherwise take it over.
 */
@Injectable()
export class BearerAuthGuard extends AuthGuard() {
  constructor(
    private readonly reflector: Reflector,
    strategy: BearerStrategy,
    private readonly resolvers: PrincipalResolvers,
  ) {
    super(perRequestStrategyOptions(strategy));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (req.headers.authorization === undefined && this.reflector.getAllAndOverride<boolean>(ALLOW_ANONYMOUS, targets)) return true;
    await super.canActivate(context);
    if (req.principal) req.principal = await this.resolvers.refine(req.principal, (name) => req.get(name));
    const principal = req.principal;
    const asShopper = this.reflector.getAllAndOverride<boolean>(ALLOW_SHOPPER, targets) && req.get('x-moltin-customer-token') !== undefined;
    const asAccountMember = this.reflector.getAllAndOverride<boolean>(ALLOW_ACCOUNT_MEMBER, targets) && principal?.accountMemberId !== undefined;
    if (principal?.grantType === 'implicit' && !this.reflector.getAllAndOverride<boolean>(ALLOW_IMPLICIT, targets) && !asShopper && !asAccountMember) {
      throw new ForbiddenError('An implicit token cannot access this resource; use a client_credentials token');
    }
    return true;
  }

  handleRequest<T = Principal>(err: unknown, principal: T | false): T {
    // A failing token lookup (database down) is not a bad token: let the error filter map it (503).
    if (err) throw err;
    if (!principal) throw new UnauthorizedError();
    return principal;
  }
}
