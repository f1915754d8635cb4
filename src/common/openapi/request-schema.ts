import type { MetadataStorage as TransformMetadataStorage } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { API_DATE_FORMS, API_DATE_PATTERN } from '../list-query/filter-values';
import type { DataListOptions } from '../validation/data-body.pipe';
import { requiredUnlessMember } from '../validation/required-unless';
import type { JsonSchema } from './json-schema';

/** Where `@ApiProperty()` keeps a member's options (@nestjs/swagger's DECORATORS.API_MODEL_PROPERTIES, not exported). */
const API_MODEL_PROPERTIES = 'swagger/apiModelProperties';

// class-transformer keeps its `@Type()` metadata here; the package exports no public accessor for it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: TransformMetadataStorage };

/**
 * The JSON Schema of a request DTO, read from the class-validator metadata the validation pipe itself runs (and
 * class-transformer's `@Type()` for nested DTOs), so the document states exactly what the validator accepts:
 * types, limits, allowed values, which members are required and which take `null`. See
 * docs/decisions/009-one-declaration-per-field.md.
 *
 * - A member is required unless a condition (`@IsOptional()`, `@OptionalNotNull()`, `@ValidateIf`) skips its
 *   validation when it is left out; it takes `null` when a condition skips validation for `null`. A condition
 *   that reads other members of the body cannot be stated by a schema: deriving refuses it.
 * - Each validator maps to schema keywords (VALIDATOR_SCHEMAS); one with no mapping stops the derivation, so
 *   the document never silently says less than the validator. Add a mapping with `registerValidatorSchema`.
 * - `@ApiProperty({ description, example })` (from @nestjs/swagger) documents a member; it may not state limits,
 *   which come from the validators alone.
 * - A member required unless another is given (`@RequiredUnless(other)`) is stated on its object as
 *   `anyOf: [{required: [other]}, {required: [member]}]`.
 * - Objects are open: the pipe drops members the DTO does not declare (Elastic Path ignores them); `closed`
 *   states a body whose pipe refuses them (`@DataListBody(Dto, { closed })`).
 */
export function requestSchemaOf(dto: Function, options: { closed?: boolean } = {}): JsonSchema {
  return objectSchema(dto, [], options.closed === true);
}

/** A validator's schema keywords, from its constraints (a validator with `{ each: true }` applies them to an array's items). */
export type ValidatorSchema = (constraints: unknown[], property: string) => JsonSchema;

const VALIDATOR_SCHEMAS = new Map<string, ValidatorSchema>();

/** How the validator named `name` (a class-validator name, or a `ValidateBy` one) reads as JSON Schema. */
export function registerValidatorSchema(name: string, toSchema: ValidatorSchema): void {
  VALIDATOR_SCHEMAS.set(name, toSchema);
}

const number = (n: unknown) => {
  if (typeof n !== 'number') throw new Error(`not a number: ${String(n)}`);
  return n;
};

registerValidatorSchema('isString', () => ({ type: 'string' }));
registerValidatorSchema('isBoolean', () => ({ type: 'boolean' }));
registerValidatorSchema('isInt', () => ({ type: 'integer' }));
registerValidatorSchema('isNumber', (c) => {
  const options = (c[0] ?? {}) as { allowNaN?: boolean; allowInfinity?: boolean; maxDecimalPlaces?: number };
  if (options.maxDecimalPlaces !== undefined) throw new Error('IsNumber({ maxDecimalPlaces }) has no JSON Schema');
  return { type: 'number' };
});
registerValidatorSchema('isArray', () => ({ type: 'array' }));
registerValidatorSchema('isObject', () => ({ type: 'object' }));
registerValidatorSchema('isNotEmpty', () => ({ notEmpty: true }));
registerValidatorSchema('minLength', (c) => ({ type: 'string', minLength: number(c[0]) }));
registerValidatorSchema('maxLength', (c) => ({ type: 'string', maxLength: number(c[0]) }));
registerValidatorSchema('isLength', (c) => ({ type: 'string', minLength: number(c[0]), ...(c[1] !== undefined ? { maxLength: number(c[1]) } : {}) }));
registerValidatorSchema('min', (c) => ({ type: 'number', minimum: number(c[0]) }));
registerValidatorSchema('max', (c) => ({ type: 'number', maximum: number(c[0]) }));
registerValidatorSchema('isPositive', () => ({ type: 'number', exclusiveMinimum: 0 }));
registerValidatorSchema('arrayMinSize', (c) => ({ type: 'array', minItems: number(c[0]) }));
registerValidatorSchema('arrayMaxSize', (c) => ({ type: 'array', maxItems: number(c[0]) }));
registerValidatorSchema('arrayNotEmpty', () => ({ type: 'array', minItems: 1 }));
registerValidatorSchema('isIn', (c) => ({ enum: [...(c[0] as unknown[])] }));
registerValidatorSchema('equals', (c) => ({ const: c[0] }));
registerValidatorSchema('matches', (c, property) => {
  const [pattern, modifiers] = c as [RegExp | string, string | undefined];
  const source = typeof pattern === 'string' ? pattern : pattern.source;
  const flags = typeof pattern === 'string' ? (modifiers ?? '') : pattern.flags;
  if (flags.replace('u', '')) throw new Error(`${property}: a Matches() pattern with flags "${flags}" has no JSON Schema; write the pattern without them`);
  return { type: 'string', pattern: source };
});
registerValidatorSchema('isUuid', (c) => {
  if (c[0] !== undefined && c[0] !== 'all' && c[0] !== '4') throw new Error(`IsUUID(${String(c[0])}) has no JSON Schema`);
  const version = c[0] === '4' ? '4' : '[0-9A-Fa-f]';
  const variant = c[0] === '4' ? '[89ABab]' : '[0-9A-Fa-f]';
  return {
    type: 'string',
    format: 'uuid',
    pattern: `^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-${version}[0-9A-Fa-f]{3}-${variant}[0-9A-Fa-f]{3}-[0-9A-Fa-f]{12}$`,
    example: '0b6f2d54-3f4e-4c1b-9a7e-2f1c5d8e9a10',
  };
});

// A format names the text a member takes; its `example` is a valid one (the agreement test sends it).
const withoutOptions = (name: string, options: unknown) => {
  if (options !== undefined && (typeof options !== 'object' || options === null || Object.keys(options).length)) throw new Error(`${name} with options has no JSON Schema`);
};
registerValidatorSchema('isEmail', (c) => {
  withoutOptions('IsEmail', c[0]);
  return { type: 'string', format: 'email', example: 'someone@example.com' };
});

registerValidatorSchema('isApiDate', () => ({ type: 'string', pattern: API_DATE_PATTERN, description: `${API_DATE_FORMS[0].toUpperCase()}${API_DATE_FORMS.slice(1)}`, example: '2026-01-05T10:00:00Z' }));
registerValidatorSchema('isDateTime', () => ({ type: 'string', format: 'date-time', example: '2026-01-05T10:00:00Z' }));
registerValidatorSchema('everyObject', () => ({ type: 'array', items: { type: 'object' } }));
// Its condition is stated on the object (see objectSchema); the member's own schema gains nothing.
registerValidatorSchema('requiredUnless', () => ({}));

/**
 * The `data` of a `@DataListBody()`: an array of the element's schema within the bounds, or (`orOne`) one
 * element, or (`orNull`) `null`.
 */
export function listSchema(element: JsonSchema, options: DataListOptions): JsonSchema {
  const list: JsonSchema = { type: 'array', items: element, minItems: options.minItems, maxItems: options.maxItems };
  const alternatives = [...(options.orOne ? [element] : []), list, ...(options.orNull ? [{ type: 'null' }] : [])];
  return alternatives.length === 1 ? list : { anyOf: alternatives };
}

/** Swagger's `@ApiProperty` keys that document a member; any other would state what only the validators may. */
const DOCUMENTING = ['description', 'example', 'examples', 'deprecated', 'title'];
/** Keys `@ApiProperty` (and PartialType) fill in by themselves. */
const IMPLIED = ['type', 'isArray', 'required', 'selfRequired'];

function documentation(dto: Function, property: string): JsonSchema {
  const declared = (Reflect.getMetadata(API_MODEL_PROPERTIES, dto.prototype, property) ?? {}) as Record<string, unknown>;
  const doc: JsonSchema = {};
  for (const [key, value] of Object.entries(declared)) {
    if (value === undefined || IMPLIED.includes(key)) continue;
    if (!DOCUMENTING.includes(key)) throw new Error(`${dto.name}.${property}: @ApiProperty({ ${key} }) — state it with a class-validator decorator, which the schema is derived from`);
    doc[key] = value;
  }
  return doc;
}

/** What a condition does with a member left out and with `null`, probing it with a body holding only that member. */
function probe(condition: (object: object, value: unknown) => boolean, dto: Function, property: string, value: unknown): boolean {
  const siblings: string[] = [];
  const body = new Proxy({ [property]: value } as Record<string, unknown>, {
    get(target, key) {
      if (typeof key === 'string' && key !== property) siblings.push(key);
      return target[key as string];
    },
  });
  const validated = condition(body, value);
  if (siblings.length) throw new Error(`${dto.name}.${property}: its condition reads ${siblings.join(', ')}; a schema cannot state it`);
  return validated;
}

interface Derived {
  schema: JsonSchema;
  required: boolean;
  /** `@RequiredUnless(other)`: required when `other` is left out. */
  unless?: string;
}

/** `closed`: the validator refuses members the DTOs do not declare (`additionalProperties: false` at every level). */
function objectSchema(dto: Function, path: string[], closed: boolean): JsonSchema {
  if (path.includes(dto.name)) throw new Error(`${path.join(' > ')} > ${dto.name}: a recursive DTO has no finite schema`);
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const unless = new Map<string, string[]>();
  for (const property of [...new Set(metadata.map((m) => m.propertyName))]) {
    const derived = propertySchema(
      dto,
      property,
      metadata.filter((m) => m.propertyName === property),
      [...path, dto.name],
      closed,
    );
    properties[property] = derived.schema;
    if (derived.required) required.push(property);
    if (derived.unless) unless.set(derived.unless, [...(unless.get(derived.unless) ?? []), property]);
  }
  // Members required unless another is given: one of the two sets of members is present.
  const alternatives = [...unless].map(([other, members]) => ({ anyOf: [{ required: [other] }, { required: members }] }));
  const conditions = alternatives.length === 1 ? alternatives[0] : alternatives.length ? { allOf: alternatives } : {};
  return { type: 'object', ...(closed ? { additionalProperties: false } : {}), properties, ...(required.length ? { required } : {}), ...conditions };
}

function propertySchema(dto: Function, property: string, metadata: ValidationMetadata[], path: string[], closed: boolean): Derived {
  const allConditions = metadata.filter((m) => m.type === ValidationTypes.CONDITIONAL_VALIDATION).map((m) => m.constraints[0] as (o: object, v: unknown) => boolean);
  // A RequiredUnless condition validates the member whenever it is present (null included): stated on the object.
  const unless = allConditions.map((c) => requiredUnlessMember(c)).find((m) => m !== undefined);
  const conditions = allConditions.filter((c) => requiredUnlessMember(c) === undefined);
  if (unless !== undefined && conditions.length) throw new Error(`${dto.name}.${property}: @RequiredUnless() with another condition has no schema`);
  const required = unless === undefined && !conditions.some((c) => !probe(c, dto, property, undefined));
  const nullable = conditions.some((c) => !probe(c, dto, property, null));
  const own: JsonSchema[] = [];
  const items: JsonSchema[] = [];
  for (const m of metadata) {
    const each = m.each === true;
    if (m.type === ValidationTypes.CONDITIONAL_VALIDATION || m.type === ValidationTypes.WHITELIST) continue;
    if (m.type === ValidationTypes.IS_DEFINED) continue;
    if (m.type === ValidationTypes.NESTED_VALIDATION) {
      const type = defaultMetadataStorage.findTypeMetadata(dto, property)?.typeFunction?.();
      if (typeof type !== 'function') throw new Error(`${dto.name}.${property}: @ValidateNested() needs @Type(() => Dto)`);
      (each ? items : own).push(objectSchema(type as Function, path, closed));
      continue;
    }
    const name = m.name ?? (m.type === ValidationTypes.CUSTOM_VALIDATION ? undefined : m.type);
    const toSchema = name ? VALIDATOR_SCHEMAS.get(name) : undefined;
    if (!toSchema) throw new Error(`${dto.name}.${property}: the validator ${name ?? '(unnamed)'} has no JSON Schema; map it with registerValidatorSchema`);
    (each ? items : own).push(toSchema(m.constraints ?? [], `${dto.name}.${property}`));
  }
  let schema = merged(own, `${dto.name}.${property}`);
  if (items.length) {
    if (schema.type !== 'array') throw new Error(`${dto.name}.${property}: validators with { each: true } need @IsArray()`);
    schema = { ...schema, items: merged(items, `${dto.name}.${property}[]`) };
  }
  schema = { ...schema, ...documentation(dto, property) };
  // An array's example documents its items too (a pattern of `{ each: true }` needs one).
  if (Array.isArray(schema.example) && schema.example.length && schema.items && typeof schema.items === 'object' && !('example' in schema.items)) {
    schema = { ...schema, items: { ...(schema.items as JsonSchema), example: schema.example[0] } };
  }
  return { schema: nullable ? withNull(schema) : schema, required, ...(unless !== undefined ? { unless } : {}) };
}

/** The schemas every validator of a member asks for, as one: each keyword at most once, `number` narrowed by `integer`. */
function merged(parts: JsonSchema[], where: string): JsonSchema {
  const out: JsonSchema = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'type' && out.type !== undefined && out.type !== value) {
        const types = [out.type, value].sort().join(',');
        if (types === 'integer,number') out.type = 'integer';
        else throw new Error(`${where}: its validators ask for both ${String(out.type)} and ${String(value)}`);
        continue;
      }
      if (key === 'properties' || key === 'required') {
        out[key] = value;
        continue;
      }
      if (out[key] !== undefined && JSON.stringify(out[key]) !== JSON.stringify(value)) throw new Error(`${where}: two validators state ${key}`);
      out[key] = value;
    }
  }
  // IsNotEmpty: not the empty string (null and a missing member are the conditions' business).
  if (out.notEmpty) {
    delete out.notEmpty;
    if (out.type === 'string') out.minLength = Math.max(1, (out.minLength as number | undefined) ?? 0);
    else out.not = { const: '' };
  }
  // An enum of strings is a string.
  if (out.type === undefined && Array.isArray(out.enum) && out.enum.every((v) => typeof v === 'string')) return { type: 'string', ...out };
  return out;
}

/** The schema, or `null`. */
function withNull(schema: JsonSchema): JsonSchema {
  const out = { ...schema };
  if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
  if (out.type === undefined && !Array.isArray(out.enum)) return { anyOf: [out, { type: 'null' }] };
  return out;
}

/**
 * A DTO's request body as the OpenAPI document names it: `CreateProductDto` → `CreateProductRequest`. A
 * PartialType's class is named `PartialCreateProductDto` by Nest: name the update DTO itself
 * (`class UpdateProductDto extends PartialNotNull(CreateProductDto) {}`).
 */
export function requestSchemaName(dto: Function): string {
  return `${dto.name.replace(/Dto$/, '')}Request`;
}
