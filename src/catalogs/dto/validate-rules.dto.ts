import { IsIn, IsString, MaxLength } from 'class-validator';
import { IsDateTime } from './is-date-time';
import { Nullable } from '../../common/validation/nullable';
import { RuleScheduleDto, RuleSchedules, RuleValues } from './rule.dto';

export const MATCH_TYPES = ['filter', 'similarity', 'conflict', 'resolve_for_shopper'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/** `POST /catalogs/rules/validate`: which rules match the given criteria. */
export class ValidateRulesDto {
  @IsIn(MATCH_TYPES)
  match_type: MatchType;

  @RuleValues()
  channels?: string[] | null;

  @RuleValues()
  tags?: string[] | null;

  @RuleValues()
  account_ids?: string[] | null;

  @RuleValues()
  account_tag_ids?: string[] | null;

  @RuleValues()
  customer_ids?: string[] | null;

  @RuleValues()
  pricebook_ids?: string[] | null;

  @RuleSchedules()
  schedules?: RuleScheduleDto[] | null;

  @Nullable()
  @IsString()
  @MaxLength(255)
  name?: string | null;

  @Nullable()
  @IsString()
  catalog_id?: string | null;

  @Nullable()
  @IsDateTime()
  match_date?: string | null;
}
