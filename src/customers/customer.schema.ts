import { boolean, closed, constant, dataRequest, integer, open, ref, string, uuid } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import { WIRE } from '../common/openapi/wire-schemas';

export const CUSTOMER_SCHEMAS = defineSchemas({
  Customer: closed({
    type: constant('customer'),
    id: uuid(),
    name: string(),
    email: string(),
    password: boolean({ description: 'Whether a password is set (the password itself is never shown)' }),
    links: ref(WIRE.SelfLink),
    meta: closed({ timestamps: ref(WIRE.Timestamps) }),
  }),
  CustomerToken: closed({
    type: constant('token'),
    id: uuid(),
    customer_id: uuid(),
    token: string({ description: 'Send as X-Moltin-Customer-Token' }),
    expires: integer({ description: 'Unix time, seconds' }),
  }),
  CreateCustomerRequest: dataRequest(open({ type: constant('customer'), name: string(), email: string({ format: 'email' }), password: string() }, ['name', 'email'])),
  UpdateCustomerRequest: dataRequest(open({ type: constant('customer'), name: string(), email: string({ format: 'email' }), password: string() })),
  CustomerTokenRequest: dataRequest(
    open({ type: constant('token'), authentication_mechanism: constant('password'), email: string(), password: string() }, ['type', 'email', 'password']),
  ),
});
