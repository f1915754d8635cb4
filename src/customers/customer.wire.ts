import { Prisma, type Customer, type CustomerToken } from '../generated/prisma/client';
import { boolean, integer, string, uuid } from '../common/openapi/json-schema';
import { col, computed, constant, field, nested, selfLinkMember, timestampsMember, wireFormat, COMPARISONS, type LinkContext } from '../common/wire/wire-format';

/**
 * A customer as the API shows it: the password itself is never shown; `password` says whether one is set, as
 * Elastic Path answers. Its OpenAPI schema (`Customer`), `PresentedCustomer` and the list's filters and sorts
 * (CUSTOMERS_SPEC, which adds `email`'s case-blind match) come from here.
 */
export const CUSTOMER_WIRE = wireFormat<Customer, LinkContext>()([
  constant('type', 'customer'),
  field('id', 'id', uuid(), { filter: [...COMPARISONS, 'in'], sortable: true }),
  field('name', 'name', string(), { filter: ['eq', 'like'], sortable: true }),
  field('email', 'email', string()),
  computed(
    'password',
    (row) => row.passwordHash !== null,
    (t) => Prisma.sql`(${col(t, 'password_hash')} IS NOT NULL)::text`,
    boolean({ description: 'Whether a password is set (the password itself is never shown)' }),
  ),
  selfLinkMember('customers'),
  nested('meta', wireFormat<Customer, LinkContext>()([timestampsMember()])),
]);

/** A token as it is issued: its text is known then only (the row keeps its hash). */
export type IssuedCustomerToken = CustomerToken & { token: string };

/** `expires` is a Unix time in seconds, as in Elastic Path's customer token. */
export const CUSTOMER_TOKEN_WIRE = wireFormat<IssuedCustomerToken>()([
  constant('type', 'token'),
  field('id', 'id', uuid()),
  field('customer_id', 'customerId', uuid()),
  field('token', 'token', string({ description: 'Send as X-Moltin-Customer-Token' })),
  computed(
    'expires',
    (row) => Math.floor(row.expiresAt.getTime() / 1000),
    (t) => Prisma.sql`floor(extract(epoch FROM ${col(t, 'expires_at')}))::bigint::text`,
    integer({ description: 'Unix time, seconds' }),
  ),
]);
