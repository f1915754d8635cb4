import { applyDecorators } from '@nestjs/common';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { OptionalNotNull } from './optional-not-null';

/** A required, non-empty string of at most `maxLength` characters (names, slugs, SKUs). */
export const RequiredText = (maxLength = 255) => applyDecorators(IsString(), IsNotEmpty(), MaxLength(maxLength));

/** The optional `type` member of a request body: when given, it must name this resource type. */
export const ResourceType = (...types: string[]) => applyDecorators(OptionalNotNull(), IsIn(types));

/** An optional string of at most `maxLength` characters; `null` is refused like any other non-string. */
export const OptionalText = (maxLength = 255) => applyDecorators(OptionalNotNull(), IsString(), MaxLength(maxLength));
