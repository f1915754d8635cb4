import { OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsObject, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { OBSERVABLE_EVENT_NAMES } from '../../events/event-names';
import { Nullable } from '../../common/validation/nullable';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { PartialNotNull } from '../../common/validation/partial-not-null';
import { OptionalText, RequiredText } from '../../common/validation/text-field';

export const EVENT_LIMIT = 5;
export const MAX_CONCURRENCY_LIMIT = 1000;
/** Bounds of `rate_limit_per_second`: from one attempt in about 17 minutes to 10,000 a second. */
export const RATE_LIMIT_BOUNDS = { min: 0.001, max: 10_000 };
const EVENT_LIMIT_MESSAGE = `observes: You have reached the integration event limit of ${EVENT_LIMIT}`;
const UNKNOWN_EVENT_MESSAGE = `observes must contain only event names Elastic Path documents: ${OBSERVABLE_EVENT_NAMES.join(', ')}`;
/** The integration types Elastic Path documents; this server delivers `webhook` only (others: 422). */
export const INTEGRATION_TYPES = ['webhook', 'aws_sqs', 'stomp'];
export const SUPPORTED_INTEGRATION_TYPES = ['webhook'];
const INTEGRATION_TYPE_MESSAGE = `integration_type must be one of ${INTEGRATION_TYPES.join(', ')}`;

export class WebhookConfigurationDto {
  @OptionalText(2048)
  url?: string;

  /** Write-only: stored, never returned, never logged. `null` or `""` on update removes it. */
  @Nullable()
  @IsString()
  @MaxLength(512)
  secret_key?: string | null;

  /** Deliveries in flight at once, per server process; `null` on update returns to the server's default. */
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(MAX_CONCURRENCY_LIMIT)
  max_concurrency?: number | null;

  /** Delivery attempts a second at most, across all servers (decimals allowed); `null` on update removes it. */
  @Nullable()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(RATE_LIMIT_BOUNDS.min)
  @Max(RATE_LIMIT_BOUNDS.max)
  rate_limit_per_second?: number | null;
}

export class CreateIntegrationDto {
  @IsIn(['integration'])
  type: string;

  @RequiredText()
  name: string;

  @OptionalText(1024)
  description?: string;

  @OptionalNotNull()
  @IsBoolean()
  enabled?: boolean;

  @OptionalNotNull()
  @IsIn(INTEGRATION_TYPES, { message: INTEGRATION_TYPE_MESSAGE })
  integration_type?: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(EVENT_LIMIT, { message: EVENT_LIMIT_MESSAGE })
  @IsIn(OBSERVABLE_EVENT_NAMES as string[], { each: true, message: UNKNOWN_EVENT_MESSAGE })
  observes: string[];

  @IsObject()
  @ValidateNested()
  @Type(() => WebhookConfigurationDto)
  configuration: WebhookConfigurationDto;
}

/** PUT is a partial update: only `type` is required; `configuration` is merged key by key. */
export class UpdateIntegrationDto extends PartialNotNull(OmitType(CreateIntegrationDto, ['type'] as const)) {
  @IsIn(['integration'])
  type: string;
}
