import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { map } from 'rxjs';
import { buildPageEnvelope, isPage, Page } from '../list-query';
import { linkBase } from './request-context';
import { ResponseDocument, WithIncluded } from './response-document';

/** Turns a `Page` (possibly with includes) into `{ data, included?, meta, links }`. */
@Injectable()
export class PaginationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const req = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      map((value) => {
        const withIncluded = value instanceof WithIncluded ? value : undefined;
        const candidate = withIncluded ? withIncluded.result : value;
        if (!isPage(candidate)) return value;
        const page = candidate as Page<unknown>;
        const envelope = buildPageEnvelope(page, {
          baseUrl: linkBase(),
          path: req.path,
          query: req.query as Record<string, unknown>,
        });
        const body: Record<string, unknown> = { data: page.items };
        if (withIncluded && Object.keys(withIncluded.included).length) body.included = withIncluded.included;
        body.meta = { ...page.meta, ...envelope.meta };
        body.links = envelope.links;
        return new ResponseDocument(body);
      }),
    );
  }
}
