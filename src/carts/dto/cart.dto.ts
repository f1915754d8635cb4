import { Type } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsInt, IsNotEmpty, IsObject, IsString, IsUUID, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { MAX_AMOUNT, MAX_QUANTITY } from '../../common/money/limits';
import { ResourceIdentifier } from '../../common/validation/body-members';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { RequiredUnless } from '../../common/validation/required-unless';
import { OptionalText, RequiredText, ResourceType } from '../../common/validation/text-field';

/** `POST /v2/carts` and `PUT /v2/carts/:ref`. */
export class CartDto {
  @OptionalText()
  name?: string;

  @OptionalText(1024)
  description?: string;
}

/** A bundle's selection: `{"selected_options": {"<component>": {"<product id>": <quantity>}}}`. */
export class BundleConfigurationDto {
  @IsObject({ message: 'bundle_configuration.selected_options must be an object of components, each {"<product id>": <quantity>}' })
  selected_options: Record<string, Record<string, number>>;
}

/**
 * `POST /v2/carts/:ref/items`: `{"type":"cart_item","id":"<productId>","quantity":2}`, or the product by `sku`;
 * a bundle with `bundle_configuration`, a stock location by its slug in `location`.
 */
export class AddCartItemDto {
  @ResourceType('cart_item')
  type?: string;

  /** The product's id; `sku` names it otherwise (one of them is required). */
  @RequiredUnless('sku')
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  id?: string;

  @OptionalNotNull()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  sku?: string;

  @OptionalNotNull()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  location?: string;

  @OptionalNotNull()
  @IsObject({ message: 'bundle_configuration must be {"selected_options": {...}}' })
  @ValidateNested()
  @Type(() => BundleConfigurationDto)
  bundle_configuration?: BundleConfigurationDto;

  @OptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(MAX_QUANTITY)
  quantity: number = 1;
}

export class CustomItemPriceDto {
  @IsInt({ message: 'amount must be an integer amount in minor units' })
  @Min(0)
  @Max(MAX_AMOUNT)
  amount: number;

  @OptionalNotNull()
  @IsBoolean()
  includes_tax: boolean = true;
}

/**
 * `POST /v2/carts/:ref/items` with `type: "custom_item"`: a line named and priced by the client (shipping,
 * a service…), with no catalog product and no managed stock.
 */
export class AddCustomItemDto {
  @IsIn(['custom_item'])
  type: 'custom_item';

  @RequiredText()
  name: string;

  @RequiredText()
  sku: string;

  @OptionalText(1024)
  description: string = '';

  @IsInt()
  @Min(1)
  @Max(MAX_QUANTITY)
  quantity: number;

  @IsObject({ message: 'price is required: {"amount": <minor units>, "includes_tax": true}' })
  @ValidateNested()
  @Type(() => CustomItemPriceDto)
  price: CustomItemPriceDto;
}

/** `POST /v2/carts/:ref/items` with `type: "promotion_item"`: applies a promotion code to the cart. */
export class AddPromotionItemDto {
  @IsIn(['promotion_item'])
  type: 'promotion_item';

  @RequiredText()
  code: string;
}

/** `options` of a bulk add: refuse every entry when one cannot be added (the default), or add those that can be. */
export class AddCartItemsOptionsDto {
  @OptionalNotNull()
  @IsBoolean()
  add_all_or_nothing?: boolean;
}

/** `POST|DELETE /v2/carts/:ref/relationships/customers`: one element of `data`. */
export class CartCustomerIdentifierDto extends ResourceIdentifier('customer', 'a customer id (a UUID)') {}

/** `POST|DELETE /v2/carts/:ref/relationships/accounts`: one element of `data`. */
export class CartAccountIdentifierDto extends ResourceIdentifier('account', 'an account id (a UUID)') {}

/** `PUT /v2/carts/:ref/items/:itemId`: 0 removes the item. */
export class UpdateCartItemDto {
  @OptionalNotNull()
  @IsString()
  type?: string;

  @IsInt()
  @Min(0)
  @Max(MAX_QUANTITY)
  quantity: number;
}

export class CheckoutCustomerDto {
  @OptionalNotNull()
  @RequiredText()
  id?: string;

  /** A guest's name and email; a customer named by `id` may leave them out. */
  @RequiredUnless('id')
  @RequiredText()
  name?: string;

  @RequiredUnless('id')
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(255)
  email?: string;
}

/** A postal address as Elastic Path writes one, but for `county`, whose rule differs by where the address is used. */
export class PostalAddressDto {
  @IsString() @IsNotEmpty() @MaxLength(255) first_name: string;
  @IsString() @IsNotEmpty() @MaxLength(255) last_name: string;
  @OptionalNotNull() @IsString() @MaxLength(255) company_name?: string;
  @IsString() @IsNotEmpty() @MaxLength(255) line_1: string;
  @OptionalNotNull() @IsString() @MaxLength(255) line_2?: string;
  @OptionalNotNull() @IsString() @MaxLength(255) city?: string;
  @IsString() @IsNotEmpty() @MaxLength(64) postcode: string;
  @OptionalNotNull() @IsString() @MaxLength(255) region?: string;
  @IsString() @IsNotEmpty() @MaxLength(64) country: string;
  @OptionalNotNull() @IsString() @MaxLength(64) phone_number?: string;
  @OptionalNotNull() @IsString() @MaxLength(1024) instructions?: string;
}

export class CheckoutAddressDto extends PostalAddressDto {
  /** The older Moltin docs say `county`, Elastic Path's current docs `region`: either one is required. */
  @RequiredUnless('region')
  @IsString({ message: 'county (or region) is required' })
  @IsNotEmpty({ message: 'county (or region) is required' })
  @MaxLength(255)
  county?: string;
}

/** An account's checkout: the account, and the member checking out for it. */
export class CheckoutAccountDto {
  @IsUUID('all', { message: 'account.id must be an account id' })
  id: string;

  @IsUUID('all', { message: 'account.member_id must be an account member id' })
  member_id: string;
}

/** Whom to contact about an account's order (the member's name and email when left out). */
export class CheckoutContactDto {
  @OptionalNotNull()
  @RequiredText()
  name?: string;

  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(255)
  email: string;
}

/**
 * `POST /v2/carts/:ref/checkout`: a guest's or customer's (`customer`), or an account's (`account` and `contact`,
 * or the account management token's account). The service checks which of them a request may use.
 */
export class CheckoutDto {
  @OptionalNotNull()
  @IsObject({ message: 'customer must be {"name","email"} or {"id"}' })
  @ValidateNested()
  @Type(() => CheckoutCustomerDto)
  customer?: CheckoutCustomerDto;

  @OptionalNotNull()
  @IsObject({ message: 'account must be {"id","member_id"}' })
  @ValidateNested()
  @Type(() => CheckoutAccountDto)
  account?: CheckoutAccountDto;

  @OptionalNotNull()
  @IsObject({ message: 'contact must be {"name","email"}' })
  @ValidateNested()
  @Type(() => CheckoutContactDto)
  contact?: CheckoutContactDto;

  @IsObject({ message: 'billing_address is required' })
  @ValidateNested()
  @Type(() => CheckoutAddressDto)
  billing_address: CheckoutAddressDto;

  /** Defaults to the billing address. */
  @OptionalNotNull()
  @IsObject()
  @ValidateNested()
  @Type(() => CheckoutAddressDto)
  shipping_address?: CheckoutAddressDto;
}
