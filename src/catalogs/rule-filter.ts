import type { CatalogRule } from '../generated/prisma/client';
import { isScheduledAt, onTogether, RuleSchedule } from './rule-matching';
import { shapeOfRule } from './rule-shape';

/** What `validate` with `match_type: filter` asks of rules; every criterion given must hold. */
export interface RuleCriteria {
  name?: string;
  catalogId?: string;
  channels?: string[];
  tags?: string[];
  accountIds?: string[];
  accountTagIds?: string[];
  customerIds?: string[];
  pricebookIds?: string[];
  schedules?: RuleSchedule[];
  /** The rule must be on at this time. */
  matchDate?: Date;
}

const names = (list: string[], wanted: string[] | undefined) => !wanted || wanted.length === 0 || wanted.some((v) => list.includes(v));

/** Whether `rule` meets every criterion given: a list criterion holds when the rule names one of its values. */
export function ruleMeets(row: CatalogRule, c: RuleCriteria): boolean {
  const rule = shapeOfRule(row);
  return (
    (c.name === undefined || rule.name === c.name) &&
    (c.catalogId === undefined || rule.catalogId === c.catalogId) &&
    names(rule.channels, c.channels) &&
    names(rule.tags, c.tags) &&
    names(rule.accountIds, c.accountIds) &&
    names(rule.accountTagIds, c.accountTagIds) &&
    names(rule.customerIds, c.customerIds) &&
    names(rule.pricebookIds, c.pricebookIds) &&
    (!c.schedules || c.schedules.length === 0 || onTogether(rule.schedules, c.schedules)) &&
    (c.matchDate === undefined || isScheduledAt(rule, c.matchDate))
  );
}
