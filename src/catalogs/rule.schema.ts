import { defineSchemas } from '../common/openapi/schema-registry';
import { RULE_WIRE, validatedRuleSchema } from './rule.wire';

export const RULE_SCHEMAS = defineSchemas({
  CatalogRule: RULE_WIRE.schema(),
  ValidatedCatalogRule: validatedRuleSchema(),
});
