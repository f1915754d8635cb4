import { Injectable } from '@nestjs/common';
import { UnprocessableError } from '../common/errors/api-error';
import { page, PageParams } from '../common/list-query';
import type { CatalogRule } from '../generated/prisma/client';
import { CatalogResolver } from './catalog-resolver';
import { ValidateRulesDto } from './dto/validate-rules.dto';
import { RuleCriteria, ruleMeets } from './rule-filter';
import { isScheduledAt, ShopperContext } from './rule-matching';
import { RulesRepository } from './rules.repository';
import { normalizeSchedules, RulesService } from './rules.service';

const given = <T>(list: T[] | null | undefined): T[] | undefined => (list && list.length > 0 ? list : undefined);

/** `POST /catalogs/rules/validate`: the rules a filter matches, or the one rule a shopper's context resolves to. */
@Injectable()
export class RulesValidationService {
  constructor(
    private readonly repo: RulesRepository,
    private readonly rules: RulesService,
    private readonly resolver: CatalogResolver,
  ) {}

  async validate(dto: ValidateRulesDto, q: PageParams) {
    if (dto.match_type === 'similarity' || dto.match_type === 'conflict') {
      throw new UnprocessableError('Not supported', `match_type ${dto.match_type} is not supported; use filter or resolve_for_shopper`, 'data.match_type');
    }
    const now = dto.match_date ? new Date(dto.match_date) : new Date();
    return dto.match_type === 'resolve_for_shopper' ? this.resolveForShopper(dto, now, q) : this.filter(dto, now, q);
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

  private async filter(dto: ValidateRulesDto, now: Date, q: PageParams) {
    const criteria: RuleCriteria = {
      ...(dto.name != null ? { name: dto.name } : {}),
      ...(dto.catalog_id != null ? { catalogId: dto.catalog_id.toLowerCase() } : {}),
      channels: given(dto.channels),
      tags: given(dto.tags),
      accountIds: given(dto.account_ids),
      accountTagIds: given(dto.account_tag_ids),
      customerIds: given(dto.customer_ids),
      pricebookIds: given(dto.pricebook_ids)?.map((id) => id.toLowerCase()),
      schedules: dto.schedules ? normalizeSchedules(dto.schedules, 'data.schedules') : undefined,
      ...(dto.match_date ? { matchDate: now } : {}),
    };
    const [rules, state] = await Promise.all([this.repo.all(), this.resolver.current()]);
    const matching = rules.filter((rule) => ruleMeets(rule, criteria));
    const shown = matching.slice(q.offset, q.offset + q.limit).map((rule: CatalogRule) => ({
      ...this.rules.present(rule),
      meta: {
        active: isScheduledAt({ schedules: Array.isArray(rule.schedules) ? (rule.schedules as never[]) : null }, now),
        resolved_for_shopper: false,
        release_id: state.published.get(rule.catalogId)?.releaseId ?? null,
      },
    }));
    return page(shown, matching.length, q);
  }
}
