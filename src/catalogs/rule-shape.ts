import type { CatalogRule } from '../generated/prisma/client';
import type { RuleSchedule, ShopperCriteria } from './rule-matching';

/**
 * A rule's criteria in one form, whether a stored rule's or the rule a `validate` request supplies: ids lower-case,
 * price books by id, no schedules meaning always on.
 */
export interface RuleShape extends ShopperCriteria {
  name?: string;
  catalogId?: string;
  accountTagIds: string[];
  pricebookIds: string[];
  schedules: RuleSchedule[];
}

/** A stored rule's criteria. */
export function shapeOfRule(row: CatalogRule): RuleShape & { name: string; catalogId: string } {
  return {
    name: row.name,
    catalogId: row.catalogId,
    channels: row.channels,
    tags: row.tags,
    customerIds: row.customerIds,
    accountIds: row.accountIds,
    accountTagIds: row.accountTagIds,
    pricebookIds: Array.isArray(row.pricebookIds) ? (row.pricebookIds as { id: string }[]).map((b) => b.id) : [],
    schedules: Array.isArray(row.schedules) ? (row.schedules as RuleSchedule[]) : [],
  };
}
