import type { CatalogRule } from '../generated/prisma/client';
import { isScheduledAt } from './rule-matching';

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
  schedules?: { valid_from: string | null; valid_to: string | null }[];
  /** The rule must be on at this time. */
  matchDate?: Date;
}

type Schedule = { valid_from?: string | null; valid_to?: string | null };

const names = (list: string[], wanted: string[] | undefined) => !wanted || wanted.length === 0 || wanted.some((v) => list.includes(v));

const start = (s: Schedule) => (s.valid_from != null ? Date.parse(s.valid_from) : -Infinity);
const end = (s: Schedule) => (s.valid_to != null ? Date.parse(s.valid_to) : Infinity);

/** Two schedules share a moment. A rule with no schedules is always on. */
function overlaps(ruleSchedules: Schedule[] | null, wanted: Schedule[] | undefined): boolean {
  if (!wanted || wanted.length === 0) return true;
  const mine = ruleSchedules && ruleSchedules.length > 0 ? ruleSchedules : [{}];
  return mine.some((a) => wanted.some((b) => start(a) <= end(b) && start(b) <= end(a)));
}

/** Whether `rule` meets every criterion given: a list criterion holds when the rule names one of its values. */
export function ruleMeets(rule: CatalogRule, c: RuleCriteria): boolean {
  const schedules = Array.isArray(rule.schedules) ? (rule.schedules as Schedule[]) : null;
  const books = Array.isArray(rule.pricebookIds) ? (rule.pricebookIds as { id: string }[]).map((b) => b.id) : [];
  return (
    (c.name === undefined || rule.name === c.name) &&
    (c.catalogId === undefined || rule.catalogId === c.catalogId) &&
    names(rule.channels, c.channels) &&
    names(rule.tags, c.tags) &&
    names(rule.accountIds, c.accountIds) &&
    names(rule.accountTagIds, c.accountTagIds) &&
    names(rule.customerIds, c.customerIds) &&
    names(books, c.pricebookIds) &&
    overlaps(schedules, c.schedules) &&
    (c.matchDate === undefined || isScheduledAt({ schedules }, c.matchDate))
  );
}
