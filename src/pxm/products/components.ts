import { BadRequestError } from '../../common/errors/api-error';
import { arrayOf, boolean, closed, integer, oneOfStrings, string, uuid, type JsonSchema } from '../../common/openapi/json-schema';
import { isUuid } from '../../common/validation/resource-id.pipe';

/** A bundle's component: the products a shopper picks from, how many of each, and how many picks. */
export interface BundleComponent {
  name: string;
  options: { id: string; type: 'product'; quantity: number; min?: number; max?: number; sort_order?: number; default?: boolean }[];
  min?: number;
  max?: number;
  sort_order?: number;
}
export type BundleComponents = Record<string, BundleComponent>;

export const MAX_COMPONENTS = 100;
export const MAX_COMPONENT_OPTIONS = 100;

const positive = () => integer({ minimum: 1, maximum: 2147483647 });
const anyInt = () => integer({ minimum: -2147483648, maximum: 2147483647 });

/** `components` as answered: every option names a product. */
export const componentsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: closed(
    {
      name: string(),
      options: arrayOf(closed({ id: uuid(), type: oneOfStrings(['product']), quantity: positive(), min: positive(), max: positive(), sort_order: anyInt(), default: boolean() }, ['min', 'max', 'sort_order', 'default'])),
      min: anyInt(),
      max: anyInt(),
      sort_order: anyInt(),
    },
    ['min', 'max', 'sort_order'],
  ),
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number) => typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= 2147483647;

/** Checks a request's `components` (400 for a malformed one) and answers them with ids in lower case. */
export function parseComponents(value: Record<string, unknown>, source: string): BundleComponents {
  const entries = Object.entries(value);
  if (entries.length > MAX_COMPONENTS) throw new BadRequestError(`${source} has more than ${MAX_COMPONENTS} components`, source);
  const out: BundleComponents = {};
  for (const [key, c] of entries) {
    const at = `${source}.${key}`;
    if (key.length === 0 || key.length > 255) throw new BadRequestError(`${source}: a component's key is 1 to 255 characters`, at);
    if (!isObject(c)) throw new BadRequestError(`${at} must be an object`, at);
    for (const k of Object.keys(c)) if (!['name', 'options', 'min', 'max', 'sort_order'].includes(k)) throw new BadRequestError(`${at}.${k} is not accepted`, `${at}.${k}`);
    if (typeof c.name !== 'string' || c.name.length === 0 || c.name.length > 255) throw new BadRequestError(`${at}.name must be a string of 1 to 255 characters`, `${at}.name`);
    for (const k of ['min', 'max', 'sort_order'] as const) {
      if (c[k] !== undefined && !isInt(c[k], -2147483648)) throw new BadRequestError(`${at}.${k} must be an integer`, `${at}.${k}`);
    }
    if (!Array.isArray(c.options) || c.options.length === 0 || c.options.length > MAX_COMPONENT_OPTIONS) {
      throw new BadRequestError(`${at}.options must be 1 to ${MAX_COMPONENT_OPTIONS} products`, `${at}.options`);
    }
    const options = c.options.map((o, i) => {
      const oat = `${at}.options[${i}]`;
      if (!isObject(o)) throw new BadRequestError(`${oat} must be an object {"type":"product","id":…,"quantity":…}`, oat);
      for (const k of Object.keys(o)) if (!['id', 'type', 'quantity', 'min', 'max', 'sort_order', 'default'].includes(k)) throw new BadRequestError(`${oat}.${k} is not accepted`, `${oat}.${k}`);
      if (o.type !== 'product') throw new BadRequestError(`${oat}.type must be product`, `${oat}.type`);
      if (!isUuid(o.id)) throw new BadRequestError(`${oat}.id must be a product's id`, `${oat}.id`);
      if (!isInt(o.quantity, 1)) throw new BadRequestError(`${oat}.quantity must be an integer of at least 1`, `${oat}.quantity`);
      for (const k of ['min', 'max'] as const) if (o[k] !== undefined && !isInt(o[k], 1)) throw new BadRequestError(`${oat}.${k} must be an integer of at least 1`, `${oat}.${k}`);
      if (o.sort_order !== undefined && !isInt(o.sort_order, -2147483648)) throw new BadRequestError(`${oat}.sort_order must be an integer`, `${oat}.sort_order`);
      if (o.default !== undefined && typeof o.default !== 'boolean') throw new BadRequestError(`${oat}.default must be true or false`, `${oat}.default`);
      return { ...(o as BundleComponent['options'][number]), id: (o.id as string).toLowerCase() };
    });
    out[key] = { ...(c as unknown as BundleComponent), options };
  }
  return out;
}

/** Every product a bundle's components name, each once, in the order named. */
export function componentProductIds(components: BundleComponents | null | undefined): string[] {
  return [...new Set(Object.values(components ?? {}).flatMap((c) => c.options.map((o) => o.id)))];
}
