import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsUUID, ValidateNested } from 'class-validator';
import { EveryObject, NestedArrayOf } from '../common/validation/every-object';
import { applyDecorators } from '@nestjs/common';
import { arrayOf, closed, integer, uuid } from '../common/openapi/json-schema';
import { OptionalNotNull } from '../common/validation/optional-not-null';

/** At most five price books a catalog or a rule prices with; the highest `priority` wins. */
export const MAX_PRICEBOOKS = 5;

export interface PrioritizedPricebook {
  id: string;
  priority: number;
}

export class PrioritizedPricebookDto {
  @IsUUID()
  id: string;

  @IsInt()
  priority: number;
}

/** `pricebook_ids`: `[{id, priority}]`, up to five. */
export const PrioritizedPricebooks = () =>
  applyDecorators(OptionalNotNull(), IsArray(), ArrayMaxSize(MAX_PRICEBOOKS), EveryObject(), ValidateNested({ each: true }), Type(() => PrioritizedPricebookDto), NestedArrayOf(() => PrioritizedPricebookDto));

export const prioritizedPricebooksSchema = arrayOf(closed({ id: uuid(), priority: integer() }), { maxItems: MAX_PRICEBOOKS });
