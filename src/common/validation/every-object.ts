import { plainToInstance, Transform } from 'class-transformer';
import { ValidateBy, ValidationOptions } from 'class-validator';
import { isPlainObject } from './json-shape';

/** Every element of the array is an object (`null`, arrays and missing elements are not); ValidateNested checks none of that. */
export function EveryObject(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'everyObject',
      validator: {
        validate: (value: unknown) => Array.isArray(value) && Array.from(value).every(isPlainObject),
        defaultMessage: () => 'each of $property must be an object',
      },
    },
    options,
  );
}

/**
 * An array of `dto` objects, read element by element: a missing element stays `undefined` (so EveryObject refuses
 * it) rather than being dropped, and other non-objects stay as they are.
 */
export function NestedArrayOf(dto: () => new () => object): PropertyDecorator {
  return Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => {
    const raw = obj[key];
    if (!Array.isArray(raw)) return raw;
    return Array.from(raw, (item: unknown) => (isPlainObject(item) ? plainToInstance(dto(), item) : item));
  });
}
