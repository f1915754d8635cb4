import { Type } from 'class-transformer';
import { IsObject, IsString, IsUUID, ValidateNested } from 'class-validator';
import { OptionalNotNull } from '../../../common/validation/optional-not-null';
import { PartialNotNull } from '../../../common/validation/partial-not-null';
import { OptionalText, RequiredText, ResourceType } from '../../../common/validation/text-field';

/** A hierarchy's `attributes`. */
export class HierarchyAttributesDto {
  @RequiredText()
  name: string;

  @OptionalText(1000)
  description?: string;

  @OptionalText()
  slug?: string;

  @OptionalNotNull()
  @IsObject()
  admin_attributes?: Record<string, string | null>;

  @OptionalNotNull()
  @IsObject()
  shopper_attributes?: Record<string, string | null>;

  @OptionalNotNull()
  @IsObject()
  locales?: Record<string, { name?: string; description?: string }>;
}

export class UpdateHierarchyAttributesDto extends PartialNotNull(HierarchyAttributesDto) {}

/** `POST /pcm/hierarchies`. */
export class CreateHierarchyDto {
  @ResourceType('hierarchy')
  type?: string;

  @IsObject()
  @ValidateNested()
  @Type(() => HierarchyAttributesDto)
  attributes: HierarchyAttributesDto;
}

/** `PUT /pcm/hierarchies/:id`: the attributes to change. */
export class UpdateHierarchyDto {
  @ResourceType('hierarchy')
  type?: string;

  /** Elastic Path's clients send the id again; when given it must be the path's. */
  @OptionalNotNull()
  @IsString()
  @IsUUID()
  id?: string;

  @IsObject()
  @ValidateNested()
  @Type(() => UpdateHierarchyAttributesDto)
  attributes: UpdateHierarchyAttributesDto;
}
