import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com; docs/webhook-delivery.md).
 *
 * The key is the integration's `configuration.secret_key` when one is set, else a secret generated at
 * creation. A secret starting with `whsec_` is base64-decoded after the prefix (as the Standard Webhooks
 * libraries expect); any other secret is used as its UTF-8 bytes.
 */
export const SIGNING_PREFIX = 'whsec_';

export function generateSigningSecret(): string {
  return SIGNING_PREFIX + randomBytes(32).toString('base64');
}

export function signingKey(secret: string): Buffer {
  return secret.startsWith(SIGNING_PREFIX) ? Buffer.from(secret.slice(SIGNING_PREFIX.length), 'base64') : Buffer.from(secret, 'utf8');
}

/**
 * `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>` over the exact bytes sent. Our body carries
 * `attempt`, so the bytes (and the signature) differ from attempt to attempt; `webhook-id` does not.
 */
export function signPayload(secret: string, msgId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', signingKey(secret)).update(`${msgId}.${timestampSeconds}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}
