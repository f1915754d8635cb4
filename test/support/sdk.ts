import { createTestApp, TEST_CLIENT_ID, TEST_CLIENT_SECRET, type TestApp } from './test-app';

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

/** An administrator's SDK client. */
export type AdminSdk = ReturnType<typeof sdkFor>;

/**
 * A test app and an administrator's SDK client for a whole file: started before its tests, closed after them.
 * Read `app.t` and `app.ep` inside the tests (or copy them out in a `beforeAll` registered after this call).
 */
export function useSdkApp(): { t: TestApp; ep: AdminSdk } {
  const app = {} as { t: TestApp; ep: AdminSdk };
  beforeAll(async () => {
    app.t = await createTestApp();
    app.ep = sdkFor(app.t);
  });
  afterAll(async () => {
    await app.t?.close();
  });
  return app;
}
