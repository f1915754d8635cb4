import type { Request } from 'express';

/** The absolute origin used for links: PUBLIC_BASE_URL, else the request's own protocol and host. */
export function requestBaseUrl(req: Request, publicBaseUrl?: string): string {
  if (publicBaseUrl) return publicBaseUrl;
  const host = req.get('x-forwarded-host') ?? req.get('host') ?? 'localhost';
  const proto = (req.get('x-forwarded-proto') ?? req.protocol ?? 'http').split(',')[0].trim();
  return `${proto}://${host}`;
}
