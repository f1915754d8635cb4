import { applyDecorators, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Principal } from '../common/http/request-context';

/**
 * What a provider decorated with `@PrincipalResolver()` implements: the principal a bearer token of its kind
 * stands for, or null to pass (a token of another kind, or an unknown or expired one). A failure to look the
 * token up is thrown, not passed: the request is then 503, not 401.
 */
export interface BearerTokenResolver {
  resolve(token: string): Promise<Principal | null>;
}

/** What a token sent in a header of its own adds to the bearer token's principal. */
export type PrincipalRefinement = Pick<Principal, 'customerId' | 'accountId' | 'accountMemberId'>;

/**
 * What a provider decorated with `@PrincipalResolver({ header })` implements: a token a request sends in that
 * header beside its bearer token (an account management authentication token), or null when it is unknown,
 * forged, expired or revoked (the request is then 401).
 */
export interface HeaderTokenResolver {
  resolve(token: string): Promise<PrincipalRefinement | null>;
}

export interface PrincipalResolverOptions {
  /** The (lower-case) request header the token comes in; without it, the token is the bearer token. */
  header?: string;
}

export const PRINCIPAL_RESOLVER = DiscoveryService.createDecorator<PrincipalResolverOptions>();

/**
 * Registers a provider as a kind of token, found by PrincipalResolvers at start: a BearerTokenResolver, or with
 * `header` a HeaderTokenResolver whose principal refines the bearer token's.
 */
export const PrincipalResolver = (options: PrincipalResolverOptions = {}) => applyDecorators(Injectable(), PRINCIPAL_RESOLVER(options));
