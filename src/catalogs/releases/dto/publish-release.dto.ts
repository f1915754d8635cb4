import { IsBoolean } from 'class-validator';
import { OptionalNotNull } from '../../../common/validation/optional-not-null';

/** `POST /catalogs/:id/releases`: the body may be missing; every release is written whole. */
export class PublishReleaseDto {
  /** A release is always written whole, so its delta is always full. */
  @OptionalNotNull()
  @IsBoolean()
  export_full_delta?: boolean;

  /** A store has no organization resources: accepted, changes nothing. */
  @OptionalNotNull()
  @IsBoolean()
  include_organization_resources?: boolean;
}
