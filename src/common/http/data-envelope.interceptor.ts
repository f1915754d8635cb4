import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { map } from 'rxjs';
import { isResponseDocument, WithIncluded, SerializedDocument } from './response-document';

/** Outermost: anything that is not a finished document yet becomes `{ data, included? }`. */
@Injectable()
export class DataEnvelopeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler) {
    return next.handle().pipe(
      map((value) => {
        if (value === undefined) return undefined;
        if (isResponseDocument(value)) return value.body;
        if (value instanceof SerializedDocument) return value;
        if (value instanceof WithIncluded) {
          const body: Record<string, unknown> = { data: value.result };
          if (Object.keys(value.included).length) body.included = value.included;
          return body;
        }
        return { data: value };
      }),
    );
  }
}
