import { IsObject, IsString, MaxLength } from 'class-validator';
import { Nullable } from '../../common/validation/nullable';
import { PartialNotNull } from '../../common/validation/partial-not-null';
import { RequiredText, ResourceType } from '../../common/validation/text-field';
import { BodyId, NestedObject, OptionalObject } from '../../common/validation/body-members';

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

  @OptionalObject()
  admin_attributes?: Record<string, string | null>;

  @OptionalObject()
  shopper_attributes?: Record<string, string | null>;

  /** Sale prices: not built, refused with 422 rather than dropped. */
  @OptionalObject()
  sales?: Record<string, unknown>;
}

/** The attributes to change; `null` clears `external_ref`. */
export class UpdatePriceAttributesDto extends PartialNotNull(PriceAttributesDto) {}

/** `POST /pcm/pricebooks/:id/prices`. */
export class CreatePriceDto {
  @ResourceType('product-price')
  type?: string;

  @NestedObject(() => PriceAttributesDto)
  attributes: PriceAttributesDto;
}

/** `PUT /pcm/pricebooks/:id/prices/:priceId`: the attributes to change. */
export class UpdatePriceDto {
  @ResourceType('product-price')
  type?: string;

  @BodyId()
  id?: string;

  @NestedObject(() => UpdatePriceAttributesDto)
  attributes: UpdatePriceAttributesDto;
}
