import { Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { ResourceType } from '../../common/validation/text-field';

/** Any address field may change; none is required on update. */
export class PartialAddressDto {
  @OptionalNotNull() @IsString() @MaxLength(255) first_name?: string;
  @OptionalNotNull() @IsString() @MaxLength(255) last_name?: string;
  @OptionalNotNull() @IsString() @MaxLength(255) company_name?: string;
  @OptionalNotNull() @IsString() @MaxLength(255) line_1?: string;
  @OptionalNotNull() @IsString() @MaxLength(255) line_2?: string;
  @OptionalNotNull() @IsString() @MaxLength(255) city?: string;
  @OptionalNotNull() @IsString() @MaxLength(64) postcode?: string;
  @OptionalNotNull() @IsString() @MaxLength(255) county?: string;
  @OptionalNotNull() @IsString() @MaxLength(255) region?: string;
  @OptionalNotNull() @IsString() @IsNotEmpty() @MaxLength(64) country?: string;
  @OptionalNotNull() @IsString() @MaxLength(64) phone_number?: string;
  @OptionalNotNull() @IsString() @MaxLength(1024) instructions?: string;
}

/** `PUT /v2/orders/:id` (Elastic Path's order update): fulfil, cancel, or change the shipping address. */
export class UpdateOrderDto {
  @ResourceType('order')
  type?: string;

  @OptionalNotNull()
  @IsIn(['fulfilled'], { message: 'shipping can only be set to fulfilled' })
  shipping?: 'fulfilled';

  @OptionalNotNull()
  @IsIn(['cancelled'], { message: 'status can only be set to cancelled' })
  status?: 'cancelled';

  @OptionalNotNull()
  @IsObject()
  @ValidateNested()
  @Type(() => PartialAddressDto)
  shipping_address?: PartialAddressDto;
}
