import { BadRequestError } from '../common/errors/api-error';
import { isUuid } from '../common/validation/resource-id.pipe';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function ref(item: unknown, source: string, types: string[]): string {
  if (!isObject(item)) throw new BadRequestError(`${source} must be an object {"type","id"}`, source);
  if (item.type !== undefined && (typeof item.type !== 'string' || !types.includes(item.type))) {
    throw new BadRequestError(`${source}.type must be one of ${types.join(', ')}`, `${source}.type`);
  }
  if (typeof item.id !== 'string' || item.id === '') throw new BadRequestError(`${source}.id must be a non-empty string`, `${source}.id`);
  return item.id;
}

/** `{"data":[{type,id},...]}` → ids (deduplicated, order kept). A single object is accepted as a one-element list. */
export function parseRelationshipList(body: unknown, types: string[]): string[] {
  if (!isObject(body) || !('data' in body)) throw new BadRequestError('The request body must be {"data":[{"type","id"},...]}', 'data');
  const data = body.data;
  const items = Array.isArray(data) ? data : isObject(data) ? [data] : null;
  if (!items) throw new BadRequestError('"data" must be an array of {"type","id"} objects', 'data');
  if (items.length > 100) throw new BadRequestError('At most 100 relationships can be sent at once', 'data');
  const ids = items.map((item, i) => ref(item, Array.isArray(data) ? `data[${i}]` : 'data', types));
  return [...new Set(ids.map((id) => (isUuid(id) ? id.toLowerCase() : id)))];
}

/** `{"data":{"type":"main_image","id":…}}` → id. A one-element array is tolerated. */
export function parseRelationshipOne(body: unknown, types: string[]): string {
  if (!isObject(body) || !('data' in body)) throw new BadRequestError('The request body must be {"data":{"type","id"}}', 'data');
  let data = body.data;
  if (Array.isArray(data) && data.length === 1) data = data[0];
  if (!isObject(data)) throw new BadRequestError('"data" must be a {"type","id"} object', 'data');
  const id = ref(data, 'data', types);
  return isUuid(id) ? id.toLowerCase() : id;
}
