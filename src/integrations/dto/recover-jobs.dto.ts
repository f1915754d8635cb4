import { IsISO8601, IsOptional } from 'class-validator';

const ISO_MESSAGE = 'must be an ISO 8601 date and time, e.g. 2026-11-24T08:00:00Z';

/** `POST /v2/integrations/:id/recover`: the failed deliveries created in [since, until) go out again. */
export class RecoverJobsDto {
  @IsISO8601({ strict: true }, { message: `since ${ISO_MESSAGE}` })
  since: string;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: `until ${ISO_MESSAGE}` })
  until?: string;
}
