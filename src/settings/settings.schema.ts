import { arrayOf, boolean, closed, constant, dataRequest, integer, open, string } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import { STORE_LIMITS } from './settings.presenter';

export const SETTINGS_SCHEMAS = defineSchemas({
  Settings: closed({
    type: constant('settings'),
    page_length: integer({ minimum: 1 }),
    list_child_products: boolean(),
    additional_languages: arrayOf(string()),
    calculation_method: string(),
    ...Object.fromEntries(Object.keys(STORE_LIMITS).map((key) => [key, integer({ description: 'Read-only limit' })])),
    meta: closed({ owner: constant('store') }),
  }),
  LogsTimeToLive: closed({ type: constant('time_to_live'), days: integer({ minimum: 1 }) }),
  UpdateSettingsRequest: dataRequest(
    open({ type: constant('settings'), page_length: integer({ minimum: 1 }), list_child_products: boolean(), additional_languages: arrayOf(string()), calculation_method: string() }),
  ),
  UpdateLogsTtlRequest: dataRequest(open({ type: constant('time_to_live'), days: integer({ minimum: 1 }) }, ['days'])),
});
