import { defineSchemas } from '../common/openapi/schema-registry';
import { ACCOUNT_WIRE } from './account.wire';

/** An account as presentAccount shows it (from its wire format). Requests: the DTOs. */
export const ACCOUNT_SCHEMAS = defineSchemas({ Account: ACCOUNT_WIRE.schema() });
