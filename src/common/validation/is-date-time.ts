import { ValidateBy, ValidationOptions } from 'class-validator';

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/** An RFC 3339 date-time (`2026-01-05T10:00:00Z`), as the catalog rule schedules of Elastic Path take them. */
export function IsDateTime(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isDateTime',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && RFC3339.test(value) && !Number.isNaN(Date.parse(value)),
        defaultMessage: () => '$property must be an RFC 3339 date-time such as 2026-01-05T10:00:00Z',
      },
    },
    options,
  );
}
