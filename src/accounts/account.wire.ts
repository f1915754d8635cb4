import type { Account } from '../generated/prisma/client';
import { string, uuid } from '../common/openapi/json-schema';
import { constant, field, nested, selfLinkMember, timestampsMember, wireFormat } from '../common/wire/wire-format';

/** Links are absolute: `linkBase` is the origin the request came in on (or PUBLIC_BASE_URL). */
export interface AccountWireContext {
  linkBase: string;
}

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/** An account as the API shows it: its OpenAPI schema (`Account`), `PresentedAccount` and ACCOUNTS_SPEC come from here. */
export const ACCOUNT_WIRE = wireFormat<Account, AccountWireContext>()([
  constant('type', 'account'),
  field('id', 'id', uuid(), { filter: [...CMP, 'in'], sortable: true }),
  field('name', 'name', string(), { filter: ['eq', 'like'], sortable: true }),
  field('legal_name', 'legalName', string(), { filter: ['eq', 'like'] }),
  field('registration_id', 'registrationId', string(), { nullable: true, filter: ['eq', 'like'] }),
  selfLinkMember('accounts'),
  nested('meta', wireFormat<Account, AccountWireContext>()([timestampsMember()])),
]);
