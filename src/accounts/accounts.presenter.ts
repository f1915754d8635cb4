import type { Account } from '../generated/prisma/client';
import { timestamps } from '../common/http/timestamps';
import { apiLink } from '../common/http/request-context';

export function presentAccount(row: Account) {
  return {
    type: 'account' as const,
    id: row.id,
    name: row.name,
    legal_name: row.legalName,
    registration_id: row.registrationId ?? null,
    links: { self: apiLink(`/accounts/${row.id}`) },
    meta: { timestamps: timestamps(row) },
  };
}
