import { HttpException } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { ApiError } from './api-error';
import { toApiError } from './to-api-error';

const prismaError = (code: string, cause?: Record<string, unknown>) =>
  Object.assign(new Error('Invalid `db.x.findUnique()` invocation'), { code, meta: cause ? { driverAdapterError: { cause } } : {} });

describe('toApiError', () => {
  it('passes ApiErrors through', () => {
    const err = new ApiError(418, 'Teapot', 'short and stout');
    expect(toApiError(err)).toBe(err);
  });

  it.each([
    ['PostgreSQL renamed away (P1003 / 3D000)', prismaError('P1003', { kind: 'DatabaseDoesNotExist', originalCode: '3D000' })],
    ['a driver error of kind DatabaseDoesNotExist under another code', prismaError('P2010', { kind: 'DatabaseDoesNotExist' })],
    ['too many connections', prismaError('P2037')],
    ['pool timeout', prismaError('P2024')],
    ['a transaction that could not start in time, or expired (P2028)', prismaError('P2028')],
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['an initialization error (errorCode, not code)', Object.assign(new Error("Can't reach database server"), { errorCode: 'P1001' })],
    ['PGlite closed', new Error('PGlite is closed')],
    ['admin shutdown', prismaError('P2010', { originalCode: '57P01', kind: 'postgres' })],
  ])('%s → 503 with Retry-After', (_label, err) => {
    const mapped = toApiError(err)!;
    expect(mapped.status).toBe(503);
    expect(mapped.title).toBe('Service Unavailable');
    expect(mapped.extraHeaders['Retry-After']).toBe('1');
    expect(mapped.detail).not.toMatch(/invocation|PGlite|ECONN/);
  });

  it('maps values the database refuses as out of range or too long to 400', () => {
    expect(toApiError(prismaError('P2020'))!.status).toBe(400);
    expect(toApiError(prismaError('P2000'))!.status).toBe(400);
    expect(toApiError(prismaError('P2010', { kind: 'ValueOutOfRange', originalCode: '22003' }))!.status).toBe(400);
  });

  it('maps serialization failures and deadlocks to a retryable 409', () => {
    expect(toApiError(prismaError('P2034'))!.status).toBe(409);
    expect(toApiError(prismaError('P2010', { originalCode: '40P01', kind: 'postgres' }))!.status).toBe(409);
  });

  it('maps body-parser errors to their 4xx', () => {
    const tooMany = Object.assign(new Error('too many parameters'), { type: 'parameters.too.many', status: 413, expose: true });
    expect(toApiError(tooMany)).toMatchObject({ status: 413, title: 'Payload Too Large' });
    const aborted = Object.assign(new Error('request aborted'), { type: 'request.aborted', status: 400, expose: true });
    expect(toApiError(aborted)).toMatchObject({ status: 400, title: 'Bad Request' });
  });

  it('maps a body that does not decompress with its Content-Encoding to 400 naming the header', () => {
    for (const code of ['Z_DATA_ERROR', 'Z_BUF_ERROR', 'ERR__ERROR_FORMAT_PADDING_1']) {
      const zlibError = Object.assign(new Error('incorrect header check'), { code, status: 400, statusCode: 400, expose: true });
      expect(toApiError(zlibError)).toMatchObject({ status: 400, title: 'Bad Request', source: { header: 'Content-Encoding' } });
    }
  });

  it('maps Nest HttpExceptions, the throttler included', () => {
    expect(toApiError(new ThrottlerException())).toMatchObject({ status: 429, title: 'Too Many Requests' });
    expect(toApiError(new HttpException('nope', 405))).toMatchObject({ status: 405, title: 'Method Not Allowed' });
  });

  it('leaves unexpected errors to the 500 path', () => {
    expect(toApiError(new TypeError('x is undefined'))).toBeUndefined();
    expect(toApiError(Object.assign(new Error('boom'), { type: 'x', status: 500, expose: false }))).toBeUndefined();
  });
});
