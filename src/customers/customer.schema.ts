import { defineSchemas } from '../common/openapi/schema-registry';
import { CUSTOMER_TOKEN_WIRE, CUSTOMER_WIRE } from './customer.wire';

/** A customer and a customer token as their presenters show them (from their wire formats). Requests: the DTOs. */
export const CUSTOMER_SCHEMAS = defineSchemas({
  Customer: CUSTOMER_WIRE.schema(),
  CustomerToken: CUSTOMER_TOKEN_WIRE.schema(),
});
