import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength } from 'class-validator';
import { IsDateTime } from '../../common/validation/is-date-time';
import { Nullable } from '../../common/validation/nullable';
import { RuleCriteriaDto, RuleValues } from './rule.dto';

export const MATCH_TYPES = ['filter', 'similarity', 'conflict', 'resolve_for_shopper'] as const;
export type MatchType = (typeof MATCH_TYPES)[number];

/**
 * `POST /catalogs/rules/validate`: the criteria of a filter, of a shopper, or of a rule to compare with the
 * existing ones (similarity, conflict).
 */
export class ValidateRulesDto extends RuleCriteriaDto {
  @ApiProperty({
    description:
      'filter: the rules meeting every criterion given; similarity: the rules sharing any criterion with the supplied rule, by score; conflict: the rules the supplied rule would tie with for some shopper; resolve_for_shopper: the rule one shopper gets',
  })
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
