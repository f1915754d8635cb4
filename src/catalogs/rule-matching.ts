/** When a rule is on: either end may be open (null or left out). */
export interface RuleSchedule {
  valid_from?: string | null;
  valid_to?: string | null;
}

/** A rule as the resolver weighs it. */
export interface MatchableRule {
  id: string;
  catalogId: string;
  channels: string[];
  tags: string[];
  customerIds: string[];
  accountIds: string[];
  schedules: RuleSchedule[] | null;
  createdAt: Date;
}

/** Whom a rule is for: the criteria the resolver reads. */
export type ShopperCriteria = Pick<MatchableRule, 'channels' | 'tags' | 'customerIds' | 'accountIds'>;

/** Who is asking: the `EP-Channel` and `EP-Context-Tag` headers, the shopper's customer or account. */
export interface ShopperContext {
  channel?: string;
  tag?: string;
  customerId?: string;
  accountId?: string;
}

/** A rule with no schedules is always on; else `now` must fall in one of them (either end open, both ends in). */
export function isScheduledAt(rule: Pick<MatchableRule, 'schedules'>, now: Date): boolean {
  if (!rule.schedules || rule.schedules.length === 0) return true;
  const t = now.getTime();
  return rule.schedules.some((s) => (s.valid_from == null || Date.parse(s.valid_from) <= t) && (s.valid_to == null || t <= Date.parse(s.valid_to)));
}

const startOf = (s: RuleSchedule) => (s.valid_from != null ? Date.parse(s.valid_from) : -Infinity);
const endOf = (s: RuleSchedule) => (s.valid_to != null ? Date.parse(s.valid_to) : Infinity);

/** Two schedules share a moment (both ends included, an open end unbounded). */
export function schedulesOverlap(a: RuleSchedule, b: RuleSchedule): boolean {
  return startOf(a) <= endOf(b) && startOf(b) <= endOf(a);
}

/** Some moment when both rules are on; a rule with no schedules is always on. */
export function onTogether(a: readonly RuleSchedule[] | null, b: readonly RuleSchedule[] | null): boolean {
  const always: RuleSchedule[] = [{}];
  const mine = a && a.length > 0 ? a : always;
  const theirs = b && b.length > 0 ? b : always;
  return mine.some((x) => theirs.some((y) => schedulesOverlap(x, y)));
}

/**
 * How many of channel, tag and shopper (customer or account) `rule` matches in `context`, or null when it does
 * not match: a rule naming channels matches only a request with one of them (tags, customers, accounts alike);
 * an empty list matches anything and scores nothing.
 */
export function ruleScore(rule: ShopperCriteria, context: ShopperContext): number | null {
  let score = 0;
  if (rule.channels.length > 0) {
    if (context.channel === undefined || !rule.channels.includes(context.channel)) return null;
    score++;
  }
  if (rule.tags.length > 0) {
    if (context.tag === undefined || !rule.tags.includes(context.tag)) return null;
    score++;
  }
  if (rule.customerIds.length > 0 || rule.accountIds.length > 0) {
    const customer = context.customerId !== undefined && rule.customerIds.includes(context.customerId);
    const account = context.accountId !== undefined && rule.accountIds.includes(context.accountId);
    if (!customer && !account) return null;
    score++;
  }
  return score;
}

/**
 * The rule a shopper in `context` gets at `now`, among those whose catalog `isPublished`: the one matching most
 * criteria; on a tie the oldest. Null when none matches.
 */
export function pickRule<R extends MatchableRule>(rules: readonly R[], context: ShopperContext, now: Date, isPublished: (catalogId: string) => boolean = () => true): R | null {
  let best: { rule: R; score: number } | null = null;
  for (const rule of rules) {
    if (!isPublished(rule.catalogId) || !isScheduledAt(rule, now)) continue;
    const score = ruleScore(rule, context);
    if (score === null) continue;
    if (!best || score > best.score || (score === best.score && older(rule, best.rule))) best = { rule, score };
  }
  return best?.rule ?? null;
}

function older(a: MatchableRule, b: MatchableRule): boolean {
  const d = a.createdAt.getTime() - b.createdAt.getTime();
  return d !== 0 ? d < 0 : a.id < b.id;
}
