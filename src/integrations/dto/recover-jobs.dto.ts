import { IsOptional } from 'class-validator';
import { IsApiDate } from '../../common/validation/is-api-date';
import { OptionalNotNull } from '../../common/validation/optional-not-null';

/** `POST /v2/integrations/:id/recover`: the failed deliveries created in [since, until) go out again. */
export class RecoverJobsDto {
  @IsApiDate()
  since: string;

  @OptionalNotNull()
  @IsApiDate()
  until?: string;
}
