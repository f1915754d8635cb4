import { Injectable } from '@nestjs/common';
import { UnprocessableError } from '../common/errors/api-error';
import { page, PageParams } from '../common/list-query';
import type { CatalogRule } from '../generated/prisma/client';
import { CatalogResolver } from './catalog-resolver';
import { ValidateRulesDto } from './dto/validate-rules.dto';
import { rulesConflict } from './rule-conflicts';
import { RuleCriteria, ruleMeets } from './rule-filter';
import { isScheduledAt, ShopperContext } from './rule-matching';
import { RuleShape, shapeOfRule } from './rule-shape';
import { bySimilarity } from './rule-similarity';
import { RulesRepository } from './rules.repository';
import { normalizeSchedules, RulesService } from './rules.service';

/**
 * `POST /catalogs/rules/validate`: the rules a filter matches, the rules similar to or in conflict with a supplied
 * rule, or the one rule a shopper's context resolves to.
 */
@Injectable()
export class RulesValidationService {
  constructor(
    private readonly repo: RulesRepository,
    private readonly rules: RulesService,
    private readonly resolver: CatalogResolver,
  ) {}

  async validate(dto: ValidateRulesDto, q: PageParams) {
    const now = dto.match_date ? new Date(dto.match_date) : new Date();
    switch (dto.match_type) {
      case 'resolve_for_shopper':
        return this.resolveForShopper(dto, now, q);
      case 'similarity':
        return this.similarity(dto, now, q);
      case 'conflict':
        return this.conflict(dto, now, q);
      default:
        return this.filter(dto, now, q);
    }
  }

  private async resolveForShopper(dto: ValidateRulesDto, now: Date, q: PageParams) {
    const one = (list: string[] | null | undefined, member: string): string | undefined => {
      if (list && list.length > 1) throw new UnprocessableError('One value per criterion', `resolve_for_shopper reads one shopper: give at most one value in ${member}`, `data.${member}`);
      return list?.[0];
    };
    const context: ShopperContext = {};
    const channel = one(dto.channels, 'channels');
    const tag = one(dto.tags, 'tags');
    const customerId = one(dto.customer_ids, 'customer_ids');
    const accountId = one(dto.account_ids, 'account_ids');
    if (channel !== undefined) context.channel = channel;
    if (tag !== undefined) context.tag = tag;
    if (customerId !== undefined) context.customerId = customerId;
    if (accountId !== undefined) context.accountId = accountId;
    const resolved = await this.resolver.resolve(context, now);
    const rule = resolved?.ruleId ? await this.repo.find(resolved.ruleId) : null;
    if (!resolved || !rule) return page([], 0, q);
    const shown = { ...this.rules.present(rule), meta: { active: true, resolved_for_shopper: true, release_id: resolved.releaseId } };
    return page(q.offset === 0 ? [shown] : [], 1, q);
  }

  /** The rules meeting every criterion given (an empty list is no criterion). */
  private filter(dto: ValidateRulesDto, now: Date, q: PageParams) {
    const criteria: RuleCriteria = { ...this.supplied(dto), ...(dto.match_date ? { matchDate: now } : {}) };
    return this.pageOfRules(q, now, (rules) => rules.filter((rule) => ruleMeets(rule, criteria)).map((rule) => ({ rule })));
  }

  /** Every rule sharing a criterion with the supplied one, by score (highest first, then oldest first). */
  private similarity(dto: ValidateRulesDto, now: Date, q: PageParams) {
    const supplied = this.supplied(dto);
    return this.pageOfRules(q, now, (rules) => bySimilarity(rules, supplied, shapeOfRule));
  }

  /** The rules the supplied one would conflict with if it were created (`rulesConflict`), oldest first. */
  private conflict(dto: ValidateRulesDto, now: Date, q: PageParams) {
    const supplied = this.supplied(dto);
    return this.pageOfRules(q, now, (rules) => rules.filter((rule) => rulesConflict(shapeOfRule(rule), supplied)).map((rule) => ({ rule })));
  }

  /**
   * One page of the rules `pick` chooses from every rule (oldest first), in its order, as validate's lists show
   * them: on at `now` or not, not the shopper's pick, their catalog's release, and a similarity score where given.
   */
  private async pageOfRules(q: PageParams, now: Date, pick: (rules: CatalogRule[]) => { rule: CatalogRule; score?: number }[]) {
    const [rules, state] = await Promise.all([this.repo.all(), this.resolver.current()]);
    const picked = pick(rules);
    const shown = picked.slice(q.offset, q.offset + q.limit).map(({ rule, score }) => ({
      ...this.rules.present(rule),
      meta: {
        ...(score !== undefined ? { similarity_score: score } : {}),
        active: isScheduledAt(shapeOfRule(rule), now),
        resolved_for_shopper: false,
        release_id: state.published.get(rule.catalogId)?.releaseId ?? null,
      },
    }));
    return page(shown, picked.length, q);
  }

  /** The rule, or the criteria of a filter, that a validate request describes. */
  private supplied(dto: ValidateRulesDto): RuleShape {
    return {
      ...(dto.name != null ? { name: dto.name } : {}),
      ...(dto.catalog_id != null ? { catalogId: dto.catalog_id.toLowerCase() } : {}),
      channels: dto.channels ?? [],
      tags: dto.tags ?? [],
      customerIds: dto.customer_ids ?? [],
      accountIds: dto.account_ids ?? [],
      accountTagIds: dto.account_tag_ids ?? [],
      pricebookIds: (dto.pricebook_ids ?? []).map((id) => id.toLowerCase()),
      schedules: dto.schedules ? normalizeSchedules(dto.schedules, 'data.schedules') : [],
    };
  }
}
