import { BadRequestError } from '../../common/errors/api-error';
import { arrayOf, closed, string, uuid } from '../../common/openapi/json-schema';
import { isUuid } from '../../common/validation/resource-id.pipe';

/** At most this many files or products are named in one request. */
export const MAX_REFERENCES = 100;

/** What a relationships body names: files, products, or variations (`product-variation`). */
export type ReferenceType = 'file' | 'product' | 'product-variation';

export interface Reference {
  id: string;
  tags?: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{"data":[{"type":<type>,"id":…},…]}`; files may carry `meta.tags`. */
export function referencesSchema(type: ReferenceType) {
  const item =
    type === 'file'
      ? closed({ type: { type: 'string', enum: [type] }, id: uuid(), meta: closed({ tags: arrayOf(string({ maxLength: 255 }), { maxItems: 20 }) }, ['tags']) }, ['meta'])
      : closed({ type: { type: 'string', enum: [type] }, id: uuid() });
  return closed({ data: arrayOf(item, { maxItems: MAX_REFERENCES }) });
}

/** The references of a relationships body, each once, ids in lower case. */
export function parseReferences(body: unknown, type: ReferenceType): Reference[] {
  const shape = `{"data":[{"type":"${type}","id":…},…]}`;
  if (!isObject(body) || !Array.isArray(body.data)) throw new BadRequestError(`The request body must be ${shape}`, 'data');
  if (body.data.length > MAX_REFERENCES) throw new BadRequestError(`At most ${MAX_REFERENCES} ${type}s can be sent at once`, 'data');
  const seen = new Set<string>();
  return body.data.map((item, i) => {
    const at = `data[${i}]`;
    if (!isObject(item)) throw new BadRequestError(`${at} must be an object {"type":"${type}","id":…}`, at);
    if (item.type !== type) throw new BadRequestError(`${at}.type must be ${type}`, `${at}.type`);
    if (!isUuid(item.id)) throw new BadRequestError(`${at}.id must be a ${type}'s id`, `${at}.id`);
    const id = item.id.toLowerCase();
    if (seen.has(id)) throw new BadRequestError(`${at}.id names a ${type} twice`, `${at}.id`);
    seen.add(id);
    for (const key of Object.keys(item)) {
      if (key !== 'type' && key !== 'id' && !(type === 'file' && key === 'meta')) throw new BadRequestError(`${at}.${key} is not accepted`, `${at}.${key}`);
    }
    if (type !== 'file' || item.meta === undefined) return { id };
    if (!isObject(item.meta)) throw new BadRequestError(`${at}.meta must be an object`, `${at}.meta`);
    for (const key of Object.keys(item.meta)) if (key !== 'tags') throw new BadRequestError(`${at}.meta takes tags only`, `${at}.meta.${key}`);
    const tags = item.meta.tags;
    if (tags === undefined) return { id };
    if (!Array.isArray(tags) || tags.length > 20 || tags.some((t) => typeof t !== 'string' || t.length === 0 || t.length > 255)) {
      throw new BadRequestError(`${at}.meta.tags must be at most 20 strings of 1 to 255 characters`, `${at}.meta.tags`);
    }
    return { id, tags: tags as string[] };
  });
}
