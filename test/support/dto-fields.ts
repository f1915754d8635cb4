import type { MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { getMetadataStorage } from 'class-validator';

// class-transformer keeps its `@Type()` metadata here; the package exports no public accessor for it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as { defaultMetadataStorage: MetadataStorage };

export interface DtoField {
  /** Keys from the DTO's root down, array elements as index 0: `['price', 0, 'amount']`. */
  path: (string | number)[];
  /** The field's `@IsOptional()` / `@ValidateIf()` conditions: validation is skipped where one is false. */
  conditions: ((object: object, value: unknown) => boolean)[];
  /** The JSON type its validator requires, where it is a number or a boolean (`@IsInt`, `@IsNumber`, `@IsBoolean`). */
  scalarType?: 'integer' | 'number' | 'boolean';
}

const SCALAR_TYPES = { isInt: 'integer', isNumber: 'number', isBoolean: 'boolean' } as const;

/**
 * Whether `null` at the field is let through, in this body: `@IsOptional()` and `@ValidateIf(v => v !== null)`
 * skip it always, `@ValidateIf(o => o.region === undefined)` only when a sibling is there.
 */
export function isNullable(field: DtoField, data: unknown): boolean {
  const parent = field.path.slice(0, -1).reduce<any>((node, key) => (node && typeof node === 'object' ? node[key] : undefined), data);
  const property = field.path[field.path.length - 1];
  const object = { ...(parent && typeof parent === 'object' ? parent : {}), [property]: null };
  return field.conditions.some((condition) => !condition(object, null));
}

/**
 * Every field of a write DTO, nested DTOs included, read from class-validator's and class-transformer's
 * metadata (what the validation pipe itself uses), so a field added later is fuzzed without a test edit.
 */
export function dtoFields(dto: Function, prefix: (string | number)[] = [], seen = new Set<Function>()): DtoField[] {
  if (seen.has(dto)) return [];
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const out: DtoField[] = [];
  for (const property of [...new Set(metadata.map((m) => m.propertyName))]) {
    const own = metadata.filter((m) => m.propertyName === property);
    const conditions = own.filter((m) => m.type === 'conditionalValidation').map((m) => m.constraints[0]);
    const scalar = own.find((m) => !m.each && m.name && m.name in SCALAR_TYPES)?.name as keyof typeof SCALAR_TYPES | undefined;
    out.push({ path: [...prefix, property], conditions, ...(scalar ? { scalarType: SCALAR_TYPES[scalar] } : {}) });
    const nested = own.find((m) => m.type === 'nestedValidation');
    const type = defaultMetadataStorage.findTypeMetadata(dto, property)?.typeFunction?.();
    if (nested && typeof type === 'function') {
      const each = nested.each === true;
      out.push(...dtoFields(type as Function, each ? [...prefix, property, 0] : [...prefix, property], new Set([...seen, dto])));
    }
  }
  return out;
}

/** A copy of `body` with `value` at `path` (objects created on the way where missing). */
export function withValueAt(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) {
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') node[key] = typeof key === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1]] = value;
  return copy;
}
