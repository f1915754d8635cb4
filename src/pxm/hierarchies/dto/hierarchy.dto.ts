import { PartialNotNull } from '../../../common/validation/partial-not-null';
import { OptionalText, RequiredText, ResourceType } from '../../../common/validation/text-field';
import { BodyId, NestedObject, OptionalObject } from '../../../common/validation/body-members';

/** A hierarchy's `attributes`. */
export class HierarchyAttributesDto {
  @RequiredText()
  name: string;

  @OptionalText(1000)
  description?: string;

  @OptionalText()
  slug?: string;

  @OptionalObject()
  admin_attributes?: Record<string, string | null>;

  @OptionalObject()
  shopper_attributes?: Record<string, string | null>;

  @OptionalObject()
  locales?: Record<string, { name?: string; description?: string }>;
}

export class UpdateHierarchyAttributesDto extends PartialNotNull(HierarchyAttributesDto) {}

/** `POST /pcm/hierarchies`. */
export class CreateHierarchyDto {
  @ResourceType('hierarchy')
  type?: string;

  @NestedObject(() => HierarchyAttributesDto)
  attributes: HierarchyAttributesDto;
}

/** `PUT /pcm/hierarchies/:id`: the attributes to change. */
export class UpdateHierarchyDto {
  @ResourceType('hierarchy')
  type?: string;

  /** Elastic Path's clients send the id again; when given it must be the path's. */
  @BodyId()
  id?: string;

  @NestedObject(() => UpdateHierarchyAttributesDto)
  attributes: UpdateHierarchyAttributesDto;
}
