import { IsString, MaxLength } from 'class-validator';
import { PostalAddressDto } from '../../carts/dto/cart.dto';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { PartialNotNull } from '../../common/validation/partial-not-null';
import { ResourceType } from '../../common/validation/text-field';

/**
 * `POST /v2/accounts/:accountId/addresses`: a postal address and the name the account knows it by (`home`,
 * `work`). `county` and `region` are both optional here (Elastic Path's address spec requires neither); a
 * checkout still needs one of them.
 */
export class CreateAccountAddressDto extends PostalAddressDto {
  @ResourceType('address')
  type?: string;

  @OptionalNotNull()
  @IsString()
  @MaxLength(255)
  name?: string;

  @OptionalNotNull()
  @IsString()
  @MaxLength(255)
  county?: string;
}

/** `PUT /v2/accounts/:accountId/addresses/:addressId`: any of the create fields. */
export class UpdateAccountAddressDto extends PartialNotNull(CreateAccountAddressDto) {}
