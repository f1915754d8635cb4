import { defineSchemas } from '../common/openapi/schema-registry';
import { CURRENCY_WIRE } from './currency.wire';

export const CURRENCY_SCHEMAS = defineSchemas({ Currency: CURRENCY_WIRE.schema() });
