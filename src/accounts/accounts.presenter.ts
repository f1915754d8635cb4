import type { Account } from '../generated/prisma/client';
import { timestamps } from '../common/http/timestamps';

export function presentAccount(row: Account, baseUrl = '') {
  return {
    type: 'account' as const,
    id: row.id,
    name: row.name,
    legal_name: row.legalName,
    registration_id: row.registrationId ?? null,
    links: { self: `${baseUrl.replace(/\/+$/, '')}/v2/accounts/${row.id}` },
    meta: { timestamps: timestamps(row) },
  };
}
