import { boolean, closed, constant, dataRequest, open, string } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';

export const GATEWAY_SCHEMAS = defineSchemas({
  Gateway: closed(
    { type: constant('gateway'), name: string(), slug: string(), enabled: boolean(), test: boolean({ description: 'Test mode (gateways that have one)' }) },
    ['test'],
    { description: 'Credentials are write-only: never shown' },
  ),
  UpdateGatewayRequest: dataRequest(
    open({ type: constant('gateway'), enabled: boolean(), test: boolean(), login: string({ writeOnly: true }), password: string({ writeOnly: true }), stripe_account: string() }),
  ),
});
