import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsString, MaxLength, Min, ValidateNested } from 'class-validator';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { OptionalText } from '../../common/validation/text-field';
import { IsRegisteredGateway } from './registered-gateway';

export class PaymentMethodMetaDto {
  @OptionalText()
  name?: string;

  @OptionalText()
  custom_reference?: string;
}

/**
 * `purchase_setup` / `authorize_setup` (payment-intents gateways): the payment is set up now and completed later
 * by confirm; the transaction is a pending `purchase` / `authorize`, as the other methods' follow-ups expect.
 */
export const SETUP_METHODS = { purchase_setup: 'purchase', authorize_setup: 'authorize' } as const;
const PAYMENT_METHODS = ['authorize', 'purchase', ...Object.keys(SETUP_METHODS)];

/**
 * `POST /v2/orders/:orderId/payments`: `{"data":{"gateway":"manual","method":"authorize"}}` (no `type`).
 * Validated by PaymentBodyPipe, which knows the registered gateways.
 */
export class PaymentDto {
  @IsRegisteredGateway()
  gateway: string;

  @IsIn(PAYMENT_METHODS, { message: `method must be one of: ${PAYMENT_METHODS.join(', ')}` })
  method: 'authorize' | 'purchase' | keyof typeof SETUP_METHODS;

  /** Minor units; default: the balance owing. */
  @OptionalNotNull()
  @IsInt()
  @Min(1)
  amount?: number;

  /** Payment-intents gateways: a payment method, token or source id. */
  @OptionalText()
  payment?: string;

  /** Payment-intents gateways: the Stripe payment method types the intent allows, e.g. ["card"]. */
  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  payment_method_types?: string[];

  @OptionalNotNull()
  @IsObject()
  options?: Record<string, unknown>;

  @OptionalNotNull()
  @IsObject()
  @ValidateNested()
  @Type(() => PaymentMethodMetaDto)
  paymentmethod_meta?: PaymentMethodMetaDto;
}
