import { applyDecorators } from '@nestjs/common';
import { ValidateBy, ValidateIf } from 'class-validator';

/** The member each RequiredUnless condition names, by condition (what the request schema states instead of probing it). */
const OTHER_MEMBER = new WeakMap<Function, string>();

/** The member a `@RequiredUnless(other)` condition stands in for, if `condition` is one. */
export function requiredUnlessMember(condition: Function): string | undefined {
  return OTHER_MEMBER.get(condition);
}

/**
 * The member is required unless `other` is given (a product named by `id` unless by `sku`, `county` unless
 * `region`); when present it is validated whatever `other` holds, `null` included. The request schema states it
 * as `anyOf: [{required: [other]}, {required: [member]}]`.
 */
export function RequiredUnless(other: string): PropertyDecorator {
  const condition = (object: object, value: unknown) => value !== undefined || (object as Record<string, unknown>)[other] === undefined;
  OTHER_MEMBER.set(condition, other);
  return applyDecorators(
    ValidateIf(condition),
    ValidateBy({
      name: 'requiredUnless',
      constraints: [other],
      validator: {
        validate: (value: unknown) => value !== undefined,
        defaultMessage: (args) => `${args?.property ?? 'this member'} is required unless ${other} is given`,
      },
    }),
  );
}
