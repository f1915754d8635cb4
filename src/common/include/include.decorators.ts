import { applyDecorators, createParamDecorator, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { IncludeResolverOptions } from './include.types';

export const INCLUDE_RESOLVER = Symbol('INCLUDE_RESOLVER');
export const INCLUDABLE = Symbol('INCLUDABLE');

const declared: IncludeResolverOptions[] = [];

/** Registers a provider as the resolver of one relation; the registry finds it at bootstrap. */
export function ResolvesInclude(options: IncludeResolverOptions) {
  declared.push(options);
  return applyDecorators(Injectable(), SetMetadata(INCLUDE_RESOLVER, options));
}

/** Every declared resolver's options, for the OpenAPI document (which reads no provider instance). */
export function declaredIncludes(): readonly IncludeResolverOptions[] {
  return declared;
}

/** Marks a route whose result (one resource, an array or a Page) of `parentType` supports `?include=`. */
export const Includable = (parentType: string) => SetMetadata(INCLUDABLE, parentType);

/** The `included` keys a request asks for, as the include interceptor resolved them (by request). */
const requestedKeys = new WeakMap<object, string[]>();

export function rememberIncludeKeys(req: object, keys: string[]): void {
  requestedKeys.set(req, keys);
}

/**
 * The `included` keys the request asks for on an `@Includable` route, in the order named, for a handler that
 * can have its includes written with the resource (the interceptor then leaves the answer as it is).
 */
export const IncludeKeys = createParamDecorator((_data: unknown, ctx: ExecutionContext): string[] => requestedKeys.get(ctx.switchToHttp().getRequest<object>()) ?? []);
