import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { INCLUDE_RESOLVER } from './include.decorators';
import { IncludeResolver, IncludeResolverOptions } from './include.types';

export interface RegisteredInclude {
  key: string;
  resolver: IncludeResolver;
}

@Injectable()
export class IncludeRegistry implements OnModuleInit {
  /** parent type → include name → resolver */
  private readonly byParent = new Map<string, Map<string, RegisteredInclude>>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit() {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as IncludeResolver | undefined;
      if (!instance || !wrapper.metatype) continue;
      const options = this.reflector.get<IncludeResolverOptions | undefined>(INCLUDE_RESOLVER, wrapper.metatype as any);
      if (options) this.register(options, instance);
    }
  }

  register(options: IncludeResolverOptions, resolver: IncludeResolver) {
    const names = this.byParent.get(options.parent) ?? new Map<string, RegisteredInclude>();
    for (const name of options.names) {
      if (names.has(name)) throw new Error(`Two include resolvers for ${options.parent}.${name}`);
      names.set(name, { key: options.key, resolver });
    }
    this.byParent.set(options.parent, names);
  }

  find(parentType: string, name: string): RegisteredInclude | undefined {
    return this.byParent.get(parentType)?.get(name);
  }
}
