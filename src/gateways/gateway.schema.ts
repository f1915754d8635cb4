import { defineSchemas } from '../common/openapi/schema-registry';
import { GATEWAY_WIRE } from './gateway.wire';

/** A gateway as presentGateway shows it (from its wire format). Requests: the DTO. */
export const GATEWAY_SCHEMAS = defineSchemas({ Gateway: GATEWAY_WIRE.schema({ description: 'Credentials are write-only: never shown' }) });
