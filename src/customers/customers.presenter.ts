import type { Customer, CustomerToken } from '../generated/prisma/client';
import { timestamps } from '../common/http/timestamps';
import { apiLink } from '../common/http/request-context';

/** The password itself is never shown; `password` says whether one is set, as Elastic Path answers. */
export function presentCustomer(row: Customer) {
  return {
    type: 'customer' as const,
    id: row.id,
    name: row.name,
    email: row.email,
    password: row.passwordHash !== null,
    links: { self: apiLink(`/customers/${row.id}`) },
    meta: { timestamps: timestamps(row) },
  };
}

/** `expires` is a Unix time in seconds, as in Elastic Path's customer token. */
export function presentCustomerToken(row: CustomerToken, token: string) {
  return {
    type: 'token' as const,
    id: row.id,
    customer_id: row.customerId,
    token,
    expires: Math.floor(row.expiresAt.getTime() / 1000),
  };
}
