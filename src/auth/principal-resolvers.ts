import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Request } from 'express';
import { ApiError } from '../common/errors/api-error';
import type { Principal } from '../common/http/request-context';
import { BearerTokenResolver, HeaderTokenResolver, PRINCIPAL_RESOLVER } from './principal-resolver.decorator';

/**
 * Every kind of bearer token this app accepts: the providers decorated with `@PrincipalResolver()`, asked in
 * registration order until one knows the token.
 */
@Injectable()
export class PrincipalResolvers implements OnModuleInit {
  private readonly resolvers: BearerTokenResolver[] = [];
  private readonly headerResolvers: { header: string; resolver: HeaderTokenResolver }[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit() {
    for (const wrapper of this.discovery.getProviders({ metadataKey: PRINCIPAL_RESOLVER.KEY })) {
      const resolver = wrapper.instance as BearerTokenResolver | undefined;
      if (!wrapper.isDependencyTreeStatic() || typeof resolver?.resolve !== 'function') {
        throw new Error(`The principal resolver ${String(wrapper.name)} must be a singleton provider with a resolve(token) method`);
      }
      const header = this.discovery.getMetadataByDecorator(PRINCIPAL_RESOLVER, wrapper)?.header;
      if (header) this.headerResolvers.push({ header: header.toLowerCase(), resolver: resolver as HeaderTokenResolver });
      else this.resolvers.push(resolver);
    }
    if (!this.resolvers.length) throw new Error('No principal resolver is registered: every request would be refused');
  }

  /**
   * The bearer token's principal with what each header token the request sends adds to it; an unknown, forged,
   * expired or revoked header token is 401 naming its header.
   */
  async refine(principal: Principal, headerOf: (name: string) => string | undefined): Promise<Principal> {
    let refined = principal;
    for (const { header, resolver } of this.headerResolvers) {
      const token = headerOf(header);
      if (token === undefined) continue;
      const found = await resolver.resolve(token.trim());
      if (!found) throw new ApiError(401, 'Unauthorized', `The ${header} token is invalid, expired or revoked`, header);
      refined = { ...refined, ...found };
    }
    return refined;
  }

  /**
   * The principal the bearer guard would let this request in as, for answers served before routing
   * (KeptAnswers): the `Authorization: Bearer` token's, refined by the header tokens sent. Undefined whenever the
   * guard would refuse the request, or answer it otherwise than by letting it in (a token in the query, a
   * request body, a failing lookup): the routed pipeline then answers it, with its own errors.
   */
  async ofRequest(req: Request): Promise<Principal | undefined> {
    const token = bearerTokenOf(req);
    if (token === undefined) return undefined;
    try {
      const principal = await this.resolve(token);
      return principal ? await this.refine(principal, (name) => req.get(name)) : undefined;
    } catch {
      return undefined;
    }
  }

  /** The principal behind a bearer token, or null when no resolver knows it. */
  async resolve(token: string): Promise<Principal | null> {
    for (const resolver of this.resolvers) {
      const principal = await resolver.resolve(token);
      if (principal) return principal;
    }
    return null;
  }
}

/**
 * The token of an `Authorization: Bearer <token>` header as passport-http-bearer reads it (the scheme in any
 * case, exactly two parts), when it is the request's only token: passport also reads `access_token` from the
 * query and the body, and refuses a request that sends two.
 */
function bearerTokenOf(req: Request): string | undefined {
  const parts = req.headers.authorization?.split(' ');
  if (parts?.length !== 2 || !/^Bearer$/i.test(parts[0]) || !parts[1]) return undefined;
  const length = req.headers['content-length'];
  if ((length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined) return undefined;
  if (req.originalUrl.includes('access_token')) return undefined;
  return parts[1];
}
