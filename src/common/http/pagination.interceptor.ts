import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { map } from 'rxjs';
import { buildPageEnvelope, isPage, Page } from '../list-query';
import { linkBase } from './request-context';
import { ResponseDocument, SerializedDocument, serializedDocument, SerializedPage, WithIncluded } from './response-document';

/** Turns a `Page` (possibly with includes) into `{ data, included?, meta, links }`; a `SerializedPage` into the same text. */
@Injectable()
export class PaginationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const req = context.switchToHttp().getRequest<Request>();
    const envelopeOf = (p: Parameters<typeof buildPageEnvelope>[0]) => buildPageEnvelope(p, { baseUrl: linkBase(), path: req.path, query: req.query as Record<string, unknown> });
    return next.handle().pipe(
      map((value) => {
        if (value instanceof SerializedPage) return pageDocument(value, envelopeOf);
        const withIncluded = value instanceof WithIncluded ? value : undefined;
        const candidate = withIncluded ? withIncluded.result : value;
        if (!isPage(candidate)) return value;
        const page = candidate as Page<unknown>;
        const envelope = envelopeOf(page);
        const body: Record<string, unknown> = { data: page.items };
        if (withIncluded && Object.keys(withIncluded.included).length) body.included = withIncluded.included;
        body.meta = { ...page.meta, ...envelope.meta };
        body.links = envelope.links;
        return new ResponseDocument(body);
      }),
    );
  }
}

/** The same members, in the same order, as the document built above from a `Page`. */
function pageDocument(value: SerializedPage, envelopeOf: (p: SerializedPage) => ReturnType<typeof buildPageEnvelope>): SerializedDocument {
  const envelope = envelopeOf(value);
  return serializedDocument(value.data, value.included, value.shown, { meta: envelope.meta, links: envelope.links });
}
