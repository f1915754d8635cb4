import { BadRequestError } from '../common/errors/api-error';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

const MAX_HEADER = 2048;

/**
 * Client authentication by HTTP Basic at the token endpoint (RFC 6749 §2.3.1): `Basic base64(id:secret)`.
 * The RFC asks clients to form-encode id and secret before base64; many (Swagger UI among them) do not. So
 * this returns the header's readings, as sent first, then form-decoded when that reads differently; the
 * caller accepts the first that verifies. Undefined when the request carries no Basic header (other
 * schemes are left alone); a malformed Basic header is a 400.
 */
export function basicClientCredentials(authorization: string | undefined): ClientCredentials[] | undefined {
  if (!authorization) return undefined;
  const match = /^Basic(?:\s+(.*))?$/i.exec(authorization.trim());
  if (!match) return undefined;
  const encoded = (match[1] ?? '').trim();
  if (encoded.length > MAX_HEADER || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) throw invalid();
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) throw invalid();
  const asSent = { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
  const clientId = formDecode(asSent.clientId);
  const clientSecret = formDecode(asSent.clientSecret);
  const formDecoded = clientId && clientSecret ? { clientId, clientSecret } : undefined;
  const differs = formDecoded && (formDecoded.clientId !== asSent.clientId || formDecoded.clientSecret !== asSent.clientSecret);
  return differs ? [asSent, formDecoded] : [asSent];
}

function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

function invalid(): BadRequestError {
  return new BadRequestError('The Authorization header must be Basic base64(client_id:client_secret)', { header: 'Authorization' });
}
