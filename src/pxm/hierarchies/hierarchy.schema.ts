import { ref } from '../../common/openapi/json-schema';
import { defineSchemas } from '../../common/openapi/schema-registry';
import { HIERARCHY_WIRE } from './hierarchy.wire';
import { NODE_WIRE } from './node.wire';

export const HIERARCHY_SCHEMAS = defineSchemas({
  PcmHierarchy: HIERARCHY_WIRE.schema(),
  PcmNode: NODE_WIRE.schema(),
  PcmNodeOrHierarchy: { oneOf: [ref('PcmNode'), ref('PcmHierarchy')] },
});
