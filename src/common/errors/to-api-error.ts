import { HttpException, HttpStatus } from '@nestjs/common';
import { ApiError, BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from './api-error';

const REASON: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function reasonPhrase(status: number): string {
  return REASON[status] ?? HttpStatus[status]?.replace(/_/g, ' ') ?? 'Error';
}

/** Errors thrown by the database driver when the server cannot be reached or goes away. */
const UNAVAILABLE_CODES = new Set([
  // Node sockets
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN',
  // PostgreSQL: admin shutdown, crash shutdown, cannot connect now, connection exceptions, database gone
  // (renamed/dropped), too many connections, out of resources
  '57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '3D000', '53300', '53000',
  // Prisma: can't reach, timed out, database does not exist, operations timed out, server closed the
  // connection, pool timeout, too many connections
  'P1001', 'P1002', 'P1003', 'P1008', 'P1017', 'P2024', 'P2037',
  // Prisma: a transaction that could not start within its maxWait, or outlived its timeout, because the database
  // was busy (on PGlite, one session, a transaction waits behind every statement queued before it)
  'P2028',
]);

/** Driver-adapter error kinds (`@prisma/driver-adapter-utils`) that mean the database is not usable right now. */
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'DatabaseDoesNotExist', 'TooManyConnections']);

/**
 * A value the database itself refused as out of range or too long: the input was not validated
 * tightly enough upstream, but the honest answer is still "bad request", not a 500.
 */
const VALUE_REFUSED_CODES = new Set(['P2000', 'P2020', 'P2033', '22001', '22003', '22008', '2201E', '22P05', '22021', '54000']);
const VALUE_REFUSED_KINDS = new Set(['ValueOutOfRange', 'LengthMismatch']);

/** Serialization failures and deadlocks: the request lost a race and may simply be retried. */
const RETRYABLE_CONFLICT_CODES = new Set(['P2034', '40001', '40P01']);

function prismaToApiError(err: { code?: string; meta?: Record<string, unknown>; message?: string }): ApiError | undefined {
  switch (err.code) {
    case 'P2025':
      return new NotFoundError('Resource');
    case 'P2002': {
      const target = err.meta?.target ?? (err.meta?.driverAdapterError as any)?.cause?.constraint?.fields;
      const fields = Array.isArray(target) ? target.join(', ') : typeof target === 'string' ? target : null;
      return new ConflictError(fields ? `A resource with the same ${fields} already exists` : 'A resource with the same unique value already exists');
    }
    case 'P2003':
      return new ConflictError('The request refers to a related resource that does not exist or is still in use');
    case 'P2023':
      return new NotFoundError('Resource');
  }
  if (err.code && VALUE_REFUSED_CODES.has(err.code)) return valueRefused();
  if (err.code && RETRYABLE_CONFLICT_CODES.has(err.code)) return retryableConflict();
  if (err.code && UNAVAILABLE_CODES.has(err.code)) return new ServiceUnavailableError();
  return undefined;
}

function driverCode(err: any): string | undefined {
  return err?.cause?.code ?? err?.meta?.driverAdapterError?.cause?.originalCode ?? err?.meta?.driverAdapterError?.cause?.kind;
}

function driverKind(err: any): string | undefined {
  return err?.meta?.driverAdapterError?.cause?.kind ?? err?.cause?.kind;
}

function valueRefused(): ApiError {
  return new BadRequestError('A value in the request is out of range or too long');
}

function retryableConflict(): ApiError {
  return new ConflictError('The request conflicted with a concurrent change; try again');
}

/**
 * Seen in the tests of database failures (test/e2e/database-failures.e2e-spec.ts):
 * - PostgreSQL renamed away: PrismaClientKnownRequestError P1003, meta.driverAdapterError.cause
 *   { kind: 'DatabaseDoesNotExist', originalCode: '3D000' } (for the token lookup, the write, the token issue).
 * - PostgreSQL connections terminated: the pool drops them and reconnects; no error reaches a request.
 * - PGlite closed: a plain Error "PGlite is closed".
 * - Initialization errors carry `errorCode` rather than `code`.
 */
function isDatabaseUnavailable(err: any): boolean {
  for (const code of [err?.code, err?.errorCode, driverCode(err), err?.cause?.originalCode]) {
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  }
  const kind = driverKind(err);
  if (kind && UNAVAILABLE_KINDS.has(kind)) return true;
  const msg = String(err?.message ?? '');
  return /Connection terminated|connect ECONNREFUSED|Can't reach database server|PGlite is closed|terminating connection|Timed out fetching a new connection|timeout exceeded when trying to connect|Connection ended unexpectedly/i.test(msg);
}

/**
 * A body whose bytes do not decode with its `Content-Encoding` (gzip, deflate, br): body-parser passes zlib's
 * own error on with status 400 but without a `type`. zlib codes are `Z_DATA_ERROR`, `Z_BUF_ERROR` (truncated)
 * and, for brotli, `ERR__ERROR_FORMAT_…`.
 */
function isUndecodableBody(err: any): boolean {
  if (err?.status !== 400 || err?.expose !== true || typeof err?.code !== 'string') return false;
  return /^(Z_|ERR__|ERR_BROTLI|ERR_ZSTD)/.test(err.code);
}

/** Maps anything thrown while handling a request to an ApiError; `undefined` means "unexpected" (500). */
export function toApiError(err: unknown): ApiError | undefined {
  if (err instanceof ApiError) return err;
  if (err instanceof HttpException) {
    const status = err.getStatus();
    const response = err.getResponse() as any;
    const message = typeof response === 'string' ? response : Array.isArray(response?.message) ? response.message.join('; ') : response?.message;
    if (status === 404) return new ApiError(404, 'Not Found', typeof message === 'string' ? message : 'The requested resource could not be found');
    return new ApiError(status, reasonPhrase(status), typeof message === 'string' ? message : reasonPhrase(status));
  }
  const anyErr = err as any;
  // body-parser and multer errors carry an HTTP status of their own.
  if (anyErr?.type === 'entity.parse.failed') return new ApiError(400, 'Bad Request', 'The request body is not valid JSON');
  if (anyErr?.type === 'entity.too.large') return new ApiError(413, 'Payload Too Large', `The request body is larger than the limit of ${anyErr.limit} bytes`);
  if (anyErr?.type === 'encoding.unsupported' || anyErr?.type === 'charset.unsupported') {
    return new ApiError(415, 'Unsupported Media Type', String(anyErr.message));
  }
  if (anyErr?.type === 'parameters.too.many') {
    return new ApiError(413, 'Payload Too Large', 'The request body has too many parameters');
  }
  if (isUndecodableBody(anyErr)) {
    return new ApiError(400, 'Bad Request', 'The request body could not be decompressed: it is not valid data for its Content-Encoding', { header: 'Content-Encoding' });
  }
  // Any other body-parser / raw-body failure (request aborted, size mismatch, bad depth...) is an
  // http-errors 4xx with `expose`: the client's fault, with a message meant for the client.
  if (typeof anyErr?.type === 'string' && anyErr?.expose === true && Number.isInteger(anyErr?.status) && anyErr.status >= 400 && anyErr.status < 500) {
    return new ApiError(anyErr.status, reasonPhrase(anyErr.status), String(anyErr.message || reasonPhrase(anyErr.status)));
  }
  if (typeof anyErr?.code === 'string' && /^P\d{4}$/.test(anyErr.code)) {
    const mapped = prismaToApiError(anyErr);
    if (mapped) return mapped;
  }
  if (isDatabaseUnavailable(anyErr)) return new ServiceUnavailableError();
  const pgCode = driverCode(anyErr);
  const kind = driverKind(anyErr);
  if (pgCode === '22P02' || pgCode === 'InvalidInputValue' || kind === 'InvalidInputValue') return new NotFoundError('Resource');
  if (pgCode === '23505' || pgCode === 'UniqueConstraintViolation' || kind === 'UniqueConstraintViolation') {
    return new ConflictError('A resource with the same unique value already exists');
  }
  if ((pgCode && VALUE_REFUSED_CODES.has(pgCode)) || (kind && VALUE_REFUSED_KINDS.has(kind))) return valueRefused();
  if ((pgCode && RETRYABLE_CONFLICT_CODES.has(pgCode)) || kind === 'TransactionWriteConflict') return retryableConflict();
  return undefined;
}
