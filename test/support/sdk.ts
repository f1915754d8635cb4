import { TEST_CLIENT_ID, TEST_CLIENT_SECRET, type TestApp } from './test-app';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const elasticpath = require('@elasticpath/js-sdk');

/**
 * Elastic Path's official JS SDK, unchanged, pointed at a test app: an administrator's (client credentials) or a
 * storefront's (implicit) client, each with its own in-memory token storage; `headers` go with every request (an
 * account management token, as a storefront configures it).
 */
export function sdkFor(t: TestApp, kind: 'admin' | 'storefront' = 'admin', headers?: Record<string, string>) {
  return elasticpath.gateway({
    client_id: TEST_CLIENT_ID,
    ...(kind === 'admin' ? { client_secret: TEST_CLIENT_SECRET } : {}),
    ...(headers ? { headers } : {}),
    host: t.host,
    protocol: 'http',
    storage: new elasticpath.MemoryStorageFactory(),
  });
}
