import { IsInt, IsOptional, IsString, Min } from 'class-validator';

/** Capture: the body may be omitted; `custom_reference` given overwrites, "" clears, omitted keeps. */
export class CaptureTransactionDto {
  @IsOptional()
  @IsString()
  custom_reference?: string;
}

/** Refund: no `amount` marks the transaction refunded in full; `amount` refunds part of it. */
export class RefundTransactionDto {
  @IsOptional()
  @IsInt()
  @Min(1)
  amount?: number;
}

/** Confirm: `{payment, gateway, method}` as the spec's example, or `{}`; gateway/method are informative. */
export class ConfirmTransactionDto {
  @IsOptional()
  @IsString()
  payment?: string;

  @IsOptional()
  @IsString()
  gateway?: string;

  @IsOptional()
  @IsString()
  method?: string;
}

export class CancelTransactionDto {
  @IsOptional()
  @IsString()
  reason?: string;
}
