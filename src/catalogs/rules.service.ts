import { Injectable } from '@nestjs/common';
import { BadRequestError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { ListQuery, page } from '../common/list-query';
import { isUuid } from '../common/validation/resource-id.pipe';
import { Prisma, type CatalogRule } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { checkDistinctPricebooks, refuseMissing } from './catalog-references';
import { CatalogResolver } from './catalog-resolver';
import { CreateRuleDto, RuleScheduleDto, UpdateRuleDto } from './dto/rule.dto';
import { PrioritizedPricebook } from './prioritized-pricebooks';
import { RULE_WIRE } from './rule.wire';
import { RulesRepository } from './rules.repository';

const json = (value: unknown) => value as Prisma.InputJsonValue;
const S = 'data.attributes';

/** Schedules as stored: each end an RFC 3339 UTC time or null; `valid_from` not after `valid_to`. */
export function normalizeSchedules(schedules: RuleScheduleDto[], source: string) {
  return schedules.map((s, i) => {
    const from = s.valid_from != null ? new Date(s.valid_from) : null;
    const to = s.valid_to != null ? new Date(s.valid_to) : null;
    if (from && to && from.getTime() > to.getTime()) throw new UnprocessableError('Invalid schedule', `${source}[${i}]: valid_from is after valid_to`, `${source}[${i}].valid_from`);
    return { valid_from: from?.toISOString() ?? null, valid_to: to?.toISOString() ?? null };
  });
}

function checkName(name: string | undefined) {
  if (name !== undefined && /\s/.test(name)) throw new UnprocessableError('Invalid rule name', 'A catalog rule name cannot contain spaces', `${S}.name`);
}

@Injectable()
export class RulesService {
  constructor(
    private readonly repo: RulesRepository,
    private readonly prisma: PrismaService,
    private readonly resolver: CatalogResolver,
  ) {}

  async create(dto: CreateRuleDto) {
    const a = dto.attributes;
    checkName(a.name);
    checkDistinctPricebooks(a.pricebook_ids, `${S}.pricebook_ids`);
    const schedules = a.schedules ? normalizeSchedules(a.schedules, `${S}.schedules`) : null;
    const row = await this.prisma.$transaction(async (tx) => {
      const catalogId = await this.requireCatalog(a.catalog_id, tx);
      await this.checkPricebooks(a.pricebook_ids, tx);
      return this.repo.create(
        {
          name: a.name,
          catalogId,
          accountIds: a.account_ids ?? [],
          accountTagIds: a.account_tag_ids ?? [],
          customerIds: a.customer_ids ?? [],
          channels: a.channels ?? [],
          tags: a.tags ?? [],
          ...(schedules && schedules.length > 0 ? { schedules: json(schedules) } : {}),
          ...(a.pricebook_ids ? { pricebookIds: json(this.books(a.pricebook_ids)) } : {}),
        },
        tx,
      );
    });
    this.resolver.invalidate();
    return this.present(row);
  }

  async list(q: ListQuery) {
    const { items, total, all } = await this.repo.list(q);
    return page(items.map((row) => this.present(row)), total, q, all);
  }

  async get(id: string) {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError('Catalog rule');
    return this.present(row);
  }

  async update(id: string, dto: UpdateRuleDto) {
    if (dto.id !== undefined && dto.id.toLowerCase() !== id) throw new BadRequestError('data.id must be the id in the path', 'data.id');
    const a = dto.attributes;
    checkName(a.name);
    checkDistinctPricebooks(a.pricebook_ids, `${S}.pricebook_ids`);
    const schedules = a.schedules ? normalizeSchedules(a.schedules, `${S}.schedules`) : a.schedules;
    const row = await this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lock(id, tx))) throw new NotFoundError('Catalog rule');
      const catalogId = a.catalog_id !== undefined ? await this.requireCatalog(a.catalog_id, tx) : undefined;
      await this.checkPricebooks(a.pricebook_ids, tx);
      const list = (v: string[] | null | undefined) => (v === undefined ? undefined : (v ?? []));
      return this.repo.update(
        id,
        {
          ...(a.name !== undefined ? { name: a.name } : {}),
          ...(catalogId !== undefined ? { catalogId } : {}),
          ...(a.account_ids !== undefined ? { accountIds: list(a.account_ids) } : {}),
          ...(a.account_tag_ids !== undefined ? { accountTagIds: list(a.account_tag_ids) } : {}),
          ...(a.customer_ids !== undefined ? { customerIds: list(a.customer_ids) } : {}),
          ...(a.channels !== undefined ? { channels: list(a.channels) } : {}),
          ...(a.tags !== undefined ? { tags: list(a.tags) } : {}),
          ...(schedules !== undefined ? { schedules: schedules && schedules.length > 0 ? json(schedules) : Prisma.DbNull } : {}),
          ...(a.pricebook_ids !== undefined ? { pricebookIds: a.pricebook_ids === null ? Prisma.DbNull : json(this.books(a.pricebook_ids)) } : {}),
        },
        tx,
      );
    });
    this.resolver.invalidate();
    return this.present(row);
  }

  async delete(id: string) {
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lock(id, tx))) throw new NotFoundError('Catalog rule');
      await this.repo.delete(id, tx);
    });
    this.resolver.invalidate();
  }

  /** The catalog a rule names, locked against deletion until the rule is written. */
  private async requireCatalog(catalogId: string, tx: Db): Promise<string> {
    const id = catalogId.toLowerCase();
    if (!isUuid(id) || !(await this.repo.lockCatalog(id, tx))) {
      throw new UnprocessableError('Catalog not found', `Catalog ${catalogId} does not exist`, `${S}.catalog_id`);
    }
    return id;
  }

  private async checkPricebooks(books: PrioritizedPricebook[] | null | undefined, tx: Db) {
    if (!books) return;
    const ids = books.map((b) => b.id.toLowerCase());
    refuseMissing('Price book', await this.repo.missingPricebooks(ids, tx), ids, `${S}.pricebook_ids`);
  }

  private books(books: PrioritizedPricebook[]): PrioritizedPricebook[] {
    return books.map((b) => ({ id: b.id.toLowerCase(), priority: b.priority }));
  }

  present(row: CatalogRule) {
    return RULE_WIRE.present(row, undefined);
  }
}
