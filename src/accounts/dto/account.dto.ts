import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Nullable } from '../../common/validation/nullable';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { PartialNotNull } from '../../common/validation/partial-not-null';

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

  @Nullable()
  @IsString()
  @MaxLength(255)
  registration_id?: string | null;
}

/** `PUT /v2/accounts/:id`: partial. */
export class UpdateAccountDto extends PartialNotNull(CreateAccountDto) {}
