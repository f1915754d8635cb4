import { closed, constant, dataRequest, nullable, open, ref, string, uuid } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import { WIRE } from '../common/openapi/wire-schemas';

export const ACCOUNT_SCHEMAS = defineSchemas({
  Account: closed({
    type: constant('account'),
    id: uuid(),
    name: string(),
    legal_name: string(),
    registration_id: nullable(string()),
    links: ref(WIRE.SelfLink),
    meta: closed({ timestamps: ref(WIRE.Timestamps) }),
  }),
  CreateAccountRequest: dataRequest(open({ type: constant('account'), name: string(), legal_name: string(), registration_id: nullable(string()) }, ['name', 'legal_name'])),
  UpdateAccountRequest: dataRequest(open({ type: constant('account'), name: string(), legal_name: string(), registration_id: nullable(string()) })),
});
