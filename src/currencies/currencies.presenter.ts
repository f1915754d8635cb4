import type { Currency } from '../generated/prisma/client';
import { timestamps } from '../common/http/timestamps';
import { apiLink } from '../common/http/request-context';

export function presentCurrency(row: Currency) {
  return {
    type: 'currency' as const,
    id: row.id,
    code: row.code,
    exchange_rate: row.exchangeRate,
    format: row.format,
    decimal_point: row.decimalPoint,
    thousand_separator: row.thousandSeparator,
    decimal_places: row.decimalPlaces,
    default: row.isDefault === true,
    enabled: row.enabled,
    links: { self: apiLink(`/currencies/${row.id}`) },
    meta: { timestamps: timestamps(row), owner: 'store' as const },
  };
}
