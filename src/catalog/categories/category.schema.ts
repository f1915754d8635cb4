import { closed, constant, dataRequest, nullable, oneOfStrings, open, ref, string, uuid } from '../../common/openapi/json-schema';
import { defineSchemas } from '../../common/openapi/schema-registry';
import { toMany, WIRE } from '../../common/openapi/wire-schemas';
import { CATEGORY_STATUSES } from './dto/category.dto';

const writable = {
  name: string({ minLength: 1 }),
  slug: string({ minLength: 1 }),
  description: string(),
  status: oneOfStrings(CATEGORY_STATUSES),
  background_colour: nullable(string()),
  background_image: nullable(string()),
  parent_id: nullable(uuid()),
};

const category = {
  type: constant('category'),
  id: uuid(),
  ...writable,
  background_colour: string(),
  background_image: string(),
  meta: closed({ timestamps: ref(WIRE.Timestamps) }),
  relationships: closed({ products: toMany('product') }),
};
const optional = ['background_colour', 'background_image'];

export const CATEGORY_SCHEMAS = defineSchemas({
  Category: closed(category, optional),
  CategoryNode: closed({ ...category, children: { type: 'array', items: { $ref: '#/components/schemas/CategoryNode' } } }, optional),
  CreateCategoryRequest: dataRequest(open({ type: constant('category'), ...writable }, ['name', 'slug'])),
  UpdateCategoryRequest: dataRequest(open({ type: constant('category'), ...writable })),
});
