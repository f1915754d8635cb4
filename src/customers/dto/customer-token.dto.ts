import { Equals, IsIn, IsString, MaxLength } from 'class-validator';
import { MAX_PASSWORD_LENGTH } from './customer.dto';

/** `POST /v2/customers/tokens` with `authentication_mechanism: password` (the one this service offers). */
export class CustomerTokenDto {
  @Equals('token', { message: 'type must be token' })
  type: string;

  @IsIn(['password'], { message: 'authentication_mechanism must be password' })
  authentication_mechanism: string;

  @IsString()
  @MaxLength(255)
  email: string;

  @IsString()
  @MaxLength(MAX_PASSWORD_LENGTH)
  password: string;
}
