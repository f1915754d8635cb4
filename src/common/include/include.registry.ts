import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { INCLUDE_RESOLVER } from './include.decorators';
import { BadRequestError } from '../errors/api-error';
import { IncludeResolver, IncludeResolverOptions, MAX_INCLUDES } from './include.types';

export interface RegisteredInclude {
  key: string;
  resolver: IncludeResolver;
}

export function parseIncludeNames(raw: unknown): string[] {
  if (raw === undefined || raw === '') return [];
  const joined = Array.isArray(raw) ? raw.join(',') : raw;
  if (typeof joined !== 'string') throw new BadRequestError('include must be a comma-separated list of names', 'include');
  const names = [...new Set(joined.split(',').map((n) => n.trim().toLowerCase()).filter(Boolean))];
  if (names.length > MAX_INCLUDES) {
    throw new BadRequestError(`At most ${MAX_INCLUDES} resources can be included per request, got ${names.length}`, 'include');
  }
  return names;
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

  /** The includes a request asks for on a parent type, by `included` key, in the order it named them. */
  requested(parentType: string | undefined, rawInclude: unknown): Map<string, RegisteredInclude> {
    const names = parseIncludeNames(rawInclude);
    const byKey = new Map<string, RegisteredInclude>();
    if (!parentType) return byKey;
    for (const name of names) {
      const found = this.find(parentType, name);
      if (found && !byKey.has(found.key)) byKey.set(found.key, found);
    }
    return byKey;
  }
}
