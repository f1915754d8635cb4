import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { MAX_AMOUNT } from '../../common/money/limits';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { RequiredText, ResourceType } from '../../common/validation/text-field';

/** Most codes one request adds or deletes. */
export const MAX_CODES_PER_REQUEST = 1000;

export class NewPromotionCodeDto {
  @RequiredText()
  code: string;

  /** How many orders may use the code; no limit when left out. */
  @OptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(MAX_AMOUNT)
  uses?: number;

  @OptionalNotNull()
  @IsIn(['per_cart', 'per_item'])
  consume_unit?: string;

  /** Codes limited to one shopper are not served: a code that names one is refused (422). */
  @OptionalNotNull()
  @IsString()
  @MaxLength(255)
  user?: string;
}

/** `POST /v2/promotions/:id/codes`. */
export class AddPromotionCodesDto {
  @ResourceType('promotion_codes')
  type?: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_CODES_PER_REQUEST)
  // ValidateNested lets an array element that is itself an array (or null) through unchecked.
  @IsObject({ each: true, message: 'each code must be an object {code, uses?, consume_unit?}' })
  @ValidateNested({ each: true })
  @Type(() => NewPromotionCodeDto)
  codes: NewPromotionCodeDto[];
}

export class PromotionCodeRefDto {
  @RequiredText()
  code: string;
}

/** `DELETE /v2/promotions/:id/codes`. */
export class DeletePromotionCodesDto {
  @ResourceType('promotion_codes')
  type?: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_CODES_PER_REQUEST)
  // ValidateNested lets an array element that is itself an array (or null) through unchecked.
  @IsObject({ each: true, message: 'each code must be an object {code}' })
  @ValidateNested({ each: true })
  @Type(() => PromotionCodeRefDto)
  codes: PromotionCodeRefDto[];
}
