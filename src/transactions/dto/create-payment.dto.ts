import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { GATEWAY_NAMES } from '../gateways/payment-gateways';
import { OptionalNotNull } from '../../common/validation/optional-not-null';

export class PaymentMethodMetaDto {
  @OptionalNotNull()
  @IsString()
  @MaxLength(255)
  name?: string;

  @OptionalNotNull()
  @IsString()
  @MaxLength(255)
  custom_reference?: string;
}

/** `POST /v2/orders/:orderId/payments`: `{"data":{"gateway":"manual","method":"authorize"}}` (no `type`). */
export class CreatePaymentDto {
  @IsIn(GATEWAY_NAMES, { message: `gateway must be one of: ${GATEWAY_NAMES.join(', ')}` })
  gateway: string;

  @IsIn(['authorize', 'purchase'], { message: 'method must be one of: authorize, purchase' })
  method: 'authorize' | 'purchase';

  /** Minor units; default: the balance owing. */
  @OptionalNotNull()
  @IsInt()
  @Min(1)
  amount?: number;

  /** Payment-intents gateways: a payment method, token or source id. */
  @OptionalNotNull()
  @IsString()
  @MaxLength(255)
  payment?: string;

  @OptionalNotNull()
  @IsObject()
  options?: Record<string, unknown>;

  @OptionalNotNull()
  @IsObject()
  @ValidateNested()
  @Type(() => PaymentMethodMetaDto)
  paymentmethod_meta?: PaymentMethodMetaDto;
}
