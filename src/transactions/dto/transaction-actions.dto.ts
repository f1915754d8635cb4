import { IsIn, IsInt, IsString, Min } from 'class-validator';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { OptionalText } from '../../common/validation/text-field';

const CONFIRM_METHODS = ['purchase', 'authorize'];

/** Capture: the body may be omitted; `custom_reference` given overwrites, "" clears, omitted keeps. */
export class CaptureDto {
  @OptionalText()
  custom_reference?: string;
}

/** Refund: no `amount` marks the transaction refunded in full; `amount` refunds part of it. */
export class RefundDto {
  @OptionalNotNull()
  @IsInt()
  @Min(1)
  amount?: number;
}

/**
 * Confirm. Elastic Path's docs list `payment`, `gateway` and `method` as strings, but the SDK sends `{}` and the SPI
 * storefront `{payment, gateway}`, so none is required; each is checked when present (`null` included).
 * Whether `gateway` names the transaction's gateway is a business rule, checked by the service (422).
 */
export class ConfirmDto {
  /** A payment method, token or source id, passed to the gateway. */
  @OptionalText()
  payment?: string;

  @OptionalText()
  gateway?: string;

  /** Informative: the transaction keeps its own type whichever of the two is named. */
  @OptionalNotNull()
  @IsString()
  @IsIn(CONFIRM_METHODS, { message: `method must be one of: ${CONFIRM_METHODS.join(', ')}` })
  method?: string;
}

export class CancelDto {
  @OptionalText(1024)
  reason?: string;
}
