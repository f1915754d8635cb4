import type { Account } from '../generated/prisma/client';
import { string, uuid } from '../common/openapi/json-schema';
import { constant, field, nested, selfLinkMember, timestampsMember, wireFormat, COMPARISONS, type LinkContext } from '../common/wire/wire-format';

/** An account as the API shows it: its OpenAPI schema (`Account`), `PresentedAccount` and ACCOUNTS_SPEC come from here. */
export const ACCOUNT_WIRE = wireFormat<Account, LinkContext>()([
  constant('type', 'account'),
  field('id', 'id', uuid(), { filter: [...COMPARISONS, 'in'], sortable: true }),
  field('name', 'name', string(), { filter: ['eq', 'like'], sortable: true }),
  field('legal_name', 'legalName', string(), { filter: ['eq', 'like'] }),
  field('registration_id', 'registrationId', string(), { nullable: true, filter: ['eq', 'like'] }),
  selfLinkMember('accounts'),
  nested('meta', wireFormat<Account, LinkContext>()([timestampsMember()])),
]);
