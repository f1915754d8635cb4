import { ValidateBy } from 'class-validator';
import { MAX_STOCK } from '../../common/money/limits';
import { registerValidatorSchema } from '../../common/openapi/request-schema';

/** A stock body names at most this many locations. */
export const MAX_STOCK_LOCATIONS = 100;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isQuantity = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_STOCK;

function validLocations(value: unknown, removable: boolean): boolean {
  if (!isObject(value)) return false;
  const entries = Object.entries(value);
  if (entries.length > MAX_STOCK_LOCATIONS) return false;
  return entries.every(([slug, position]) => slug.length >= 1 && slug.length <= 128 && ((removable && position === null) || (isObject(position) && isQuantity(position.available))));
}

const positionSchema = { type: 'object', required: ['available'], properties: { available: { type: 'integer', minimum: 0, maximum: MAX_STOCK } } };

function locationsSchema(removable: boolean) {
  return {
    type: 'object',
    maxProperties: MAX_STOCK_LOCATIONS,
    propertyNames: { minLength: 1, maxLength: 128 },
    additionalProperties: removable ? { anyOf: [positionSchema, { type: 'null' }] } : positionSchema,
  };
}

registerValidatorSchema('isStockLocations', () => locationsSchema(false));
registerValidatorSchema('isStockLocationChanges', () => locationsSchema(true));

const message = (removable: boolean) =>
  `$property must map at most ${MAX_STOCK_LOCATIONS} location slugs (1 to 128 characters) to {"available": an integer from 0 to ${MAX_STOCK}}${removable ? ' or null' : ''}`;

/** `locations` of a stock create: `{"<slug>": {"available": n}}`. */
export function IsStockLocations(): PropertyDecorator {
  return ValidateBy({ name: 'isStockLocations', validator: { validate: (v) => validLocations(v, false), defaultMessage: () => message(false) } });
}

/** `locations` of a stock update: as a create's, and `null` takes a location's position away. */
export function IsStockLocationChanges(): PropertyDecorator {
  return ValidateBy({ name: 'isStockLocationChanges', validator: { validate: (v) => validLocations(v, true), defaultMessage: () => message(true) } });
}
