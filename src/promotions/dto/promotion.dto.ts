import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsObject, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { MAX_AMOUNT } from '../../common/money/limits';
import { Nullable } from '../../common/validation/nullable';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { PartialNotNull } from '../../common/validation/partial-not-null';
import { OptionalText, RequiredText, ResourceType } from '../../common/validation/text-field';
import { SUPPORTED_PROMOTION_TYPES, UNSUPPORTED_PROMOTION_TYPES } from '../promotion-rules';

/** A date (`2026-01-01`) or a date and time, with an optional offset (UTC when it has none). */
export const PROMOTION_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const CURRENCY = /^[A-Za-z]{3}$/;

/** `schema.currencies[]`: the amount (fixed discounts) or percentage (percent_discount) in one currency. */
export class PromotionCurrencyDto {
  @IsString()
  @ApiProperty({ example: 'USD' })
  @Matches(CURRENCY, { message: 'currency must be a three-letter currency code' })
  currency: string;

  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_AMOUNT)
  amount?: number;

  @OptionalNotNull()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100)
  percentage?: number;
}

/** A promotion's `schema`: what it discounts and by how much. */
export class PromotionSchemaDto {
  @OptionalNotNull()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  // ValidateNested lets an array element that is itself an array (or null) through unchecked.
  @IsObject({ each: true, message: 'each of schema.currencies must be an object {currency, amount or percentage}' })
  @ValidateNested({ each: true })
  @Type(() => PromotionCurrencyDto)
  currencies?: PromotionCurrencyDto[];

  /** Product SKUs or ids; `all` targets every product. */
  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  targets?: string[];

  /** item_percent_discount: the percentage off each targeted line. */
  @OptionalNotNull()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(100)
  percent?: number;
}

export class MinCartValueDto {
  @IsString()
  @ApiProperty({ example: 'USD' })
  @Matches(CURRENCY, { message: 'currency must be a three-letter currency code' })
  currency: string;

  @IsInt()
  @Min(0)
  @Max(MAX_AMOUNT)
  amount: number;
}

/** `POST /v2/promotions`: a promotion's members at the top level of `data`. */
export class CreatePromotionDto {
  @ResourceType('promotion')
  type?: string;

  @RequiredText()
  name: string;

  @OptionalText(1024)
  description?: string;

  /** Every type Elastic Path defines is accepted here; the four this store does not serve are refused with 422. */
  @IsIn([...SUPPORTED_PROMOTION_TYPES, ...UNSUPPORTED_PROMOTION_TYPES])
  promotion_type: string;

  @OptionalNotNull()
  @IsBoolean()
  enabled?: boolean;

  @OptionalNotNull()
  @IsBoolean()
  automatic?: boolean;

  @IsObject({ message: 'schema is required: {"currencies": [...]} or {"targets": [...], ...}' })
  @ValidateNested()
  @Type(() => PromotionSchemaDto)
  schema: PromotionSchemaDto;

  @IsString()
  @ApiProperty({ example: '2026-01-01' })
  @Matches(PROMOTION_DATE, { message: 'start must be a date (YYYY-MM-DD) or a date and time' })
  start: string;

  @IsString()
  @ApiProperty({ example: '2099-01-01T00:00:00Z' })
  @Matches(PROMOTION_DATE, { message: 'end must be a date (YYYY-MM-DD) or a date and time' })
  end: string;

  /** `null` removes the minimum. */
  @Nullable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  // ValidateNested lets an array element that is itself an array (or null) through unchecked.
  @IsObject({ each: true, message: 'each of min_cart_value must be an object {amount, currency}' })
  @ValidateNested({ each: true })
  @Type(() => MinCartValueDto)
  min_cart_value?: MinCartValueDto[] | null;
}

/** `PUT /v2/promotions/:id`: any of the create members. */
export class UpdatePromotionDto extends PartialNotNull(CreatePromotionDto) {}
