import { Prisma, type AccountAddress } from '../generated/prisma/client';
import { ref, string, uuid } from '../common/openapi/json-schema';
import { WIRE } from '../common/openapi/wire-schemas';
import { col, computed, constant, field, nested, relationshipTo, timestampsMember, wireFormat } from '../common/wire/wire-format';

/** Links are absolute: `linkBase` is the origin the request came in on (or PUBLIC_BASE_URL). */
export interface AccountAddressWireContext {
  linkBase: string;
}

const text = string();
const optionalText = { nullable: true } as const;

/** An account's address as `/v2/accounts/:accountId/addresses` answers it. */
export const ACCOUNT_ADDRESS_WIRE = wireFormat<AccountAddress, AccountAddressWireContext>()([
  constant('type', 'address'),
  field('id', 'id', uuid(), { filter: ['eq', 'in'] }),
  field('name', 'name', text, { ...optionalText, filter: ['eq', 'like'] }),
  field('first_name', 'firstName', text, { filter: ['eq', 'like'] }),
  field('last_name', 'lastName', text, { filter: ['eq', 'like'] }),
  field('company_name', 'companyName', text, { ...optionalText, filter: ['eq', 'like'] }),
  field('phone_number', 'phoneNumber', text, optionalText),
  field('instructions', 'instructions', text, optionalText),
  field('line_1', 'line1', text),
  field('line_2', 'line2', text, optionalText),
  field('city', 'city', text, { ...optionalText, filter: ['eq', 'like'] }),
  field('county', 'county', text, optionalText),
  field('region', 'region', text, optionalText),
  field('postcode', 'postcode', text, { filter: ['eq', 'like'] }),
  field('country', 'country', text, { filter: ['eq', 'in'] }),
  computed(
    'links',
    (row, ctx) => ({ self: `${ctx.linkBase}/v2/accounts/${row.accountId}/addresses/${row.id}` }),
    (t, ctx) =>
      Prisma.sql`'{"self":' || to_json(${ctx.linkBase}::text || '/v2/accounts/' || ${col(t, 'account_id')}::text || '/addresses/' || ${col(t, 'id')}::text)::text || '}'`,
    ref(WIRE.SelfLink),
  ),
  nested('relationships', wireFormat<AccountAddress, AccountAddressWireContext>()([relationshipTo('account', 'account', 'account_id', (row) => row.accountId)])),
  nested('meta', wireFormat<AccountAddress, AccountAddressWireContext>()([timestampsMember()])),
]);
