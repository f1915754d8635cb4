import { Type } from 'class-transformer';
import { IsObject, IsString, IsUUID, MaxLength, ValidateNested } from 'class-validator';
import { Nullable } from '../../common/validation/nullable';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { RequiredText, ResourceType } from '../../common/validation/text-field';

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

export class UpdatePricebookAttributesDto {
  @OptionalNotNull()
  @RequiredText()
  name?: string;

  @Nullable()
  @IsString()
  @MaxLength(1000)
  description?: string | null;

  @Nullable()
  @IsString()
  @MaxLength(255)
  external_ref?: string | null;
}

/** `POST /pcm/pricebooks`. */
export class CreatePricebookDto {
  @ResourceType('pricebook')
  type?: string;

  @IsObject()
  @ValidateNested()
  @Type(() => PricebookAttributesDto)
  attributes: PricebookAttributesDto;
}

/** `PUT /pcm/pricebooks/:id`: the attributes to change. */
export class UpdatePricebookDto {
  @ResourceType('pricebook')
  type?: string;

  /** Elastic Path's clients send the id again; when given it must be the path's. */
  @OptionalNotNull()
  @IsString()
  @IsUUID()
  id?: string;

  @IsObject()
  @ValidateNested()
  @Type(() => UpdatePricebookAttributesDto)
  attributes: UpdatePricebookAttributesDto;
}
