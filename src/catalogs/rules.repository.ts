import { Injectable } from '@nestjs/common';
import { FilterOp, FilterValue, ListFieldSpec, ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { RULE_WIRE } from './rule.wire';

/** `eq(channels,web)`: the rule names `web`; `in(channels,web,app)`: it names one of them. */
function naming(column: 'accountIds' | 'customerIds' | 'channels' | 'tags'): ListFieldSpec {
  return {
    column,
    type: 'string',
    ops: ['eq', 'in'],
    toWhere: (op: FilterOp, values: FilterValue[]) => (op === 'eq' ? { [column]: { has: String(values[0]) } } : { [column]: { hasSome: values.map(String) } }),
  };
}

/** `eq(pricebook_ids,<id>)`: the rule prices with that book; `in`: with one of them. */
const pricebookField: ListFieldSpec = {
  column: 'pricebookIds',
  type: 'uuid',
  ops: ['eq', 'in'],
  toWhere: (_op: FilterOp, values: FilterValue[]) => ({ OR: values.map((v) => ({ pricebookIds: { array_contains: [{ id: String(v).toLowerCase() }] } })) }),
};

export const RULES_SPEC: ListResourceSpec = RULE_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
    catalog_id: { column: 'catalogId', type: 'uuid', ops: ['eq', 'in'] },
    account_ids: naming('accountIds'),
    customer_ids: naming('customerIds'),
    channels: naming('channels'),
    tags: naming('tags'),
    pricebook_ids: pricebookField,
    created_at: { column: 'createdAt', type: 'datetime', ops: ['eq', 'gt', 'ge', 'lt', 'le'] },
  },
});

@Injectable()
export class RulesRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: Prisma.CatalogRuleUncheckedCreateInput, db: Db = this.prisma) {
    return db.catalogRule.create({ data });
  }

  find(id: string, db: Db = this.prisma) {
    return db.catalogRule.findUnique({ where: { id } });
  }

  /** Locks a rule for the rest of the transaction; false when there is none. */
  async lock(id: string, db: Db): Promise<boolean> {
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM catalog_rules WHERE id = ${id}::uuid FOR UPDATE`;
    return rows.length > 0;
  }

  update(id: string, data: Prisma.CatalogRuleUncheckedUpdateInput, db: Db = this.prisma) {
    return db.catalogRule.update({ where: { id }, data });
  }

  delete(id: string, db: Db = this.prisma) {
    return db.catalogRule.delete({ where: { id } });
  }

  /** Every rule, oldest first. */
  all(db: Db = this.prisma) {
    return db.catalogRule.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  /** Locks a catalog (a rule cannot name one being deleted); false when there is none. */
  async lockCatalog(id: string, db: Db): Promise<boolean> {
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM catalogs WHERE id = ${id}::uuid FOR SHARE`;
    return rows.length > 0;
  }

  async missingPricebooks(ids: string[], db: Db = this.prisma): Promise<string[]> {
    if (ids.length === 0) return [];
    const found = new Set((await db.priceBook.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((b) => b.id));
    return ids.filter((id) => !found.has(id));
  }

  list(q: ListQuery, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, RULES_SPEC) as Prisma.CatalogRuleFindManyArgs;
    return loadPage(q, {
      items: () => db.catalogRule.findMany(args),
      countMatching: () => db.catalogRule.count({ where: args.where }),
      countAll: () => db.catalogRule.count(),
    });
  }
}

/** `validate` pages its answer (`page[limit]`, `page[offset]`) and takes no filter or sort. */
export const VALIDATE_PAGE_SPEC: ListResourceSpec = { fields: { created_at: { column: 'createdAt', type: 'datetime' } }, defaultSort: 'created_at' };
