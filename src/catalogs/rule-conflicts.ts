import { onTogether, ruleScore, RuleSchedule, ShopperContext, ShopperCriteria } from './rule-matching';

/** The first value both lists name, or, when only one list names values, its first; null when both do and share none. */
function common(a: readonly string[], b: readonly string[]): string | undefined | null {
  if (a.length === 0 || b.length === 0) return a[0] ?? b[0];
  return a.find((v) => b.includes(v)) ?? null;
}

/**
 * A shopper context both rules match, or null when there is none: per criterion (channel, tag, shopper), a value
 * both rules name when both name the criterion, else the value of the one that does. For the shopper, "the same"
 * means the same customer or the same account.
 */
export function sharedShopper(a: ShopperCriteria, b: ShopperCriteria): ShopperContext | null {
  const channel = common(a.channels, b.channels);
  const tag = common(a.tags, b.tags);
  if (channel === null || tag === null) return null;
  const context: ShopperContext = {};
  if (channel !== undefined) context.channel = channel;
  if (tag !== undefined) context.tag = tag;
  const aNames = a.customerIds.length > 0 || a.accountIds.length > 0;
  const bNames = b.customerIds.length > 0 || b.accountIds.length > 0;
  if (aNames && bNames) {
    const customer = a.customerIds.find((v) => b.customerIds.includes(v));
    const account = customer === undefined ? a.accountIds.find((v) => b.accountIds.includes(v)) : undefined;
    if (customer === undefined && account === undefined) return null;
    if (customer !== undefined) context.customerId = customer;
    if (account !== undefined) context.accountId = account;
  } else if (aNames || bNames) {
    const one = aNames ? a : b;
    if (one.customerIds.length > 0) context.customerId = one.customerIds[0];
    else context.accountId = one.accountIds[0];
  }
  return context;
}

type ConflictShape = ShopperCriteria & { schedules: readonly RuleSchedule[] | null };

/**
 * Whether two rules conflict: at some moment both are on by their schedules, some shopper is matched by both, and
 * the resolver scores them the same for that shopper (`ruleScore`), so it could only choose by age. A rule naming
 * more criteria than the other wins for the shoppers both match, and is no conflict. Catalog, price books, name and
 * account tags play no part: the resolver does not read them.
 */
export function rulesConflict(a: ConflictShape, b: ConflictShape): boolean {
  const shopper = sharedShopper(a, b);
  if (shopper === null || !onTogether(a.schedules, b.schedules)) return false;
  const scoreA = ruleScore(a, shopper);
  return scoreA !== null && scoreA === ruleScore(b, shopper);
}
