import { ValidateIf } from 'class-validator';

/**
 * The field may be left out, but when present it is validated, `null` included. (`@IsOptional()` skips
 * `null` too, which lets `null` through to columns that cannot hold it.)
 */
export const OptionalNotNull = () => ValidateIf((_object: object, value: unknown) => value !== undefined);
