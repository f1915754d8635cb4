import { arrayOf, closed, integer, string } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import {
  ACCOUNT_AUTHENTICATION_SETTINGS_WIRE,
  ACCOUNT_MEMBER_WIRE,
  ACCOUNT_MEMBERSHIP_SETTINGS_WIRE,
  ACCOUNT_MEMBERSHIP_WIRE,
  ACCOUNT_TOKEN_SCHEMA,
  AUTHENTICATION_REALM_WIRE,
  PASSWORD_PROFILE_INFO_WIRE,
  PASSWORD_PROFILE_WIRE,
  USER_AUTHENTICATION_INFO_WIRE,
} from './account-management.wire';

export const ACCOUNT_MANAGEMENT_SCHEMAS = defineSchemas({
  AccountAuthenticationSettings: ACCOUNT_AUTHENTICATION_SETTINGS_WIRE.schema(),
  AccountMembershipSettings: ACCOUNT_MEMBERSHIP_SETTINGS_WIRE.schema(),
  AuthenticationRealm: AUTHENTICATION_REALM_WIRE.schema(),
  PasswordProfile: PASSWORD_PROFILE_WIRE.schema(),
  UserAuthenticationInfo: USER_AUTHENTICATION_INFO_WIRE.schema(),
  UserAuthenticationPasswordProfileInfo: PASSWORD_PROFILE_INFO_WIRE.schema(),
  AccountMember: ACCOUNT_MEMBER_WIRE.schema(),
  AccountMembership: ACCOUNT_MEMBERSHIP_WIRE.schema(),
  AccountManagementAuthenticationTokens: closed({
    data: arrayOf(ACCOUNT_TOKEN_SCHEMA),
    meta: closed({ results: closed({ total: integer({ minimum: 0 }) }), account_member_id: string({ format: 'uuid' }) }),
  }),
});
