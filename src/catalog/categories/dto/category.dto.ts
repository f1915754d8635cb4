import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { Nullable } from '../../../common/validation/nullable';
import { OptionalNotNull } from '../../../common/validation/optional-not-null';
import { PartialNotNull } from '../../../common/validation/partial-not-null';
import { OptionalText, RequiredText, ResourceType } from '../../../common/validation/text-field';

export const CATEGORY_STATUSES = ['draft', 'live'];
const COLOUR = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export class CreateCategoryDto {
  @ResourceType('category')
  type?: string;

  @RequiredText()
  name: string;

  @RequiredText()
  slug: string;

  @OptionalText(10000)
  description?: string;

  @OptionalNotNull()
  @IsIn(CATEGORY_STATUSES)
  status?: string;

  @ApiProperty({ example: '#ff0000' })
  @Nullable()
  @IsString()
  @Matches(COLOUR, { message: 'background_colour must be a hex colour such as #ff0000' })
  background_colour?: string | null;

  @Nullable()
  @IsString()
  @MaxLength(2048)
  background_image?: string | null;

  @Nullable()
  @IsUUID()
  parent_id?: string | null;
}

export class UpdateCategoryDto extends PartialNotNull(CreateCategoryDto) {}
