import { Type } from 'class-transformer';
import { IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';

/** Any address field may change; none is required on update. */
export class PartialAddressDto {
  @IsOptional() @IsString() @MaxLength(255) first_name?: string;
  @IsOptional() @IsString() @MaxLength(255) last_name?: string;
  @IsOptional() @IsString() @MaxLength(255) company_name?: string;
  @IsOptional() @IsString() @MaxLength(255) line_1?: string;
  @IsOptional() @IsString() @MaxLength(255) line_2?: string;
  @IsOptional() @IsString() @MaxLength(255) city?: string;
  @IsOptional() @IsString() @MaxLength(64) postcode?: string;
  @IsOptional() @IsString() @MaxLength(255) county?: string;
  @IsOptional() @IsString() @MaxLength(255) region?: string;
  @IsOptional() @IsString() @IsNotEmpty() @MaxLength(64) country?: string;
  @IsOptional() @IsString() @MaxLength(64) phone_number?: string;
  @IsOptional() @IsString() @MaxLength(1024) instructions?: string;
}

/** `PUT /v2/orders/:id` (Elastic Path's order update): fulfil, cancel, or change the shipping address. */
export class UpdateOrderDto {
  @IsOptional()
  @IsIn(['order'])
  type?: string;

  @IsOptional()
  @IsIn(['fulfilled'], { message: 'shipping can only be set to fulfilled' })
  shipping?: 'fulfilled';

  @IsOptional()
  @IsIn(['cancelled'], { message: 'status can only be set to cancelled' })
  status?: 'cancelled';

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => PartialAddressDto)
  shipping_address?: PartialAddressDto;
}
