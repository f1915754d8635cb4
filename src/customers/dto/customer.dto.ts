import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

/** Long enough for any passphrase, short enough that hashing one is never a burden. */
export const MAX_PASSWORD_LENGTH = 1024;

/** `POST /v2/customers`: `{type: customer, name, email, password?}`. */
export class CreateCustomerDto {
  @IsOptional()
  @IsIn(['customer'])
  type?: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name: string;

  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(255)
  email: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_PASSWORD_LENGTH)
  password?: string;
}

/** `PUT /v2/customers/:id`: any of the fields. */
export class UpdateCustomerDto {
  @IsOptional()
  @IsIn(['customer'])
  type?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  name?: string;

  @IsOptional()
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(255)
  email?: string;

  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(MAX_PASSWORD_LENGTH)
  password?: string;
}
