import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { OptionalText } from '../../common/validation/text-field';

/**
 * `PUT /v2/gateways/{slug}`: `{"data":{"enabled":true}}` (the SDK's `Gateways.Enabled` adds `type: "gateway"`),
 * plus the gateway's own settings and credentials. Fields a gateway does not take are refused by the service.
 */
export class UpdateGatewayDto {
  @IsOptional()
  @IsIn(['gateway'], { message: 'type must be gateway' })
  type?: string;

  @OptionalNotNull()
  @IsBoolean()
  enabled?: boolean;

  @OptionalNotNull()
  @IsBoolean()
  test?: boolean;

  /** Stripe Payment Intents: the Stripe secret key. Write-only. */
  @ApiProperty({ description: 'A credential: stored, never shown' })
  @OptionalText(500)
  login?: string;

  @ApiProperty({ description: 'A credential: stored, never shown' })
  @OptionalText(500)
  password?: string;

  /** Elastic Path Payments: the connected Stripe account id. Write-only. */
  @ApiProperty({ description: 'A credential: stored, never shown' })
  @OptionalText(500)
  stripe_account?: string;
}
