import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { Request } from 'express';
import { PUBLIC_OPERATION } from '../common/openapi/openapi-document';
import type { Principal } from '../common/http/request-context';

export const IS_PUBLIC = Symbol('IS_PUBLIC');
export const ALLOW_IMPLICIT = Symbol('ALLOW_IMPLICIT');
export const ALLOW_SHOPPER = Symbol('ALLOW_SHOPPER');
export const ALLOW_ACCOUNT_MEMBER = Symbol('ALLOW_ACCOUNT_MEMBER');
export const ALLOW_ANONYMOUS = Symbol('ALLOW_ANONYMOUS');

/** No token needed (health, the token endpoint). */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_OPERATION, true));

/**
 * A request without any token is let through as no one (the route then shows only what anyone may see: a public
 * file's content, which a storefront's `<img>` loads with no header); a token, when sent, is checked as on every
 * other route.
 */
export const AllowAnonymous = () => SetMetadata(ALLOW_ANONYMOUS, true);

/** Implicit (storefront) tokens may call this route; by default only client-credentials tokens may. */
export const AllowImplicit = () => SetMetadata(ALLOW_IMPLICIT, true);

/**
 * Implicit tokens may call this route only together with a customer token (`X-Moltin-Customer-Token`): a
 * shopper's own orders and record. The route's own guard checks that token and scopes the answer to it.
 */
export const AllowShopper = () => SetMetadata(ALLOW_SHOPPER, true);

/**
 * Implicit tokens may call this route only together with a valid account management authentication token
 * (`EP-Account-Management-Authentication-Token`); the route scopes its answer to that account or member.
 */
export const AllowAccountMember = () => SetMetadata(ALLOW_ACCOUNT_MEMBER, true);

export const CurrentPrincipal = createParamDecorator((_: unknown, ctx: ExecutionContext): Principal | undefined => {
  return ctx.switchToHttp().getRequest<Request>().principal;
});

export function isImplicit(principal?: Principal): boolean {
  return principal?.grantType === 'implicit';
}
