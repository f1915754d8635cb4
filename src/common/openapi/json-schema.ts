/**
 * Small builders for the JSON Schemas (OpenAPI 3.1, i.e. JSON Schema 2020-12) that describe the wire format.
 * Objects are closed (`additionalProperties: false`) wherever the presenters decide every member, so a member
 * added to a presenter without its schema fails the e2e suite's response check.
 */
export type JsonSchema = Record<string, unknown>;

export const string = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra });
export const integer = (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra });
export const number = (extra: JsonSchema = {}): JsonSchema => ({ type: 'number', ...extra });
export const boolean = (extra: JsonSchema = {}): JsonSchema => ({ type: 'boolean', ...extra });
export const dateTime = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', format: 'date-time', ...extra });
export const uuid = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', format: 'uuid', ...extra });
export const constant = (value: string): JsonSchema => ({ type: 'string', const: value });
export const oneOfStrings = (values: readonly string[], extra: JsonSchema = {}): JsonSchema => ({ type: 'string', enum: [...values], ...extra });
export const arrayOf = (items: JsonSchema, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, ...extra });
export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** The schema, or null. */
export function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** A closed object; every member is required unless listed in `optional`. */
export function closed(properties: Record<string, JsonSchema>, optional: readonly string[] = [], extra: JsonSchema = {}): JsonSchema {
  const required = Object.keys(properties).filter((key) => !optional.includes(key));
  return { type: 'object', additionalProperties: false, required, properties, ...extra };
}

/** An object that may carry members beyond those listed (free-form data stored as given, or request bodies). */
export function open(properties: Record<string, JsonSchema> = {}, required: readonly string[] = [], extra: JsonSchema = {}): JsonSchema {
  return { type: 'object', properties, ...(required.length ? { required: [...required] } : {}), ...extra };
}

/** `{"data": {...}}`, the request body of every create and update. */
export function dataRequest(data: JsonSchema): JsonSchema {
  return { type: 'object', required: ['data'], properties: { data } };
}
