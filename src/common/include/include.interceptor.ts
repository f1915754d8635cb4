import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { from, mergeMap, of } from 'rxjs';
import { isPage } from '../list-query';
import { SerializedDocument, SerializedPage, WithIncluded } from '../http/response-document';
import { INCLUDABLE, rememberIncludeKeys } from './include.decorators';
import { IncludeRegistry, RegisteredInclude } from './include.registry';
import { Resource } from './include.types';

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
    const byKey = this.registry.requested(parentType, req.query?.include);
    rememberIncludeKeys(req, [...byKey.keys()]);
    if (byKey.size === 0) return next.handle();
    return next.handle().pipe(mergeMap((value) => (value instanceof SerializedPage || value instanceof SerializedDocument ? of(value) : from(this.attach(value, byKey, req)))));
  }

  private async attach(value: unknown, byKey: Map<string, RegisteredInclude>, req: Request) {
    const parents = (isPage(value) ? value.items : Array.isArray(value) ? value : value ? [value] : []) as Resource[];
    if (parents.length === 0) return value;
    const resolved = await Promise.all(
      [...byKey].map(async ([key, { resolver }]) => {
        const related = await resolver.resolve(parents, { principal: req.principal });
        return [key, [...new Map(related.map((r) => [r.id, r])).values()]] as [string, unknown[]];
      }),
    );
    // In the order the names were asked for, whichever resolver finished first.
    const included: Record<string, unknown[]> = {};
    for (const [key, unique] of resolved) if (unique.length) included[key] = unique;
    return Object.keys(included).length ? new WithIncluded(value, included) : value;
  }
}
