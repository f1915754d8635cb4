import { arrayOf, oneOfStrings, open, ref } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';

const checks = open({}, [], { additionalProperties: open({ status: oneOfStrings(['up', 'down']) }, ['status']) });

export const HEALTH_SCHEMAS = defineSchemas({
  HealthCheck: open({ status: oneOfStrings(['ok', 'error', 'shutting_down']), info: checks, error: checks, details: checks }, ['status', 'details']),
  HealthFailure: open(
    { status: oneOfStrings(['error', 'shutting_down']), info: checks, error: checks, details: checks, errors: arrayOf(ref('ErrorObject')) },
    ['status', 'errors'],
    { description: 'Not ready: the checks, and the error document' },
  ),
});
