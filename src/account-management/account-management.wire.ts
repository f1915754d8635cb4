import {
  Prisma,
  type AccountAuthenticationSettings,
  type AccountMember,
  type AccountMembership,
  type AuthenticationRealm,
  type MemberPassword,
  type PasswordProfile,
} from '../generated/prisma/client';
import { boolean, closed, dateTime, integer, oneOfStrings, string, uuid } from '../common/openapi/json-schema';
import { toOne } from '../common/openapi/wire-schemas';
import type { FilterOp } from '../common/list-query';
import { col, computed, constant, field, isoTimeSql, nested, sqlString, timestampsMember, wireFormat } from '../common/wire/wire-format';

/** Every list of these resources compares ids, so a client can walk it by id. */
const ID_FILTERS: FilterOp[] = ['eq', 'gt', 'ge', 'lt', 'le', 'in'];

export const MEMBER_SELF_MANAGEMENT = ['disabled', 'update_only'] as const;

/** `meta.created_at` / `meta.updated_at` side by side, as the authentication realm resources show them. */
function flatTimestamps<Row extends { createdAt: Date; updatedAt: Date }>() {
  return wireFormat<Row>()([
    computed('created_at', (row: Row) => row.createdAt.toISOString(), (t) => isoTimeSql(col(t, 'created_at')), dateTime()),
    computed('updated_at', (row: Row) => row.updatedAt.toISOString(), (t) => isoTimeSql(col(t, 'updated_at')), dateTime()),
  ]);
}

/** A to-one relationship that every row has. */
function relatedTo<Row>(key: string, type: string, column: string, pick: (row: Row) => string) {
  return computed<Row, void, typeof key, { data: { type: string; id: string } }>(
    key,
    (row) => ({ data: { type, id: pick(row) } }),
    (t) => Prisma.sql`${sqlString(`{"data":{"type":${JSON.stringify(type)},"id":"`)} || ${col(t, column)}::text || '"}}'`,
    toOne(type),
  );
}

export type SettingsRow = AccountAuthenticationSettings;

export const ACCOUNT_AUTHENTICATION_SETTINGS_WIRE = wireFormat<SettingsRow>()([
  constant('type', 'account_authentication_settings'),
  field('id', 'id', uuid()),
  field('enable_self_signup', 'enableSelfSignup', boolean()),
  field('auto_create_account_for_account_members', 'autoCreateAccount', boolean()),
  field('account_member_self_management', 'memberSelfManagement', oneOfStrings(MEMBER_SELF_MANAGEMENT)),
  field('account_management_authentication_token_timeout_secs', 'tokenTimeoutSecs', integer({ minimum: 1 })),
  nested('relationships', wireFormat<SettingsRow>()([relatedTo<SettingsRow>('authentication_realm', 'authentication_realm', 'realm_id', (r) => r.realmId)])),
  nested('meta', wireFormat<SettingsRow>()([field('client_id', 'clientId', string())])),
]);

export const ACCOUNT_MEMBERSHIP_SETTINGS_WIRE = wireFormat<SettingsRow>()([
  constant('type', 'account_membership_setting'),
  field('membership_limit', 'membershipLimit', integer({ minimum: 1 })),
]);

export const AUTHENTICATION_REALM_WIRE = wireFormat<AuthenticationRealm>()([
  constant('type', 'authentication_realm'),
  field('id', 'id', uuid(), { filter: ID_FILTERS, sortable: true }),
  field('name', 'name', string()),
  nested('meta', flatTimestamps<AuthenticationRealm>()),
]);

export const PASSWORD_PROFILE_WIRE = wireFormat<PasswordProfile>()([
  constant('type', 'password_profile'),
  field('id', 'id', uuid(), { filter: ID_FILTERS, sortable: true }),
  field('name', 'name', string(), { filter: ['eq', 'like'], sortable: true }),
  field('username_format', 'usernameFormat', oneOfStrings(['any', 'email'])),
  field('enable_one_time_password_token', 'enableOneTimePasswordToken', boolean()),
  nested('meta', flatTimestamps<PasswordProfile>()),
]);

/** A user of the realm as its user authentication info; the same row is the account member. */
export const USER_AUTHENTICATION_INFO_WIRE = wireFormat<AccountMember>()([
  constant('type', 'user_authentication_info'),
  field('id', 'id', uuid(), { filter: ID_FILTERS, sortable: true }),
  field('name', 'name', string(), { filter: ['eq', 'like'], sortable: true }),
  field('email', 'email', string(), { filter: ['eq', 'like'], sortable: true }),
  nested('meta', flatTimestamps<AccountMember>()),
]);

export const ACCOUNT_MEMBER_WIRE = wireFormat<AccountMember>()([
  constant('type', 'account_member'),
  field('id', 'id', uuid(), { filter: ID_FILTERS, sortable: true }),
  field('name', 'name', string(), { filter: ['eq', 'like'], sortable: true }),
  field('email', 'email', string(), { filter: ['eq', 'like'], sortable: true }),
  nested('meta', wireFormat<AccountMember>()([timestampsMember()])),
]);

/** A member's username in a password profile; the password is never shown. */
export const PASSWORD_PROFILE_INFO_WIRE = wireFormat<MemberPassword>()([
  constant('type', 'user_authentication_password_profile_info'),
  field('id', 'id', uuid(), { filter: ID_FILTERS, sortable: true }),
  field('username', 'username', string(), { filter: ['eq', 'like'], sortable: true }),
  field('password_profile_id', 'passwordProfileId', uuid()),
  nested('meta', flatTimestamps<MemberPassword>()),
]);

export const ACCOUNT_MEMBERSHIP_WIRE = wireFormat<AccountMembership>()([
  constant('type', 'account_membership'),
  field('id', 'id', uuid(), { filter: ID_FILTERS, sortable: true }),
  nested(
    'relationships',
    wireFormat<AccountMembership>()([
      relatedTo<AccountMembership>('account', 'account', 'account_id', (r) => r.accountId),
      relatedTo<AccountMembership>('account_member', 'account_member', 'account_member_id', (r) => r.accountMemberId),
    ]),
  ),
  nested('meta', wireFormat<AccountMembership>()([timestampsMember()])),
]);

/** One account management authentication token (of `POST /v2/account-members/tokens`). */
export const ACCOUNT_TOKEN_SCHEMA = closed({
  type: { type: 'string', const: 'account_management_authentication_token' },
  account_id: uuid(),
  account_name: string(),
  token: string(),
  expires: dateTime(),
});
