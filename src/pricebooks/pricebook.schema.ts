import { defineSchemas } from '../common/openapi/schema-registry';
import { PRICE_WIRE } from './price.wire';
import { PRICEBOOK_WIRE } from './pricebook.wire';

export const PRICEBOOK_SCHEMAS = defineSchemas({
  PcmPricebook: PRICEBOOK_WIRE.schema(),
  PcmProductPrice: PRICE_WIRE.schema(),
});
