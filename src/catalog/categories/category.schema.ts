import { arrayOf, ref } from '../../common/openapi/json-schema';
import { defineSchemas } from '../../common/openapi/schema-registry';
import { CATEGORY_WIRE } from './category.wire';

const category = CATEGORY_WIRE.schema();

/** A category as presentCategory shows it (from its wire format), and as the tree nests it. Requests: the DTOs. */
export const CATEGORY_SCHEMAS = defineSchemas({
  Category: category,
  CategoryNode: {
    ...category,
    required: [...(category.required as string[]), 'children'],
    properties: { ...(category.properties as object), children: arrayOf(ref('CategoryNode')) },
  },
});
