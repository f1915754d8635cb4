import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { PartialNotNull } from '../../common/validation/partial-not-null';
import { RequiredText, ResourceType } from '../../common/validation/text-field';

/** Long enough for any passphrase, short enough that hashing one is never a burden. */
export const MAX_PASSWORD_LENGTH = 1024;

/** `POST /v2/customers`: `{type: customer, name, email, password?}`. */
export class CreateCustomerDto {
  @ResourceType('customer')
  type?: string;

  @RequiredText()
  name: string;

  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(255)
  email: string;

  @OptionalNotNull()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_PASSWORD_LENGTH)
  password?: string;
}

/** `PUT /v2/customers/:id`: any of the fields. */
export class UpdateCustomerDto extends PartialNotNull(CreateCustomerDto) {}
