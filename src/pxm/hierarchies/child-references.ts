import { BadRequestError } from '../../common/errors/api-error';
import { isUuid } from '../../common/validation/resource-id.pipe';
import type { ChildReference } from './hierarchies.service';
import { arrayOf, closed, integer, nullable, uuid } from '../../common/openapi/json-schema';

/** At most this many nodes move in one request. */
export const MAX_CHILDREN_PER_REQUEST = 100;

export const CHILD_REFERENCES_SCHEMA = closed({
  data: arrayOf(closed({ type: { type: 'string', enum: ['node'] }, id: uuid(), meta: closed({ sort_order: nullable(integer()) }, ['sort_order']) }, ['meta']), { maxItems: MAX_CHILDREN_PER_REQUEST }),
});

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{"data":[{"type":"node","id":…,"meta":{"sort_order":…}?},…]}` → the children, each once. */
export function parseChildReferences(body: unknown): ChildReference[] {
  if (!isObject(body) || !Array.isArray(body.data)) throw new BadRequestError('The request body must be {"data":[{"type":"node","id":…},…]}', 'data');
  if (body.data.length > MAX_CHILDREN_PER_REQUEST) throw new BadRequestError(`At most ${MAX_CHILDREN_PER_REQUEST} nodes can be sent at once`, 'data');
  const seen = new Set<string>();
  return body.data.map((item, i) => {
    const at = `data[${i}]`;
    if (!isObject(item)) throw new BadRequestError(`${at} must be an object {"type":"node","id":…}`, at);
    if (item.type !== 'node') throw new BadRequestError(`${at}.type must be node`, `${at}.type`);
    if (!isUuid(item.id)) throw new BadRequestError(`${at}.id must be a node's id`, `${at}.id`);
    const id = item.id.toLowerCase();
    if (seen.has(id)) throw new BadRequestError(`${at}.id names a node twice`, `${at}.id`);
    seen.add(id);
    if (item.meta === undefined) return { id };
    if (!isObject(item.meta)) throw new BadRequestError(`${at}.meta must be an object`, `${at}.meta`);
    const sortOrder = item.meta.sort_order;
    if (sortOrder === undefined) return { id };
    if (sortOrder !== null && !(Number.isInteger(sortOrder) && Math.abs(sortOrder as number) <= 2147483647)) {
      throw new BadRequestError(`${at}.meta.sort_order must be an integer`, `${at}.meta.sort_order`);
    }
    return { id, sortOrder: sortOrder as number | null };
  });
}
