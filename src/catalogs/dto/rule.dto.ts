import { Type } from 'class-transformer';
import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, IsArray, IsString, MaxLength, ValidateNested } from 'class-validator';
import { EveryObject, NestedArrayOf } from '../../common/validation/every-object';
import { IsDateTime } from '../../common/validation/is-date-time';
import { BodyId, NestedObject } from '../../common/validation/body-members';
import { Nullable } from '../../common/validation/nullable';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { RequiredText, ResourceType } from '../../common/validation/text-field';
import { PrioritizedPricebookDto, PrioritizedPricebooks } from '../prioritized-pricebooks';

/** Each list of a rule names at most this many values. */
export const MAX_RULE_VALUES = 100;

/** A list of strings a rule matches on; `null` clears it. */
export const RuleValues = () => applyDecorators(Nullable(), IsArray(), ArrayMaxSize(MAX_RULE_VALUES), IsString({ each: true }), MaxLength(255, { each: true }));

/** When a rule applies: either end may be open (left out or null). */
export class RuleScheduleDto {
  @Nullable()
  @IsDateTime()
  valid_from?: string | null;

  @Nullable()
  @IsDateTime()
  valid_to?: string | null;
}

export const RuleSchedules = () => applyDecorators(Nullable(), IsArray(), ArrayMaxSize(MAX_RULE_VALUES), EveryObject(), ValidateNested({ each: true }), Type(() => RuleScheduleDto), NestedArrayOf(() => RuleScheduleDto));

/** Whom and when a rule (or a validation's question) is for: its lists and its schedules. */
export class RuleCriteriaDto {
  @RuleValues()
  account_ids?: string[] | null;

  @RuleValues()
  account_tag_ids?: string[] | null;

  @RuleValues()
  customer_ids?: string[] | null;

  @RuleValues()
  channels?: string[] | null;

  @RuleValues()
  tags?: string[] | null;

  @RuleSchedules()
  schedules?: RuleScheduleDto[] | null;
}

/** A rule's `attributes` on create: `name` (no spaces) and `catalog_id` are required. */
export class RuleAttributesDto extends RuleCriteriaDto {
  @RequiredText()
  name: string;

  @IsString()
  catalog_id: string;

  @PrioritizedPricebooks()
  pricebook_ids?: PrioritizedPricebookDto[];
}

/** The attributes to change; `null` clears a list, the schedules or the price books. */
export class UpdateRuleAttributesDto extends RuleCriteriaDto {
  @OptionalNotNull()
  @RequiredText()
  name?: string;

  @OptionalNotNull()
  @IsString()
  catalog_id?: string;

  @Nullable()
  @PrioritizedPricebooks()
  pricebook_ids?: PrioritizedPricebookDto[] | null;
}

/** `POST /catalogs/rules`. */
export class CreateRuleDto {
  @ResourceType('catalog_rule')
  type?: string;

  @NestedObject(() => RuleAttributesDto)
  attributes: RuleAttributesDto;
}

/** `PUT /catalogs/rules/:id`. */
export class UpdateRuleDto {
  @ResourceType('catalog_rule')
  type?: string;

  /** When given it must be the path's. */
  @BodyId()
  id?: string;

  @NestedObject(() => UpdateRuleAttributesDto)
  attributes: UpdateRuleAttributesDto;
}
