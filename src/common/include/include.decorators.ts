import { applyDecorators, Injectable, SetMetadata } from '@nestjs/common';
import { IncludeResolverOptions } from './include.types';

export const INCLUDE_RESOLVER = Symbol('INCLUDE_RESOLVER');
export const INCLUDABLE = Symbol('INCLUDABLE');

/** Registers a provider as the resolver of one relation; the registry finds it at bootstrap. */
export function ResolvesInclude(options: IncludeResolverOptions) {
  return applyDecorators(Injectable(), SetMetadata(INCLUDE_RESOLVER, options));
}

/** Marks a route whose result (one resource, an array or a Page) of `parentType` supports `?include=`. */
export const Includable = (parentType: string) => SetMetadata(INCLUDABLE, parentType);
