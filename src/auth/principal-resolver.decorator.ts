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

export const PRINCIPAL_RESOLVER = DiscoveryService.createDecorator<Record<string, never>>();

/** Registers a provider (a BearerTokenResolver) as a kind of bearer token; PrincipalResolvers finds it at start. */
export const PrincipalResolver = () => applyDecorators(Injectable(), PRINCIPAL_RESOLVER());
