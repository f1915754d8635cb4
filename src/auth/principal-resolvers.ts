import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Principal } from '../common/http/request-context';
import { BearerTokenResolver, PRINCIPAL_RESOLVER } from './principal-resolver.decorator';

/**
 * Every kind of bearer token this app accepts: the providers decorated with `@PrincipalResolver()`, asked in
 * registration order until one knows the token.
 */
@Injectable()
export class PrincipalResolvers implements OnModuleInit {
  private readonly resolvers: BearerTokenResolver[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit() {
    for (const wrapper of this.discovery.getProviders({ metadataKey: PRINCIPAL_RESOLVER.KEY })) {
      const resolver = wrapper.instance as BearerTokenResolver | undefined;
      if (!wrapper.isDependencyTreeStatic() || typeof resolver?.resolve !== 'function') {
        throw new Error(`The principal resolver ${String(wrapper.name)} must be a singleton provider with a resolve(token) method`);
      }
      this.resolvers.push(resolver);
    }
    if (!this.resolvers.length) throw new Error('No principal resolver is registered: every request would be refused');
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
