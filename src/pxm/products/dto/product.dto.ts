import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { OptionalNotNull } from '../../../common/validation/optional-not-null';
import { PartialNotNull } from '../../../common/validation/partial-not-null';
import { OptionalText, RequiredText, ResourceType } from '../../../common/validation/text-field';
import { COMMODITY_TYPES, PRODUCT_STATUSES } from '../product.wire';
import { BodyId, NestedObject, OptionalObject } from '../../../common/validation/body-members';

/** Elastic Path: a slug holds A–Z, a–z, 0–9, hyphen, underscore and period. */
export const SLUG_PATTERN = /^[A-Za-z0-9._-]+$/;
/** Elastic Path: at most 20 tags of at most 255 characters, without spaces or commas. */
export const MAX_TAGS = 20;

/** A product's `attributes`. */
export class PcmProductAttributesDto {
  @RequiredText()
  name: string;

  @OptionalText(10000)
  description?: string;

  /** The name when left out. */
  @ApiProperty({ example: 'bestever-range-1a1a' })
  @OptionalNotNull()
  @IsString()
  @MaxLength(255)
  @Matches(SLUG_PATTERN, { message: 'slug may hold only A-Z, a-z, 0-9, hyphen, underscore and period' })
  slug?: string;

  @OptionalText()
  sku?: string;

  @OptionalNotNull()
  @IsIn(PRODUCT_STATUSES)
  status?: (typeof PRODUCT_STATUSES)[number];

  @OptionalNotNull()
  @IsIn(COMMODITY_TYPES)
  commodity_type?: (typeof COMMODITY_TYPES)[number];

  @OptionalText()
  upc_ean?: string;

  @OptionalText()
  mpn?: string;

  @OptionalText(2048)
  external_ref?: string;

  @ApiProperty({ example: ['kitchen', 'range'] })
  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_TAGS)
  @IsString({ each: true })
  @MaxLength(255, { each: true })
  @Matches(/^[^\s,]+$/, { each: true, message: 'a tag may not contain spaces or commas' })
  tags?: string[];

  @OptionalObject()
  extensions?: Record<string, Record<string, string | number | boolean | null>>;

  @OptionalObject()
  admin_attributes?: Record<string, string | null>;

  @OptionalObject()
  shopper_attributes?: Record<string, string | null>;

  @OptionalObject()
  locales?: Record<string, { name: string; description?: string }>;

  /** Makes the product a bundle: component key → `{name, options: [{type: "product", id, quantity, …}], min, max, sort_order}`; `{}` makes it a standard product again. */
  @OptionalObject()
  components?: Record<string, unknown>;
}

export class UpdatePcmProductAttributesDto extends PartialNotNull(PcmProductAttributesDto) {}

/** `POST /pcm/products`. */
export class CreatePcmProductDto {
  @ResourceType('product')
  type?: string;

  @NestedObject(() => PcmProductAttributesDto)
  attributes: PcmProductAttributesDto;
}

/** `PUT /pcm/products/:id`: the attributes to change. */
export class UpdatePcmProductDto {
  @ResourceType('product')
  type?: string;

  /** Elastic Path's clients send the id again; when given it must be the path's. */
  @BodyId()
  id?: string;

  @NestedObject(() => UpdatePcmProductAttributesDto)
  attributes: UpdatePcmProductAttributesDto;
}

/** `{"type":"file","id":…}`: the main image. */
export class PcmMainImageDto {
  @IsIn(['file'])
  type: string;

  @IsString()
  @IsUUID()
  id: string;
}

/** `attach_nodes` / `detach_nodes`: the products a filter selects, the nodes to link them to or unlink. */
export class PcmNodesByFilterDto {
  @RequiredText(5000)
  filter: string;

  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  node_ids: string[];
}
