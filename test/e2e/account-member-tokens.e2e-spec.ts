import { expectErrorDocument } from '../support/documents';
import { createTestApp, TestApp } from '../support/test-app';

const HEADER = 'EP-Account-Management-Authentication-Token';

/** The account token as a principal: what a request that sends one may do, and when it stops working. */
describe('account management authentication tokens as a principal', () => {
  let t: TestApp;
  let profileId: string;
  let memberId: string;
  let otherMemberId: string;
  let acme: string;
  let globex: string;
  beforeAll(async () => {
    t = await createTestApp();
    const created = async (path: string, data: Record<string, unknown>) => {
      const res = await t.http.post(path).set(t.admin).send({ data });
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
      return res.body.data.id as string;
    };
    const realm = (await t.http.get('/v2/settings/account-authentication').set(t.admin)).body.data.relationships.authentication_realm.data.id;
    profileId = await created(`/v2/authentication-realms/${realm}/password-profiles`, { type: 'password_profile', name: 'Passwords' });
    memberId = await created(`/v2/authentication-realms/${realm}/user-authentication-info`, { type: 'user_authentication_info', name: 'April', email: 'april@example.com' });
    otherMemberId = await created(`/v2/authentication-realms/${realm}/user-authentication-info`, { type: 'user_authentication_info', name: 'Andy', email: 'andy@example.com' });
    await created(`/v2/authentication-realms/${realm}/user-authentication-info/${memberId}/user-authentication-password-profile-info`, {
      type: 'user_authentication_password_profile_info',
      password_profile_id: profileId,
      username: 'april',
      password: 'ludgate-1',
    });
    acme = await created('/v2/accounts', { type: 'account', name: 'Acme', legal_name: 'Acme Ltd' });
    globex = await created('/v2/accounts', { type: 'account', name: 'Globex', legal_name: 'Globex Corp' });
    await created(`/v2/accounts/${acme}/account-memberships`, { type: 'account_membership', account_member_id: memberId });
    await created(`/v2/accounts/${globex}/account-memberships`, { type: 'account_membership', account_member_id: memberId });
  });
  afterAll(async () => {
    await t.close();
  });

  async function tokensByAccount(): Promise<Record<string, string>> {
    const res = await t.http
      .post('/v2/account-members/tokens')
      .set(t.storefront)
      .send({ data: { type: 'account_management_authentication_token', authentication_mechanism: 'password', password_profile_id: profileId, username: 'April', password: 'ludgate-1' } });
    expect(res.status).toBe(201);
    return Object.fromEntries(res.body.data.map((d: any) => [d.account_id, d.token]));
  }
  const asMember = (token: string) => ({ ...t.storefront, [HEADER]: token });

  it('lets a member read its own record with its token, no one else’s, and not without a token', async () => {
    const tokens = await tokensByAccount();
    const own = await t.http.get(`/v2/account-members/${memberId}`).set(asMember(tokens[acme]));
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ id: memberId, name: 'April' });
    expectErrorDocument(await t.http.get(`/v2/account-members/${otherMemberId}`).set(asMember(tokens[acme])), 404);
    expectErrorDocument(await t.http.get(`/v2/account-members/${memberId}`).set(t.storefront), 403);
    expectErrorDocument(await t.http.get('/v2/account-members').set(asMember(tokens[acme])), 403);
    // An administrator still reads any member.
    expect((await t.http.get(`/v2/account-members/${otherMemberId}`).set(t.admin)).status).toBe(200);
  });

  it('refuses a forged or expired token with 401 naming the header, on any route', async () => {
    const forged = await t.http.get('/v2/products').set(asMember('not-a-real-token'));
    expectErrorDocument(forged, 401, { source: HEADER.toLowerCase() });
    const tokens = await tokensByAccount();
    expect((await t.http.get('/v2/products').set(asMember(tokens[acme]))).status).toBe(200);
    await t.prisma.accountMemberToken.updateMany({ where: { accountMemberId: memberId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expectErrorDocument(await t.http.get(`/v2/account-members/${memberId}`).set(asMember(tokens[acme])), 401);
  });

  it("revokes a member's token for an account at once when the membership is removed; its other accounts' tokens go on", async () => {
    const tokens = await tokensByAccount();
    const membership = (await t.http.get(`/v2/accounts/${globex}/account-memberships`).set(t.admin)).body.data[0];
    expect((await t.http.get(`/v2/account-members/${memberId}`).set(asMember(tokens[globex]))).status).toBe(200);
    expect((await t.http.delete(`/v2/accounts/${globex}/account-memberships/${membership.id}`).set(t.admin)).status).toBe(204);
    expectErrorDocument(await t.http.get(`/v2/account-members/${memberId}`).set(asMember(tokens[globex])), 401);
    expect((await t.http.get(`/v2/account-members/${memberId}`).set(asMember(tokens[acme]))).status).toBe(200);
  });
});
