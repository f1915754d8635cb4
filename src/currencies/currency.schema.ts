import { boolean, closed, constant, dataRequest, integer, number, open, ref, string, uuid } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import { WIRE } from '../common/openapi/wire-schemas';

const fields = {
  type: constant('currency'),
  code: string({ pattern: '^[A-Za-z]{3}$' }),
  exchange_rate: number({ minimum: 0 }),
  format: string(),
  decimal_point: string(),
  thousand_separator: string(),
  decimal_places: integer({ minimum: 0, maximum: 8 }),
  default: boolean(),
  enabled: boolean(),
};

export const CURRENCY_SCHEMAS = defineSchemas({
  Currency: closed({
    ...fields,
    code: string({ pattern: '^[A-Z]{3}$' }),
    id: uuid(),
    links: ref(WIRE.SelfLink),
    meta: closed({ timestamps: ref(WIRE.Timestamps), owner: constant('store') }),
  }),
  CreateCurrencyRequest: dataRequest(open(fields, ['code', 'exchange_rate', 'format', 'decimal_point', 'thousand_separator', 'decimal_places'])),
  UpdateCurrencyRequest: dataRequest(open(fields)),
});
