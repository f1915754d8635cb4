import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsIn, IsObject, IsString, IsUUID, ValidateNested } from 'class-validator';
import { OptionalNotNull } from './optional-not-null';

/** The optional `id` of an update body: when given, a UUID (the service checks that it is the path's). */
export const BodyId = () => applyDecorators(OptionalNotNull(), IsString(), IsUUID());

/** A required member that is an object of its own, validated as `dto` (`attributes`, `meta`). */
export const NestedObject = (dto: () => Function) => applyDecorators(IsObject(), ValidateNested(), Type(dto));

/** An optional object whose members the store chooses (custom attributes, extensions, locales); `null` is refused. */
export const OptionalObject = () => applyDecorators(OptionalNotNull(), IsObject());

/** An optional member that is an object of its own, validated as `dto` when present; `null` is refused. */
export const OptionalNestedObject = (dto: () => Function) => applyDecorators(OptionalNotNull(), NestedObject(dto));

/**
 * `class CustomerIdentifierDto extends ResourceIdentifier('customer', 'a customer id') {}`: an element of a
 * relationships body, `{"type": <type>, "id": <a UUID>}`.
 */
export function ResourceIdentifier<T extends string>(type: T, what: string) {
  class Identifier {
    @IsIn([type])
    type: T;

    @IsUUID('all', { message: `id must be ${what}` })
    id: string;
  }
  return Identifier;
}
