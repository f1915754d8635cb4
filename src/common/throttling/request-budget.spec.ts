import type { Request } from 'express';
import { rateLimitError, trackerFor } from './request-budget';

describe('rate limiting helpers', () => {
  it('keys a request by its validated access token, else by its IP (an unvalidated header is ignored)', () => {
    const principal = { clientId: 'c', grantType: 'client_credentials', tokenId: '6a1f0c3e-0000-4000-8000-000000000001' };
    expect(trackerFor({ headers: { authorization: 'Bearer abc' }, ip: '1.2.3.4', principal } as unknown as Request)).toBe(`token:${principal.tokenId}`);
    expect(trackerFor({ headers: {}, ip: '5.6.7.8', principal } as unknown as Request)).toBe(`token:${principal.tokenId}`);
    expect(trackerFor({ headers: {}, ip: '1.2.3.4' } as unknown as Request)).toBe('ip:1.2.3.4');
    expect(trackerFor({ headers: { authorization: 'Bearer made-up' }, ip: '::1' } as unknown as Request)).toBe('ip:::1');
  });

  it('builds a 429 error document with Retry-After in whole seconds (at least 1)', () => {
    const err = rateLimitError({ limit: 6000, ttl: 60_000, timeToBlockExpire: 12 });
    expect(err.status).toBe(429);
    expect(err.title).toBe('Too Many Requests');
    expect(err.detail).toBe('Rate limit of 6000 requests per minute exceeded; retry in 12 seconds');
    expect(err.extraHeaders['Retry-After']).toBe('12');
    expect(rateLimitError({ limit: 5, ttl: 1500, timeToBlockExpire: 0 }).extraHeaders['Retry-After']).toBe('2');
    expect(rateLimitError({ limit: 5, ttl: 1000, timeToBlockExpire: 1 }).detail).toBe('Rate limit of 5 requests per second exceeded; retry in 1 second');
  });
});
