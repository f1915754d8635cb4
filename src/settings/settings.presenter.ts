import type { Setting } from '../generated/prisma/client';

/** Read-only limits the store enforces; shown like the real API's settings object. */
export const STORE_LIMITS = {
  currency_limit: 10,
  field_limit: 100,
  integration_limit: 100,
  event_limit: 5,
  filter_limit: 10,
  include_limit: 5,
  page_offset_limit: 10000,
} as const;

export function presentSettings(s: Setting) {
  return {
    type: 'settings',
    page_length: s.pageLength,
    list_child_products: s.listChildProducts,
    additional_languages: s.additionalLanguages,
    calculation_method: s.calculationMethod,
    ...STORE_LIMITS,
    meta: { owner: 'store' },
  };
}
