import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { OptionalNotNull } from '../../common/validation/optional-not-null';

/** `POST /v2/accounts`: the SDK sends `{name, legal_name, registration_id?}` without `type`. */
export class CreateAccountDto {
  @OptionalNotNull()
  @IsIn(['account'])
  type?: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  legal_name: string;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(255)
  registration_id?: string | null;
}

/** `PUT /v2/accounts/:id`: partial. */
export class UpdateAccountDto {
  @OptionalNotNull()
  @IsIn(['account'])
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
  legal_name?: string;

  @IsOptional()
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(255)
  registration_id?: string | null;
}
