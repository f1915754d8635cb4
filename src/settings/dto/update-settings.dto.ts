import { IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class UpdateSettingsDto {
  @IsOptional()
  @IsIn(['settings'])
  type?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  page_length?: number;

  @IsOptional()
  @IsBoolean()
  list_child_products?: boolean;

  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @MaxLength(16, { each: true })
  additional_languages?: string[];

  @IsOptional()
  @IsIn(['line', 'simple'])
  calculation_method?: string;
}

export class UpdateLogsTtlDto {
  @IsOptional()
  @IsIn(['time_to_live'])
  type?: string;

  @IsInt()
  @Min(1)
  @Max(365)
  days: number;
}
