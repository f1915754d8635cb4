import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { from, mergeMap } from 'rxjs';
import { BadRequestError } from '../errors/api-error';
import { isPage } from '../list-query';
import { WithIncluded } from '../http/response-document';
import { INCLUDABLE } from './include.decorators';
import { IncludeRegistry, RegisteredInclude } from './include.registry';
import { MAX_INCLUDES, Resource } from './include.types';

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

/** Innermost: resolves `?include=` on the raw result, one batched resolver call per `included` key. */
@Injectable()
export class IncludeInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly registry: IncludeRegistry,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler) {
    const req = context.switchToHttp().getRequest<Request>();
    const parentType = this.reflector.get<string | undefined>(INCLUDABLE, context.getHandler());
    const names = parseIncludeNames(req.query?.include);
    const byKey = new Map<string, RegisteredInclude>();
    if (parentType) {
      for (const name of names) {
        const found = this.registry.find(parentType, name);
        if (found) byKey.set(found.key, found);
      }
    }
    if (byKey.size === 0) return next.handle();
    return next.handle().pipe(mergeMap((value) => from(this.attach(value, byKey, req))));
  }

  private async attach(value: unknown, byKey: Map<string, RegisteredInclude>, req: Request) {
    const parents = (isPage(value) ? value.items : Array.isArray(value) ? value : value ? [value] : []) as Resource[];
    if (parents.length === 0) return value;
    const included: Record<string, unknown[]> = {};
    await Promise.all(
      [...byKey].map(async ([key, { resolver }]) => {
        const related = await resolver.resolve(parents, { principal: req.principal });
        const unique = [...new Map(related.map((r) => [r.id, r])).values()];
        if (unique.length) included[key] = unique;
      }),
    );
    return Object.keys(included).length ? new WithIncluded(value, included) : value;
  }
}
