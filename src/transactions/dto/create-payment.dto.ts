import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsOptional, IsString, Min, ValidateNested } from 'class-validator';
import { GATEWAY_NAMES } from '../gateways/payment-gateways';

export class PaymentMethodMetaDto {
  @IsOptional()
  @IsString()
  name?: string;

  @IsOptional()
  @IsString()
  custom_reference?: string;
}

/** `POST /v2/orders/:orderId/payments`: `{"data":{"gateway":"manual","method":"authorize"}}` (no `type`). */
export class CreatePaymentDto {
  @IsIn(GATEWAY_NAMES, { message: `gateway must be one of: ${GATEWAY_NAMES.join(', ')}` })
  gateway: string;

  @IsIn(['authorize', 'purchase'], { message: 'method must be one of: authorize, purchase' })
  method: 'authorize' | 'purchase';

  /** Minor units; default: the balance owing. */
  @IsOptional()
  @IsInt()
  @Min(1)
  amount?: number;

  /** Payment-intents gateways: a payment method, token or source id. */
  @IsOptional()
  @IsString()
  payment?: string;

  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => PaymentMethodMetaDto)
  paymentmethod_meta?: PaymentMethodMetaDto;
}
