import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsObject, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { MAX_AMOUNT, MAX_STOCK } from '../../../common/money/limits';
import { Nullable } from '../../../common/validation/nullable';
import { OptionalNotNull } from '../../../common/validation/optional-not-null';
import { PartialNotNull } from '../../../common/validation/partial-not-null';
import { OptionalText, RequiredText, ResourceType } from '../../../common/validation/text-field';

export class PriceDto {
  @ApiProperty({ description: 'Minor units (cents)' })
  @IsInt()
  @Min(0)
  @Max(MAX_AMOUNT)
  amount: number;

  @ApiProperty({ example: 'USD' })
  @IsString()
  @Matches(/^[A-Za-z]{3}$/, { message: 'currency must be a three-letter ISO 4217 code' })
  currency: string;

  /** Optional in Elastic Path's docs; stored as DEFAULT_INCLUDES_TAX when left out. */
  @OptionalNotNull()
  @IsBoolean()
  includes_tax?: boolean;
}

export const PRODUCT_STATUSES = ['draft', 'live'];
export const COMMODITY_TYPES = ['physical', 'digital'];

/** `POST /v2/products`: the SDK sends `{...b, type:'product'}`. */
export class CreateProductDto {
  @ResourceType('product')
  type?: string;

  @RequiredText()
  name: string;

  @RequiredText()
  slug: string;

  @RequiredText()
  sku: string;

  @OptionalText(10000)
  description?: string;

  @OptionalNotNull()
  @IsBoolean()
  manage_stock?: boolean;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(10)
  // ValidateNested lets an array element that is itself an array through unchecked.
  @IsObject({ each: true, message: 'each price must be an object {amount, currency, includes_tax}' })
  @ValidateNested({ each: true })
  @Type(() => PriceDto)
  price: PriceDto[];

  @OptionalNotNull()
  @IsIn(PRODUCT_STATUSES)
  status?: string;

  @IsIn(COMMODITY_TYPES)
  commodity_type: string;

  @Nullable()
  @IsString()
  @MaxLength(255)
  'tax-code'?: string | null;

  @ApiProperty({ description: 'Initial stock level, with manage_stock' })
  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_STOCK)
  stock?: number;
}

/** `PUT /v2/products/:id`: partial. */
export class UpdateProductDto extends PartialNotNull(CreateProductDto) {}
