import { randomUUID } from 'node:crypto';
import { sdkFor } from './sdk';
import { createTestApp, TestApp } from './test-app';

/**
 * The hooks of a suite that shops as a storefront does: one test app, and the official SDK with an implicit
 * token (`sdk`); `cart(prefix)` is a new cart of its own for each call.
 */
export function useStorefront() {
  let t: TestApp | undefined;
  let sdk: any;
  beforeAll(async () => {
    t = await createTestApp();
    sdk = sdkFor(t, 'storefront');
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t() {
      return t!;
    },
    get sdk() {
      return sdk;
    },
    cart: (prefix: string) => sdk.Cart(`${prefix}-${randomUUID()}`),
  };
}
