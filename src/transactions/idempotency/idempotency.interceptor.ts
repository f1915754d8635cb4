import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { catchError, from, mergeMap, Observable, of } from 'rxjs';
import { ApiError, BadRequestError, ConflictError, ErrorObject, UnprocessableError } from '../../common/errors/api-error';
import { toApiError } from '../../common/errors/to-api-error';
import { isUuid } from '../../common/validation/resource-id.pipe';
import { IdempotencyRepository } from './idempotency.repository';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a duplicate waits for the first request with its key to finish before answering 409. */
const WAIT_MS = 10_000;
const POLL_MS = 25;

type StoredResponse = { kind: 'data'; value: unknown } | { kind: 'errors'; errors: ErrorObject[] };

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` hash the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A missing body and `{"data":{}}` are the same request (the SDK sends capture without a body). */
export function requestHash(body: unknown): string {
  const empty = body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0);
  return createHash('sha256').update(canonical(empty ? { data: {} } : body)).digest('hex');
}

/**
 * The request's route with its ids in canonical form: Express matches paths case-insensitively and with or
 * without a trailing slash, and ids are UUIDs in any case, so `/orders/AB…/PAYMENTS/` and `/orders/ab…/payments`
 * are one resource and must be one scope. The route pattern (`/v2/orders/:orderId/payments`) gets the lower-cased
 * id values, which is the canonical path itself: keys stored before scopes were canonical still match.
 */
export function routeScope(req: Pick<Request, 'method' | 'path' | 'params'> & { route?: { path?: unknown } }): string {
  const pattern = req.route?.path;
  if (typeof pattern !== 'string') return `${req.method} ${req.path.toLowerCase().replace(/\/+$/, '')}`;
  const path = pattern.replace(/:(\w+)/g, (match, name: string) => {
    const value = req.params?.[name];
    if (typeof value !== 'string') return match;
    return isUuid(value) ? value.toLowerCase() : value;
  });
  return `${req.method} ${path}`;
}

/**
 * `Idempotency-Key` on POSTs that move money. The key is scoped by client, grant type, method, route and ids
 * (see routeScope), so the same key on another route or from another client is a different key. The first
 * request inserts a pending record (unique scope+key), runs, and stores its answer (2xx and 4xx; a 5xx deletes the record so a
 * retry runs again). A repeat with the same body replays that answer without running the handler; one with a
 * different body is refused with 422; one that arrives while the first still runs waits for it (then 409).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly records: IdempotencyRepository,
    private readonly reflector: Reflector,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request>();
    const key = req.get(IDEMPOTENCY_HEADER);
    if (key === undefined) return next.handle();
    if (key.trim() === '' || key.length > 255) {
      throw new BadRequestError('Idempotency-Key must be between 1 and 255 characters', { header: IDEMPOTENCY_HEADER });
    }
    const scope = `${req.principal?.clientId ?? '-'}:${req.principal?.grantType ?? '-'}:${routeScope(req)}`;
    const hash = requestHash(req.body);
    const successStatus = this.reflector.get<number>(HTTP_CODE_METADATA, context.getHandler()) ?? HttpStatus.OK;

    if (!(await this.records.tryCreate(scope, key, hash))) {
      return of(await this.replay(scope, key, hash, context));
    }

    return next.handle().pipe(
      mergeMap((value) =>
        from(
          this.records.complete(scope, key, successStatus, { kind: 'data', value: value ?? null } satisfies StoredResponse).then(() => value),
        ),
      ),
      catchError((err) =>
        from(
          (async () => {
            const apiError = toApiError(err);
            if (apiError && apiError.status < 500 && apiError.status !== 409) {
              await this.records.complete(scope, key, apiError.status, { kind: 'errors', errors: apiError.toErrorObjects() } satisfies StoredResponse);
            } else {
              await this.records.remove(scope, key);
            }
            throw err;
          })(),
        ),
      ),
    );
  }

  private async replay(scope: string, key: string, hash: string, context: ExecutionContext): Promise<unknown> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const record = await this.records.find(scope, key);
      if (!record) throw new ConflictError('The first request with this Idempotency-Key failed; retry it', { header: IDEMPOTENCY_HEADER });
      if (record.requestHash !== hash) {
        throw new UnprocessableError(
          'Idempotency key reused',
          'This Idempotency-Key was already used with a different request body; use a new key for a new request',
          { header: IDEMPOTENCY_HEADER },
        );
      }
      if (record.responseStatus != null) {
        context.switchToHttp().getResponse<Response>().setHeader('Idempotent-Replayed', 'true');
        const stored = record.responseBody as StoredResponse;
        if (stored.kind === 'errors') {
          const first = stored.errors[0];
          throw new ApiError(record.responseStatus, first.title, first.detail, first.source, {}, stored.errors);
        }
        return stored.value;
      }
      if (Date.now() > deadline) {
        throw new ConflictError('A request with this Idempotency-Key is still being processed; retry later', { header: IDEMPOTENCY_HEADER });
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
}
