import type { Setting } from '../generated/prisma/client';
import { arrayOf, boolean, integer, string } from '../common/openapi/json-schema';
import { computed, constant, field, nested, sqlString, wireFormat } from '../common/wire/wire-format';

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

function storeLimit<K extends keyof typeof STORE_LIMITS>(key: K) {
  const value = STORE_LIMITS[key];
  return computed<Setting, void, K, (typeof STORE_LIMITS)[K]>(key, () => value, () => sqlString(String(value)), integer({ description: 'Read-only limit' }));
}

/** The store settings as the API shows them: its OpenAPI schema (`Settings`) and `PresentedSettings` come from here. */
export const SETTINGS_WIRE = wireFormat<Setting>()([
  constant('type', 'settings'),
  field('page_length', 'pageLength', integer({ minimum: 1 })),
  field('list_child_products', 'listChildProducts', boolean()),
  field('additional_languages', 'additionalLanguages', arrayOf(string())),
  field('calculation_method', 'calculationMethod', string()),
  storeLimit('currency_limit'),
  storeLimit('field_limit'),
  storeLimit('integration_limit'),
  storeLimit('event_limit'),
  storeLimit('filter_limit'),
  storeLimit('include_limit'),
  storeLimit('page_offset_limit'),
  nested('meta', wireFormat<Setting>()([constant('owner', 'store')])),
]);

/** How long delivery logs are kept. */
export const LOGS_TTL_WIRE = wireFormat<Setting>()([constant('type', 'time_to_live'), field('days', 'logsTtlDays', integer({ minimum: 1 }))]);
