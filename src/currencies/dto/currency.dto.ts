import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsNumber, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { PartialNotNull } from '../../common/validation/partial-not-null';
import { ResourceType } from '../../common/validation/text-field';

/** `POST /v2/currencies`. */
export class CreateCurrencyDto {
  @ResourceType('currency')
  type?: string;

  /** Exactly three letters (ISO 4217 style); kept upper-case. */
  @IsString()
  @ApiProperty({ example: 'EUR' })
  @Matches(/^[A-Za-z]{3}$/, { message: 'code must be exactly three letters' })
  code: string;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  exchange_rate: number;

  /** Where the number goes is written `{price}`: `£{price}`. */
  @IsString()
  @MaxLength(64)
  @ApiProperty({ example: '€{price}' })
  @Matches(/\{price\}/, { message: 'format must contain {price}' })
  format: string;

  @IsString()
  @MaxLength(8)
  decimal_point: string;

  @IsString()
  @MaxLength(8)
  thousand_separator: string;

  @IsInt()
  @Min(0)
  @Max(8)
  decimal_places: number;

  @OptionalNotNull()
  @IsBoolean()
  default?: boolean;

  @OptionalNotNull()
  @IsBoolean()
  enabled?: boolean;
}

/** `PUT /v2/currencies/:id`: any of the create fields. */
export class UpdateCurrencyDto extends PartialNotNull(CreateCurrencyDto) {}
