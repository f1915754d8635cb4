import { IsString, MaxLength } from 'class-validator';
import { Nullable } from '../../common/validation/nullable';
import { PartialNotNull } from '../../common/validation/partial-not-null';
import { RequiredText, ResourceType } from '../../common/validation/text-field';

/** `POST /v2/accounts`: the SDK sends `{name, legal_name, registration_id?}` without `type`. */
export class CreateAccountDto {
  @ResourceType('account')
  type?: string;

  @RequiredText()
  name: string;

  @RequiredText()
  legal_name: string;

  @Nullable()
  @IsString()
  @MaxLength(255)
  registration_id?: string | null;
}

/** `PUT /v2/accounts/:id`: partial. */
export class UpdateAccountDto extends PartialNotNull(CreateAccountDto) {}
