import { Type } from 'class-transformer';
import { IsObject, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { Nullable } from '../../common/validation/nullable';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { RequiredText, ResourceType } from '../../common/validation/text-field';

/** A price's `attributes`; `currencies` is checked member by member (see checkCurrencies). */
export class PriceAttributesDto {
  @RequiredText()
  sku: string;

  @IsObject()
  currencies: Record<string, unknown>;

  @Nullable()
  @IsString()
  @MaxLength(255)
  external_ref?: string | null;

  @OptionalNotNull()
  @IsObject()
  admin_attributes?: Record<string, string | null>;

  @OptionalNotNull()
  @IsObject()
  shopper_attributes?: Record<string, string | null>;

  /** Sale prices: not built, refused with 422 rather than dropped. */
  @OptionalNotNull()
  @IsObject()
  sales?: Record<string, unknown>;
}

export class UpdatePriceAttributesDto {
  @OptionalNotNull()
  @RequiredText()
  sku?: string;

  @OptionalNotNull()
  @IsObject()
  currencies?: Record<string, unknown>;

  @Nullable()
  @IsString()
  @MaxLength(255)
  external_ref?: string | null;

  @OptionalNotNull()
  @IsObject()
  admin_attributes?: Record<string, string | null>;

  @OptionalNotNull()
  @IsObject()
  shopper_attributes?: Record<string, string | null>;

  /** Sale prices: not built, refused with 422 rather than dropped. */
  @OptionalNotNull()
  @IsObject()
  sales?: Record<string, unknown>;
}

/** `POST /pcm/pricebooks/:id/prices`. */
export class CreatePriceDto {
  @ResourceType('product-price')
  type?: string;

  @IsObject()
  @ValidateNested()
  @Type(() => PriceAttributesDto)
  attributes: PriceAttributesDto;
}

/** `PUT /pcm/pricebooks/:id/prices/:priceId`: the attributes to change. */
export class UpdatePriceDto {
  @ResourceType('product-price')
  type?: string;

  @OptionalNotNull()
  @IsString()
  @IsUUID()
  id?: string;

  @IsObject()
  @ValidateNested()
  @Type(() => UpdatePriceAttributesDto)
  attributes: UpdatePriceAttributesDto;
}
