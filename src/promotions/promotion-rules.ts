/**
 * What a promotion takes off a cart, as pure arithmetic on minor units. A percentage is rounded half up to the
 * minor unit once (per line for an item discount, on the cart's total for a cart discount); a cart discount is
 * then shared over the lines in proportion to what is left of each (largest remainder, earlier lines first on a
 * tie), so the lines' discounts add up to the cart's exactly.
 */

/** The four Promotions Standard types served; the others are refused with 422. */
export const SUPPORTED_PROMOTION_TYPES = ['fixed_discount', 'percent_discount', 'item_fixed_discount', 'item_percent_discount'] as const;
export type SupportedPromotionType = (typeof SUPPORTED_PROMOTION_TYPES)[number];
export const UNSUPPORTED_PROMOTION_TYPES = ['x_for_y', 'x_for_amount', 'bundle_fixed_discount', 'bundle_gift'] as const;

export const ITEM_PROMOTION_TYPES: readonly string[] = ['item_fixed_discount', 'item_percent_discount'];
export const CART_PROMOTION_TYPES: readonly string[] = ['fixed_discount', 'percent_discount'];

export interface CurrencyValue {
  currency: string;
  amount?: number;
  percentage?: number;
}

export interface PromotionSchema {
  currencies?: CurrencyValue[];
  targets?: string[];
  percent?: number;
}

export interface PromotionTerms {
  id: string;
  promotionType: string;
  enabled: boolean;
  start: Date;
  end: Date;
  schema: PromotionSchema;
  minCartValue: { amount: number; currency: string }[];
}

export interface Line {
  id: string;
  productId: string | null;
  sku: string;
  /** What is left of the line after the discounts before this one. */
  remaining: number;
  /** Its value before any discount. */
  value: number;
}

/** Why a promotion does not apply at `now`, or null when it does. */
export function inactiveReason(p: Pick<PromotionTerms, 'enabled' | 'start' | 'end'>, now: Date): 'disabled' | 'not started' | 'expired' | null {
  if (!p.enabled) return 'disabled';
  if (now < p.start) return 'not started';
  if (now >= p.end) return 'expired';
  return null;
}

/** The cart's value before discounts reaches the promotion's minimum in its currency (no minimum there: it does). */
export function meetsMinimum(p: Pick<PromotionTerms, 'minCartValue'>, currency: string, cartValue: number): boolean {
  const min = p.minCartValue.find((m) => m.currency.toUpperCase() === currency.toUpperCase());
  return !min || cartValue >= min.amount;
}

function currencyValue(p: PromotionTerms, currency: string): CurrencyValue | undefined {
  return p.schema.currencies?.find((c) => c.currency.toUpperCase() === currency.toUpperCase());
}

/** `amount × percentage / 100`, rounded half up; percentages have up to six decimal places. */
export function percentOf(amount: number, percentage: number): number {
  const millionths = BigInt(Math.round(percentage * 1_000_000));
  const scaled = BigInt(amount) * millionths;
  const divisor = 100_000_000n;
  return Number((scaled + divisor / 2n) / divisor);
}

/** An item promotion's targets: `all`, a product's SKU or its id. */
export function targets(p: PromotionTerms, line: Pick<Line, 'sku' | 'productId'>): boolean {
  const list = p.schema.targets ?? [];
  return list.includes('all') || list.includes(line.sku) || (line.productId !== null && list.includes(line.productId));
}

/** An item discount on each targeted line (a fixed amount per unit, or a percentage of the line). */
export function itemDiscounts(p: PromotionTerms, lines: (Line & { quantity: number })[], currency: string): { lineId: string; amount: number }[] {
  const out: { lineId: string; amount: number }[] = [];
  for (const line of lines) {
    if (!targets(p, line)) continue;
    let amount = 0;
    if (p.promotionType === 'item_fixed_discount') amount = (currencyValue(p, currency)?.amount ?? 0) * line.quantity;
    else if (p.promotionType === 'item_percent_discount') amount = percentOf(line.remaining, p.schema.percent ?? 0);
    amount = Math.min(amount, line.remaining);
    if (amount > 0) out.push({ lineId: line.id, amount });
  }
  return out;
}

/** A cart discount, shared over the lines in proportion to what is left of each. */
export function cartDiscounts(p: PromotionTerms, lines: Line[], currency: string): { lineId: string; amount: number }[] {
  const remaining = lines.reduce((sum, l) => sum + l.remaining, 0);
  const value = currencyValue(p, currency);
  if (!value || remaining <= 0) return [];
  const wanted = p.promotionType === 'fixed_discount' ? (value.amount ?? 0) : percentOf(remaining, value.percentage ?? 0);
  return share(Math.min(wanted, remaining), lines);
}

/** Largest remainder: each line's floor of its share, then one more unit to the largest remainders. */
export function share(total: number, lines: Pick<Line, 'id' | 'remaining'>[]): { lineId: string; amount: number }[] {
  const whole = lines.reduce((sum, l) => sum + l.remaining, 0);
  if (total <= 0 || whole <= 0) return [];
  const parts = lines.map((l, index) => {
    const exact = BigInt(total) * BigInt(l.remaining);
    return { lineId: l.id, index, amount: Number(exact / BigInt(whole)), remainder: Number(exact % BigInt(whole)) };
  });
  let left = total - parts.reduce((sum, p) => sum + p.amount, 0);
  for (const p of [...parts].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left === 0) break;
    p.amount++;
    left--;
  }
  return parts.filter((p) => p.amount > 0).map(({ lineId, amount }) => ({ lineId, amount }));
}
