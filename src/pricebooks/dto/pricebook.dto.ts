import { IsString, MaxLength } from 'class-validator';
import { Nullable } from '../../common/validation/nullable';
import { PartialNotNull } from '../../common/validation/partial-not-null';
import { RequiredText, ResourceType } from '../../common/validation/text-field';
import { BodyId, NestedObject } from '../../common/validation/body-members';

/** A price book's `attributes`; `description` and `external_ref` may be null. */
export class PricebookAttributesDto {
  @RequiredText()
  name: string;

  @Nullable()
  @IsString()
  @MaxLength(1000)
  description?: string | null;

  @Nullable()
  @IsString()
  @MaxLength(255)
  external_ref?: string | null;
}

/** The attributes to change; `null` clears `description` and `external_ref`. */
export class UpdatePricebookAttributesDto extends PartialNotNull(PricebookAttributesDto) {}

/** `POST /pcm/pricebooks`. */
export class CreatePricebookDto {
  @ResourceType('pricebook')
  type?: string;

  @NestedObject(() => PricebookAttributesDto)
  attributes: PricebookAttributesDto;
}

/** `PUT /pcm/pricebooks/:id`: the attributes to change. */
export class UpdatePricebookDto {
  @ResourceType('pricebook')
  type?: string;

  /** Elastic Path's clients send the id again; when given it must be the path's. */
  @BodyId()
  id?: string;

  @NestedObject(() => UpdatePricebookAttributesDto)
  attributes: UpdatePricebookAttributesDto;
}
