import { defineSchemas } from '../common/openapi/schema-registry';
import { ACCOUNT_ADDRESS_WIRE } from './account-address.wire';

export const ACCOUNT_ADDRESS_SCHEMAS = defineSchemas({ AccountAddress: ACCOUNT_ADDRESS_WIRE.schema() });
