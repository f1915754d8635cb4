import type { Request, Response } from 'express';
import { EventEmitter } from 'node:events';
import pino from 'pino';
import { apiLink, linkBase, requestContextMiddleware, withLinkBase } from './request-context';

function fakeRequest(headers: Record<string, string>): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { get: (name: string) => lower[name.toLowerCase()], protocol: 'http', method: 'GET', path: '/v2/x' } as unknown as Request;
}

function fakeResponse(): Response {
  return Object.assign(new EventEmitter(), { setHeader: () => undefined, statusCode: 200 }) as unknown as Response;
}

/** The link origin seen by code that runs later in the request, after an await. */
function originSeenBy(headers: Record<string, string>, publicBaseUrl?: string): Promise<string> {
  return new Promise((resolve) => {
    requestContextMiddleware(pino({ level: 'silent' }), publicBaseUrl)(fakeRequest(headers), fakeResponse(), async () => {
      await new Promise((r) => setImmediate(r));
      resolve(apiLink('/carts/c1'));
    });
  });
}

describe('request context: the origin of links', () => {
  it('is the request host, or the forwarded host and protocol a proxy names', async () => {
    expect(await originSeenBy({ host: 'localhost:3000' })).toBe('http://localhost:3000/v2/carts/c1');
    expect(await originSeenBy({ host: 'internal:3000', 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' })).toBe(
      'https://shop.example/v2/carts/c1',
    );
  });

  it('is PUBLIC_BASE_URL whenever it is set', async () => {
    expect(await originSeenBy({ host: 'internal:3000', 'x-forwarded-host': 'shop.example' }, 'https://api.example')).toBe(
      'https://api.example/v2/carts/c1',
    );
  });

  it('outside a request: what withLinkBase names, else relative', async () => {
    expect(linkBase()).toBe('');
    expect(apiLink('/integrations/i1')).toBe('/v2/integrations/i1');
    expect(withLinkBase('https://api.example/', () => apiLink('/integrations/i1'))).toBe('https://api.example/v2/integrations/i1');
  });
});
