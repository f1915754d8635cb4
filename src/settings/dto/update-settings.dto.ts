import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { ResourceType } from '../../common/validation/text-field';

export class UpdateSettingsDto {
  @ResourceType('settings')
  type?: string;

  @OptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(100)
  page_length?: number;

  @OptionalNotNull()
  @IsBoolean()
  list_child_products?: boolean;

  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @MaxLength(16, { each: true })
  additional_languages?: string[];

  @OptionalNotNull()
  @IsIn(['line', 'simple'])
  calculation_method?: string;
}

export class UpdateLogsTtlDto {
  @ResourceType('time_to_live')
  type?: string;

  @IsInt()
  @Min(1)
  @Max(365)
  days: number;
}
