import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsObject, IsString, IsUUID, ValidateNested } from 'class-validator';
import { OptionalNotNull } from './optional-not-null';

/** The optional `id` of an update body: when given, a UUID (the service checks that it is the path's). */
export const BodyId = () => applyDecorators(OptionalNotNull(), IsString(), IsUUID());

/** A required member that is an object of its own, validated as `dto` (`attributes`, `meta`). */
export const NestedObject = (dto: () => Function) => applyDecorators(IsObject(), ValidateNested(), Type(dto));

/** An optional object whose members the store chooses (custom attributes, extensions, locales); `null` is refused. */
export const OptionalObject = () => applyDecorators(OptionalNotNull(), IsObject());
