import { Module } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { BearerTokenResolver, PrincipalResolver } from '../../src/auth/principal-resolver.decorator';
import type { Principal } from '../../src/common/http/request-context';
import { createTestApp, TestApp } from '../support/test-app';

const KIOSK_TOKEN = 'kiosk_0123456789abcdef';

/** A kind of bearer token of a module of its own: kiosk tokens, with storefront access. */
@PrincipalResolver()
class KioskTokens implements BearerTokenResolver {
  private readonly tokenId = randomUUID();

  async resolve(token: string): Promise<Principal | null> {
    return token === KIOSK_TOKEN ? { clientId: 'kiosk', grantType: 'implicit', tokenId: this.tokenId } : null;
  }
}

@Module({ providers: [KioskTokens] })
class KioskModule {}

/** A kind of principal registered by a module of its own, with no edit to the auth code. */
describe('Bearer tokens: registered principal resolvers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ imports: [KioskModule] });
  });
  afterAll(async () => {
    await t.close();
  });

  const kiosk = { Authorization: `Bearer ${KIOSK_TOKEN}` };

  it('lets a registered kind of token in where its access level may go', async () => {
    expect((await t.http.get('/v2/products').set(kiosk)).status).toBe(200);
  });

  it('refuses it where its access level may not, with the answer an implicit token gets', async () => {
    const asKiosk = await t.http.get('/v2/gateways').set(kiosk);
    const asStorefront = await t.http.get('/v2/gateways').set(t.storefront);
    expect(asKiosk.status).toBe(403);
    expect(asKiosk.body).toEqual(asStorefront.body);
  });

  it('still resolves access tokens, and refuses a token no resolver knows as before', async () => {
    expect((await t.http.get('/v2/gateways').set(t.admin)).status).toBe(200);
    const unknown = await t.http.get('/v2/gateways').set('Authorization', 'Bearer kiosk_unknown');
    expect(unknown.status).toBe(401);
    expect(unknown.body.errors[0]).toMatchObject({ status: 401, title: 'Unable to validate access token' });
  });
});
