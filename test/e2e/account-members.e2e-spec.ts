import { createClient, postV2AccountMembersTokens } from '@epcc-sdk/sdks-shopper';
import type { Response } from 'supertest';
import { expectErrorDocument, expectPage } from '../support/documents';
import { sdkFor } from '../support/sdk';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Account Management's members, driven through the official SDK's classes as an administrator would: the
 * realm made at the first start, a password profile, a user with a username and password, its memberships.
 * Signing in and signing up go through `@epcc-sdk/sdks-shopper`'s postV2AccountMembersTokens.
 */
describe('account members: realm, password profiles, users, memberships, sign-in', () => {
  let t: TestApp;
  let sdk: any;
  let realmId: string;
  let profileId: string;
  beforeAll(async () => {
    t = await createTestApp();
    sdk = sdkFor(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** `POST /v2/account-members/tokens` through `@epcc-sdk/sdks-shopper`'s postV2AccountMembersTokens, unchanged. */
  async function tokens(data: Record<string, unknown>): Promise<Response> {
    const client = createClient({ baseUrl: t.baseUrl, auth: t.storefront.Authorization.replace(/^Bearer /, '') });
    const res = await postV2AccountMembersTokens({ client, body: { data: { type: 'account_management_authentication_token', ...data } } as never });
    return { status: res.response.status, headers: Object.fromEntries(res.response.headers.entries()), body: res.data ?? res.error } as unknown as Response;
  }
  const signIn = (username: string, password: string) => tokens({ authentication_mechanism: 'password', password_profile_id: profileId, username, password });

  it('has the store realm from the first start, named by the settings, and takes the settings members on PUT', async () => {
    const settings = await sdk.AccountAuthenticationSettings.Get();
    expect(settings.data).toMatchObject({
      type: 'account_authentication_settings',
      enable_self_signup: false,
      auto_create_account_for_account_members: false,
      account_member_self_management: 'disabled',
      account_management_authentication_token_timeout_secs: 86400,
      relationships: { authentication_realm: { data: { type: 'authentication_realm' } } },
    });
    expect(settings.data.meta.client_id).toMatch(/^account-management-[0-9a-f]{24}$/);
    realmId = settings.data.relationships.authentication_realm.data.id;

    const realm = await sdk.AuthenticationRealm.Get({ realmId });
    expect(realm.data).toMatchObject({ type: 'authentication_realm', id: realmId, name: 'Buyer Organization' });
    expect((await sdk.AuthenticationRealm.All()).data.map((r: any) => r.id)).toEqual([realmId]);

    const updated = await sdk.AccountAuthenticationSettings.Update({ enable_self_signup: true, auto_create_account_for_account_members: false });
    expect(updated.data).toMatchObject({ enable_self_signup: true, auto_create_account_for_account_members: false });
    expect(updated.data.relationships.authentication_realm.data.id).toBe(realmId);
    expect(updated.data.meta.client_id).toBe(settings.data.meta.client_id);
    expectErrorDocument(
      await t.http.put('/v2/settings/account-authentication').set(t.admin).send({ data: { type: 'account_authentication_settings', enable_self_signup: 'yes' } }),
      400,
      { source: 'data.enable_self_signup' },
    );
    expectErrorDocument(await t.http.get('/v2/settings/account-authentication').set(t.storefront), 403);
  });

  it('keeps password profiles of the realm', async () => {
    const created = await sdk.PasswordProfile.Create(realmId, { data: { type: 'password_profile', name: 'Username and password', username_format: 'any' } });
    expect(created.data).toMatchObject({ type: 'password_profile', name: 'Username and password', username_format: 'any' });
    profileId = created.data.id;
    expect((await sdk.PasswordProfile.Get({ realmId, profileId })).data.id).toBe(profileId);
    const renamed = await sdk.PasswordProfile.Update(realmId, profileId, { data: { type: 'password_profile', name: 'Passwords' } });
    expect(renamed.data.name).toBe('Passwords');
    const list = await t.http.get(`/v2/authentication-realms/${realmId}/password-profiles`).set(t.admin);
    expectPage(list, { limit: 25, offset: 0, total: 1 });
    const other = await sdk.PasswordProfile.Create(realmId, { data: { type: 'password_profile', name: 'Spare' } });
    await sdk.PasswordProfile.Delete(realmId, other.data.id);
    expectErrorDocument(await t.http.get(`/v2/authentication-realms/${realmId}/password-profiles/${other.data.id}`).set(t.admin), 404);
    expectErrorDocument(await t.http.get(`/v2/authentication-realms/${other.data.id}/password-profiles`).set(t.admin), 404, { title: 'Authentication realm not found' });
  });

  let memberId: string;
  let acme: string;
  let globex: string;

  it('makes a member who signs in: user authentication info, a username and password, memberships', async () => {
    const user = await sdk.UserAuthenticationInfo.Create(realmId, { data: { type: 'user_authentication_info', name: 'Ron Swanson', email: 'ron@example.com' } });
    expect(user.data).toMatchObject({ type: 'user_authentication_info', name: 'Ron Swanson', email: 'ron@example.com' });
    memberId = user.data.id;
    const info = await sdk.UserAuthenticationPasswordProfile.Create(realmId, memberId, {
      data: { type: 'user_authentication_password_profile_info', password_profile_id: profileId, username: 'Ron.Swanson', password: 'mustache-1234' },
    });
    expect(info.data).toMatchObject({ type: 'user_authentication_password_profile_info', username: 'Ron.Swanson', password_profile_id: profileId });
    expect(JSON.stringify(info.body ?? info)).not.toContain('mustache');
    const stored = await t.prisma.memberPassword.findUniqueOrThrow({ where: { id: info.data.id } });
    expect(stored.passwordHash).toMatch(/^scrypt\$/);

    // The same username in another case is the same username.
    const other = await sdk.UserAuthenticationInfo.Create(realmId, { data: { type: 'user_authentication_info', name: 'Tammy', email: 'tammy@example.com' } });
    const taken = await t.http
      .post(`/v2/authentication-realms/${realmId}/user-authentication-info/${other.data.id}/user-authentication-password-profile-info`)
      .set(t.admin)
      .send({ data: { type: 'user_authentication_password_profile_info', password_profile_id: profileId, username: 'ron.swanson', password: 'x-password' } });
    expectErrorDocument(taken, 409);

    const member = await sdk.AccountMembers.Get(memberId);
    expect(member.data).toMatchObject({ type: 'account_member', id: memberId, name: 'Ron Swanson', email: 'ron@example.com' });
    const filtered = await t.http.get(`/v2/account-members?filter=like(email,*ron@*)`).set(t.admin);
    expectPage(filtered, { limit: 25, offset: 0, total: 1 });

    acme = (await sdk.Accounts.Create({ type: 'account', name: 'Acme', legal_name: 'Acme Ltd' })).data.id;
    globex = (await sdk.Accounts.Create({ type: 'account', name: 'Globex', legal_name: 'Globex Corp' })).data.id;
    const unassigned = await sdk.AccountMembers.UnassignedAccountMembers(acme);
    expect(unassigned.data.map((m: any) => m.id)).toContain(memberId);
    const membership = await sdk.AccountMemberships.Create(acme, { type: 'account_membership', account_member_id: memberId });
    expect(membership.data).toMatchObject({ type: 'account_membership', relationships: { account_member: { data: { id: memberId } }, account: { data: { id: acme } } } });
    await sdk.AccountMemberships.Create(globex, { type: 'account_membership', account_member_id: memberId });
    expectErrorDocument(
      await t.http.post(`/v2/accounts/${acme}/account-memberships`).set(t.admin).send({ data: { type: 'account_membership', account_member_id: memberId } }),
      409,
    );
    expect((await sdk.AccountMemberships.All(acme)).data.map((m: any) => m.id)).toEqual([membership.data.id]);
    expect((await sdk.AccountMemberships.AllOnAccountMember(memberId)).data).toHaveLength(2);
    expect((await sdk.AccountMembers.UnassignedAccountMembers(acme)).data.map((m: any) => m.id)).not.toContain(memberId);
  });

  it('signs in with the username in any case: one token per account, and the token stands for its account', async () => {
    const res = await signIn('RON.swanson', 'mustache-1234');
    expect(res.status).toBe(201);
    expect(res.body.meta.account_member_id).toBe(memberId);
    expect(res.body.data).toHaveLength(2);
    const byAccount = Object.fromEntries(res.body.data.map((d: any) => [d.account_id, d]));
    expect(byAccount[acme]).toMatchObject({ type: 'account_management_authentication_token', account_name: 'Acme' });
    expect(byAccount[globex]).toMatchObject({ account_name: 'Globex' });
    expect(new Date(byAccount[acme].expires).getTime()).toBeGreaterThan(Date.now());
    expect(byAccount[acme].token).not.toBe(byAccount[globex].token);
  });

  it('answers a wrong password and an unknown username alike', async () => {
    const wrong = await signIn('ron.swanson', 'not-the-password');
    const unknown = await signIn('nobody', 'mustache-1234');
    expectErrorDocument(wrong, 401);
    expectErrorDocument(unknown, 401);
    expect(wrong.body.errors[0].detail).toBe(unknown.body.errors[0].detail);
    // Account Management writes an error's status as a string.
    expect(wrong.body.errors[0].status).toBe('401');
    expectErrorDocument(await tokens({ authentication_mechanism: 'oidc', password_profile_id: profileId, username: 'x', password: 'y' }), 400, {
      source: 'data.authentication_mechanism',
    });
  });

  it('lets a new shopper sign up while self sign-up is enabled: a member, an account and the membership; a taken username is 409', async () => {
    const signUp = (username: string) =>
      tokens({ authentication_mechanism: 'self_signup', password_profile_id: profileId, username, password: 'knope-2024', name: 'Leslie Knope', email: 'leslie@example.com' });
    const res = await signUp('leslie');
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ account_name: 'Leslie Knope' });
    const member = await sdk.AccountMembers.Get(res.body.meta.account_member_id);
    expect(member.data).toMatchObject({ name: 'Leslie Knope', email: 'leslie@example.com' });
    expect((await signIn('Leslie', 'knope-2024')).status).toBe(201);
    expectErrorDocument(await signUp('LESLIE'), 409);
    expectErrorDocument(await signUp('Ron.Swanson'), 409);
    expectErrorDocument(await tokens({ authentication_mechanism: 'self_signup', password_profile_id: profileId, username: 'april', password: 'p4ssword' }), 400, { source: 'data.name' });

    await sdk.AccountAuthenticationSettings.Update({ enable_self_signup: false });
    expectErrorDocument(await signUp('ann'), 403);
    expect(await t.prisma.accountMember.count({ where: { email: 'leslie@example.com' } })).toBe(1);
  });

  it('deletes a membership: the member no longer gets a token for that account', async () => {
    const [membership] = (await sdk.AccountMemberships.All(globex)).data;
    await sdk.AccountMemberships.Delete(globex, membership.id);
    expectErrorDocument(await t.http.get(`/v2/accounts/${globex}/account-memberships/${membership.id}`).set(t.admin), 404);
    const res = await signIn('ron.swanson', 'mustache-1234');
    expect(res.body.data.map((d: any) => d.account_id)).toEqual([acme]);
  });

  it('limits sign-in attempts per username in any case: 429 with Retry-After, while other usernames go on', async () => {
    const info = await t.http
      .post(`/v2/authentication-realms/${realmId}/user-authentication-info`)
      .set(t.admin)
      .send({ data: { type: 'user_authentication_info', name: 'Guessed', email: 'guessed@example.com' } });
    await sdk.UserAuthenticationPasswordProfile.Create(realmId, info.body.data.id, {
      data: { type: 'user_authentication_password_profile_info', password_profile_id: profileId, username: 'guessed', password: 'right-password' },
    });
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await signIn(i % 2 ? 'GUESSED' : 'guessed', `guess-${i}`)).status);
    expect(answers).toEqual(Array(10).fill(401));
    const limited = await signIn('Guessed', 'right-password');
    expectErrorDocument(limited, 429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn('ron.swanson', 'mustache-1234')).status).toBe(201);
  });

  it('deletes a user: its member, username and memberships go with it', async () => {
    const user = await sdk.UserAuthenticationInfo.Create(realmId, { data: { type: 'user_authentication_info', name: 'Jerry', email: 'jerry@example.com' } });
    await sdk.AccountMemberships.Create(acme, { type: 'account_membership', account_member_id: user.data.id });
    const renamed = await sdk.UserAuthenticationInfo.Update(realmId, user.data.id, { data: { type: 'user_authentication_info', name: 'Garry' } });
    expect(renamed.data.name).toBe('Garry');
    await sdk.UserAuthenticationInfo.Delete(realmId, user.data.id);
    expectErrorDocument(await t.http.get(`/v2/account-members/${user.data.id}`).set(t.admin), 404, { title: 'Account member not found' });
    expect(await t.prisma.accountMembership.count({ where: { accountMemberId: user.data.id } })).toBe(0);
  });
});
