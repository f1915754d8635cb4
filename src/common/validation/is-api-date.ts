import { ValidateBy, ValidationOptions } from 'class-validator';
import { API_DATE_FORMS, parseFilterDate } from '../list-query/filter-values';

/** A date in a form the API reads everywhere (as in filters): ISO 8601, `YYYY-MM-DD` or epoch milliseconds. */
export function IsApiDate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isApiDate',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && parseFilterDate(value) !== null,
        defaultMessage: () => `$property must be ${API_DATE_FORMS}`,
      },
    },
    options,
  );
}
