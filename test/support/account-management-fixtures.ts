import { randomUUID } from 'node:crypto';
import type { TestApp } from './test-app';
import type { WriteFixture } from './write-fixtures';

type Created = (path: string, data: Record<string, unknown>) => Promise<{ id: string }>;

/** Valid requests for Account Management's write routes: the realm, password profiles, users, memberships, sign-in. */
export function accountManagementFixtures(t: TestApp, created: Created): Record<string, () => Promise<WriteFixture>> {
  const unique = () => randomUUID().slice(0, 8);
  const realm = async (): Promise<string> => (await t.http.get('/v2/settings/account-authentication').set(t.admin)).body.data.relationships.authentication_realm.data.id;
  const profile = async (realmId: string) => (await created(`/v2/authentication-realms/${realmId}/password-profiles`, { type: 'password_profile', name: 'Fuzz profile' })).id;
  const user = async (realmId: string) =>
    (await created(`/v2/authentication-realms/${realmId}/user-authentication-info`, { type: 'user_authentication_info', name: 'Fuzz member', email: `fuzz-${unique()}@example.com` })).id;
  const passwordInfo = (profileId: string) => ({ type: 'user_authentication_password_profile_info', password_profile_id: profileId, username: `fuzz-${unique()}`, password: `fuzz-password-${unique()}` });
  const account = () => created('/v2/accounts', { type: 'account', name: 'Fuzz Co', legal_name: 'Fuzz Co Ltd' });
  const address = () => ({ type: 'address', name: 'Home', first_name: 'Ron', last_name: 'Swanson', line_1: '1 Sunny Street', postcode: 'SU33 1YY', county: 'Sunnyville', country: 'GB' });
  const infoPath = (realmId: string, userId: string) => `/v2/authentication-realms/${realmId}/user-authentication-info/${userId}/user-authentication-password-profile-info`;
  return {
    'PUT /v2/settings/account-authentication': async () => ({
      path: '/v2/settings/account-authentication',
      auth: 'admin',
      body: { data: { type: 'account_authentication_settings', enable_self_signup: true, auto_create_account_for_account_members: false, account_member_self_management: 'disabled', account_management_authentication_token_timeout_secs: 3600 } },
    }),
    'PUT /v2/settings/account-membership': async () => ({ path: '/v2/settings/account-membership', auth: 'admin', body: { data: { type: 'account_membership_setting', membership_limit: 10000 } } }),
    'PUT /v2/authentication-realms/:realmId': async () => ({ path: `/v2/authentication-realms/${await realm()}`, auth: 'admin', body: { data: { type: 'authentication_realm', name: 'Buyer Organization' } } }),
    'POST /v2/authentication-realms/:realmId/password-profiles': async () => ({
      path: `/v2/authentication-realms/${await realm()}/password-profiles`,
      auth: 'admin',
      body: { data: { type: 'password_profile', name: 'Fuzz profile', username_format: 'any', enable_one_time_password_token: false } },
    }),
    'PUT /v2/authentication-realms/:realmId/password-profiles/:profileId': async () => {
      const realmId = await realm();
      return { path: `/v2/authentication-realms/${realmId}/password-profiles/${await profile(realmId)}`, auth: 'admin', body: { data: { type: 'password_profile', name: 'Fuzz renamed', username_format: 'any', enable_one_time_password_token: false } } };
    },
    'POST /v2/authentication-realms/:realmId/user-authentication-info': async () => ({
      path: `/v2/authentication-realms/${await realm()}/user-authentication-info`,
      auth: 'admin',
      body: { data: { type: 'user_authentication_info', name: 'Fuzz member', email: `fuzz-${unique()}@example.com` } },
    }),
    'PUT /v2/authentication-realms/:realmId/user-authentication-info/:userId': async () => {
      const realmId = await realm();
      return {
        path: `/v2/authentication-realms/${realmId}/user-authentication-info/${await user(realmId)}`,
        auth: 'admin',
        body: { data: { type: 'user_authentication_info', name: 'Fuzz renamed', email: `fuzz-${unique()}@example.com` } },
      };
    },
    'POST /v2/authentication-realms/:realmId/user-authentication-info/:userId/user-authentication-password-profile-info': async () => {
      const realmId = await realm();
      return { path: infoPath(realmId, await user(realmId)), auth: 'admin', body: { data: passwordInfo(await profile(realmId)) } };
    },
    'PUT /v2/authentication-realms/:realmId/user-authentication-info/:userId/user-authentication-password-profile-info/:passwordInfoId': async () => {
      const realmId = await realm();
      const userId = await user(realmId);
      const info = await created(infoPath(realmId, userId), passwordInfo(await profile(realmId)));
      return { path: `${infoPath(realmId, userId)}/${info.id}`, auth: 'admin', body: { data: { type: 'user_authentication_password_profile_info', username: `fuzz-${unique()}`, password: `fuzz-${unique()}` } } };
    },
    'POST /v2/accounts/:accountId/account-memberships': async () => {
      return { path: `/v2/accounts/${(await account()).id}/account-memberships`, auth: 'admin', body: { data: { type: 'account_membership', account_member_id: await user(await realm()) } } };
    },
    'POST /v2/account-members/tokens': async () => {
      const realmId = await realm();
      const profileId = await profile(realmId);
      const info = passwordInfo(profileId);
      await created(infoPath(realmId, await user(realmId)), info);
      return {
        path: '/v2/account-members/tokens',
        auth: 'storefront',
        body: { data: { type: 'account_management_authentication_token', authentication_mechanism: 'password', password_profile_id: profileId, username: info.username, password: info.password } },
      };
    },
    'POST /v2/accounts/:accountId/addresses': async () => ({ path: `/v2/accounts/${(await account()).id}/addresses`, auth: 'admin', body: { data: address() } }),
    'PUT /v2/accounts/:accountId/addresses/:addressId': async () => {
      const { id } = await account();
      return { path: `/v2/accounts/${id}/addresses/${(await created(`/v2/accounts/${id}/addresses`, address())).id}`, auth: 'admin', body: { data: address() } };
    },
  };
}

/** A realm and an account member (with a membership of its own account) more, for walks over every list. */
export async function seedAccountMember(t: TestApp, i: number) {
  const realm = await t.prisma.authenticationRealm.create({ data: { name: `Walk ${i}` } });
  const member = await t.prisma.accountMember.create({ data: { realmId: realm.id, name: `Walk ${i}`, email: `walk-${i}-${randomUUID()}@example.com` } });
  const account = await t.prisma.account.create({ data: { name: `Walk member ${i}` } });
  await t.prisma.accountMembership.create({ data: { accountId: account.id, accountMemberId: member.id } });
}

/** Path parameters for every Account Management GET route, keyed by the segment before each (see list-envelope). */
export async function accountManagementListFixture(t: TestApp, accountId: string): Promise<Record<string, string>> {
  const admin = (path: string, data: Record<string, unknown>) =>
    t.http.post(path).set(t.admin).send({ data }).then((res) => {
      if (res.status !== 201) throw new Error(`fixture ${path}: ${res.status} ${res.text.slice(0, 300)}`);
      return res.body.data.id as string;
    });
  const realmId = (await t.http.get('/v2/settings/account-authentication').set(t.admin)).body.data.relationships.authentication_realm.data.id as string;
  const profileId = await admin(`/v2/authentication-realms/${realmId}/password-profiles`, { type: 'password_profile', name: 'Envelope' });
  const memberId = await admin(`/v2/authentication-realms/${realmId}/user-authentication-info`, { type: 'user_authentication_info', name: 'Envelope', email: 'envelope@example.com' });
  const infoId = await admin(`/v2/authentication-realms/${realmId}/user-authentication-info/${memberId}/user-authentication-password-profile-info`, {
    type: 'user_authentication_password_profile_info',
    password_profile_id: profileId,
    username: `envelope-${randomUUID()}`,
    password: 'envelope-password',
  });
  const membershipId = await admin(`/v2/accounts/${accountId}/account-memberships`, { type: 'account_membership', account_member_id: memberId });
  // A member of no account, for the account's unassigned members.
  await admin(`/v2/authentication-realms/${realmId}/user-authentication-info`, { type: 'user_authentication_info', name: 'Unassigned', email: 'unassigned@example.com' });
  return {
    'authentication-realms': realmId,
    'password-profiles': profileId,
    'user-authentication-info': memberId,
    'user-authentication-password-profile-info': infoId,
    'account-members': memberId,
    'account-memberships': membershipId,
  };
}

/**
 * A member of the given accounts who signs in with a password, and the account management authentication
 * tokens a storefront gets for them (account id → token), as `POST /v2/account-members/tokens` answers.
 */
export async function signedInAccountMember(t: TestApp, name: string, accountIds: string[]): Promise<{ memberId: string; tokens: Record<string, string> }> {
  const created = async (path: string, data: Record<string, unknown>) => {
    const res = await t.http.post(path).set(t.admin).send({ data });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${res.text}`);
    return res.body.data.id as string;
  };
  const realm = (await t.http.get('/v2/settings/account-authentication').set(t.admin)).body.data.relationships.authentication_realm.data.id;
  const profileId = await created(`/v2/authentication-realms/${realm}/password-profiles`, { type: 'password_profile', name: `Passwords of ${name}` });
  const username = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}`;
  const password = `pw-${randomUUID()}`;
  const memberId = await created(`/v2/authentication-realms/${realm}/user-authentication-info`, { type: 'user_authentication_info', name, email: `${username}@example.com` });
  await created(`/v2/authentication-realms/${realm}/user-authentication-info/${memberId}/user-authentication-password-profile-info`, {
    type: 'user_authentication_password_profile_info',
    password_profile_id: profileId,
    username,
    password,
  });
  for (const account of accountIds) await created(`/v2/accounts/${account}/account-memberships`, { type: 'account_membership', account_member_id: memberId });
  const res = await t.http
    .post('/v2/account-members/tokens')
    .set(t.storefront)
    .send({ data: { type: 'account_management_authentication_token', authentication_mechanism: 'password', password_profile_id: profileId, username, password } });
  if (res.status !== 201) throw new Error(`sign-in: ${res.status} ${res.text}`);
  return { memberId, tokens: Object.fromEntries(res.body.data.map((d: { account_id: string; token: string }) => [d.account_id, d.token])) };
}
