import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { map } from 'rxjs';
import { buildPageEnvelope, isPage, Page, page as pageOf } from '../list-query';
import { linkBase } from './request-context';
import { ResponseDocument, SerializedDocument, SerializedPage, WithIncluded } from './response-document';

/** Turns a `Page` (possibly with includes) into `{ data, included?, meta, links }`; a `SerializedPage` into the same text. */
@Injectable()
export class PaginationInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    const req = context.switchToHttp().getRequest<Request>();
    const envelopeOf = (p: Page<unknown>) => buildPageEnvelope(p, { baseUrl: linkBase(), path: req.path, query: req.query as Record<string, unknown> });
    return next.handle().pipe(
      map((value) => {
        if (value instanceof SerializedPage) return serializedDocument(value, envelopeOf);
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
function serializedDocument(value: SerializedPage, envelopeOf: (p: Page<unknown>) => ReturnType<typeof buildPageEnvelope>): SerializedDocument {
  const envelope = envelopeOf(pageOf([], value.total, value.query, value.all));
  const included = value.included.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',');
  const json = `{"data":${value.data}${included ? `,"included":{${included}}` : ''},"meta":${JSON.stringify(envelope.meta)},"links":${JSON.stringify(envelope.links)}}`;
  return new SerializedDocument(json, value.shown);
}
