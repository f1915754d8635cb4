import { arrayOf, closed, integer, ref, string, uuid } from '../../common/openapi/json-schema';
import { defineSchemas } from '../../common/openapi/schema-registry';
import { PRODUCT_WIRE } from './product.wire';

const fileReference = closed({ type: { type: 'string', enum: ['file'] }, id: uuid() });

export const PRODUCT_SCHEMAS = defineSchemas({
  PcmProduct: PRODUCT_WIRE.schema(),
  /** `GET …/relationships/files`: the product's files, with the tags given when they were attached. */
  PcmProductFileReference: closed({ type: { type: 'string', enum: ['file'] }, id: uuid(), meta: closed({ tags: arrayOf(string()) }) }, ['meta']),
  PcmFileReference: fileReference,
  /** `attach_nodes` / `detach_nodes`: how many links changed, and the node ids that name no node. */
  PcmNodesAttached: closed({ meta: closed({ nodes_attached: integer({ minimum: 0 }), nodes_not_found: arrayOf(string()) }) }),
  PcmNodesDetached: closed({ meta: closed({ nodes_detached: integer({ minimum: 0 }), nodes_not_found: arrayOf(string()) }) }),
});

export const fileReferencesResponse = closed({ data: arrayOf(ref('PcmProductFileReference')) });
export const mainImageResponse = closed({ data: arrayOf(ref('PcmFileReference'), { maxItems: 1 }) });
export const componentProductsResponse = closed({ data: arrayOf(closed({ type: { type: 'string', enum: ['product'] }, id: uuid() })) });
