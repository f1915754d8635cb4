import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength, ValidateIf } from 'class-validator';
import { OptionalNotNull } from '../../../common/validation/optional-not-null';

export const CATEGORY_STATUSES = ['draft', 'live'];
const COLOUR = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export class CreateCategoryDto {
  @OptionalNotNull()
  @IsIn(['category'])
  type?: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  slug: string;

  @OptionalNotNull()
  @IsString()
  @MaxLength(10000)
  description?: string;

  @OptionalNotNull()
  @IsIn(CATEGORY_STATUSES)
  status?: string;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @Matches(COLOUR, { message: 'background_colour must be a hex colour such as #ff0000' })
  background_colour?: string | null;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(2048)
  background_image?: string | null;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsUUID()
  parent_id?: string | null;
}

export class UpdateCategoryDto {
  @OptionalNotNull()
  @IsIn(['category'])
  type?: string;

  @OptionalNotNull()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name?: string;

  @OptionalNotNull()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  slug?: string;

  @OptionalNotNull()
  @IsString()
  @MaxLength(10000)
  description?: string;

  @OptionalNotNull()
  @IsIn(CATEGORY_STATUSES)
  status?: string;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @Matches(COLOUR, { message: 'background_colour must be a hex colour such as #ff0000' })
  background_colour?: string | null;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(2048)
  background_image?: string | null;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsUUID()
  parent_id?: string | null;
}
