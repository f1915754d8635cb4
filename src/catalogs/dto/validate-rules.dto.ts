import { IsIn, IsString, MaxLength } from 'class-validator';
import { IsDateTime } from '../../common/validation/is-date-time';
import { Nullable } from '../../common/validation/nullable';
import { RuleCriteriaDto, RuleValues } from './rule.dto';

export const MATCH_TYPES = ['filter', 'similarity', 'conflict', 'resolve_for_shopper'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/** `POST /catalogs/rules/validate`: which rules match the given criteria. */
export class ValidateRulesDto extends RuleCriteriaDto {
  @IsIn(MATCH_TYPES)
  match_type: MatchType;

  @RuleValues()
  pricebook_ids?: string[] | null;

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
