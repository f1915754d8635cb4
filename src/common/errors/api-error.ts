export type ErrorSource = string | { pointer?: string; parameter?: string; header?: string };

/** On the wire `source` is a plain string naming the field (`data.gateway`) or parameter (`page[limit]`). */
export function sourceToString(source: ErrorSource): string {
  if (typeof source === 'string') return source;
  return source.parameter ?? source.header ?? (source.pointer ?? '').replace(/^\//, '').replace(/\//g, '.');
}

export interface ErrorObject {
  status: number;
  title: string;
  detail: string;
  source?: string;
  meta?: Record<string, unknown>;
  request_id?: string;
}

/** The one exception type the error filter turns into `{"errors":[...]}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly source?: ErrorSource,
    readonly extraHeaders: Record<string, string> = {},
    readonly errors?: ErrorObject[],
  ) {
    super(detail);
  }

  toErrorObjects(): ErrorObject[] {
    if (this.errors?.length) return this.errors;
    const obj: ErrorObject = { status: this.status, title: this.title, detail: this.detail };
    if (this.source !== undefined) obj.source = sourceToString(this.source);
    return [obj];
  }
}

export class BadRequestError extends ApiError {
  constructor(detail: string, source?: ErrorSource, title = 'Bad Request') {
    super(400, title, detail, source);
  }
}

/** Several field failures at once (validation). */
export class ValidationFailedError extends ApiError {
  constructor(errors: { detail: string; source?: ErrorSource }[]) {
    super(
      400,
      'Bad Request',
      errors[0]?.detail ?? 'Your request was invalid',
      errors[0]?.source,
      {},
      errors.map((e) => ({ status: 400, title: 'Bad Request', detail: e.detail, ...(e.source !== undefined ? { source: sourceToString(e.source) } : {}) })),
    );
  }
}

export class UnauthorizedError extends ApiError {
  constructor(detail = 'Unable to validate access token') {
    super(401, 'Unable to validate access token', detail, 'Authorization');
  }
}

export class ForbiddenError extends ApiError {
  constructor(detail = 'You do not have permission to access this resource') {
    super(403, 'Forbidden', detail);
  }
}

/** `resource` is the human name, e.g. "Order" → title "Order not found". */
export class NotFoundError extends ApiError {
  constructor(resource: string, detail?: string) {
    super(404, `${resource} not found`, detail ?? `The requested ${resource.toLowerCase()} could not be found`);
  }
}

export class ConflictError extends ApiError {
  constructor(detail: string, source?: ErrorSource) {
    super(409, 'Conflict', detail, source);
  }
}

/** A business rule refuses the request. `title` says what was refused, `detail` why. */
export class UnprocessableError extends ApiError {
  constructor(title: string, detail: string, source?: ErrorSource) {
    super(422, title, detail, source);
  }
}

export class ServiceUnavailableError extends ApiError {
  constructor(detail = 'The database is unavailable; try again shortly') {
    super(503, 'Service Unavailable', detail, undefined, { 'Retry-After': '1' });
  }
}
