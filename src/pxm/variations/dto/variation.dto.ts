import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Nullable } from '../../../common/validation/nullable';
import { PartialNotNull } from '../../../common/validation/partial-not-null';
import { OptionalText, RequiredText, ResourceType } from '../../../common/validation/text-field';
import { MODIFIER_TYPES, type ModifierType } from '../variation.wire';
import { BodyId, NestedObject } from '../../../common/validation/body-members';

/** Elastic Path: an option's name is used in child products' slugs: A–Z, a–z, 0–9, hyphen, underscore, period. */
export const OPTION_NAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Any integer a column holds; null removes it. */
const SortOrder = () => applyDecorators(Nullable(), IsInt(), Min(-2147483648), Max(2147483647));

export class VariationAttributesDto {
  @RequiredText()
  name: string;

  /** null removes it. */
  @SortOrder()
  sort_order?: number | null;
}

export class UpdateVariationAttributesDto extends PartialNotNull(VariationAttributesDto) {}

/** `POST /pcm/variations`. */
export class CreateVariationDto {
  @ResourceType('product-variation')
  type?: string;

  @NestedObject(() => VariationAttributesDto)
  attributes: VariationAttributesDto;
}

/** `PUT /pcm/variations/:id`: Elastic Path's clients send the id again; when given it must be the path's. */
export class UpdateVariationDto {
  @ResourceType('product-variation')
  type?: string;

  @BodyId()
  id?: string;

  @NestedObject(() => UpdateVariationAttributesDto)
  attributes: UpdateVariationAttributesDto;
}

export class OptionAttributesDto {
  @ApiProperty({ example: 'Red' })
  @RequiredText()
  @Matches(OPTION_NAME_PATTERN, { message: 'name may hold only A-Z, a-z, 0-9, hyphen, underscore and period' })
  name: string;

  @IsString()
  @MaxLength(1024)
  description: string;

  @SortOrder()
  sort_order?: number | null;
}

export class UpdateOptionAttributesDto extends PartialNotNull(OptionAttributesDto) {}

/** `POST /pcm/variations/:id/options`. */
export class CreateOptionDto {
  @ResourceType('product-variation-option')
  type?: string;

  @NestedObject(() => OptionAttributesDto)
  attributes: OptionAttributesDto;
}

export class UpdateOptionDto {
  @ResourceType('product-variation-option')
  type?: string;

  @BodyId()
  id?: string;

  @NestedObject(() => UpdateOptionAttributesDto)
  attributes: UpdateOptionAttributesDto;
}

export class ModifierAttributesDto {
  @IsIn(MODIFIER_TYPES)
  type: ModifierType;

  /** Every modifier but the builders. */
  @OptionalText(1024)
  value?: string;

  /** The builders (`sku_builder`, `slug_builder`): the text to find… */
  @OptionalText()
  seek?: string;

  /** …and what replaces it. */
  @OptionalText()
  set?: string;

  @OptionalText()
  reference_name?: string;
}

export class UpdateModifierAttributesDto extends PartialNotNull(ModifierAttributesDto) {}

/** `POST …/options/:optionId/modifiers`. */
export class CreateModifierDto {
  @ResourceType('product-variation-modifier')
  type?: string;

  @NestedObject(() => ModifierAttributesDto)
  attributes: ModifierAttributesDto;
}

export class UpdateModifierDto {
  @ResourceType('product-variation-modifier')
  type?: string;

  @BodyId()
  id?: string;

  @NestedObject(() => UpdateModifierAttributesDto)
  attributes: UpdateModifierAttributesDto;
}
