import { BadRequestError } from '../../common/errors/api-error';
import { arrayOf, dataRequest, uuid } from '../../common/openapi/json-schema';
import { isUuid } from '../../common/validation/resource-id.pipe';

/** At most this many products' stock is read at once. */
export const MAX_MULTIPLE_PRODUCTS = 100;

export const MULTIPLE_PRODUCTS_SCHEMA = dataRequest(
  arrayOf({ type: 'object', required: ['id'], properties: { type: { type: 'string', enum: ['stock'] }, id: uuid() } }, { minItems: 1, maxItems: MAX_MULTIPLE_PRODUCTS }),
);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{"data":[{"id":…},…]}` → the products' ids, each once, in the order given. */
export function parseMultipleProducts(body: unknown): string[] {
  if (!isObject(body) || !Array.isArray(body.data)) throw new BadRequestError('The request body must be {"data":[{"id":…},…]}', 'data');
  if (body.data.length === 0) throw new BadRequestError('data must name at least one product', 'data');
  if (body.data.length > MAX_MULTIPLE_PRODUCTS) throw new BadRequestError(`At most ${MAX_MULTIPLE_PRODUCTS} products can be read at once`, 'data');
  const ids = body.data.map((item, i) => {
    const at = `data[${i}]`;
    if (!isObject(item)) throw new BadRequestError(`${at} must be an object {"id":…}`, at);
    if (item.type !== undefined && item.type !== 'stock') throw new BadRequestError(`${at}.type must be stock`, `${at}.type`);
    if (!isUuid(item.id)) throw new BadRequestError(`${at}.id must be a product's id`, `${at}.id`);
    return item.id.toLowerCase();
  });
  return [...new Set(ids)];
}
