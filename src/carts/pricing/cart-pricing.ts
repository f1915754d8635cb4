import type { Db } from '../../prisma/prisma.service';

/**
 * Cart totals are a pipeline: line values → item discounts → cart discounts → tax → totals. Each stage but the
 * first and the last is a step another module registers (`@CartPricingStep(stage)`); the steps return
 * adjustments as data and never change the cart. The totals are one pure function (`lineTotals`, `cartTotalsOf`)
 * that the cart and the order both read.
 */
export const CART_PRICING_STAGES = ['item_discounts', 'cart_discounts', 'tax'] as const;
export type CartPricingStage = (typeof CART_PRICING_STAGES)[number];

/** A line as the steps see it: what it is and what it is worth before any adjustment. */
export interface PricingLine {
  id: string;
  productId: string | null;
  sku: string;
  unitAmount: number;
  quantity: number;
}

/** One discount on one line, in minor units (a positive amount taken off). */
export interface LineDiscount {
  /** The promotion's id, as Elastic Path names a discount. */
  id: string;
  code: string | null;
  amount: number;
  is_cart_discount: boolean;
  promotion_source: string;
}

/** A promotion the cart's pricing applied: what the cart's promotion items show. */
export interface AppliedPromotion {
  promotion_id: string;
  code: string | null;
  name: string;
  description: string;
  promotion_type: string;
  /** The sum of its line discounts (positive). */
  amount: number;
}

/** What the steps before this one decided: the lines, their discounts so far, the cart's currency and the time. */
export interface PricingState {
  cartId: string;
  currency: string;
  now: Date;
  lines: PricingLine[];
  discounts: Map<string, LineDiscount[]>;
}

export interface PricingAdjustments {
  /** Discounts per line id; the pipeline clamps each so that no line goes below zero. */
  discounts: { lineId: string; discount: LineDiscount }[];
  promotions: AppliedPromotion[];
}

export interface CartPricingStepProvider {
  adjust(state: Readonly<PricingState>, db: Db): Promise<PricingAdjustments>;
}

/** A line's value before and after its discounts; never below zero. */
export function lineTotals(line: Pick<PricingLine, 'unitAmount' | 'quantity'>, discounts: readonly Pick<LineDiscount, 'amount'>[]) {
  const withoutDiscount = line.unitAmount * line.quantity;
  const discount = Math.min(withoutDiscount, discounts.reduce((sum, d) => sum + d.amount, 0));
  return { withoutDiscount, discount, value: withoutDiscount - discount };
}

/** The cart's (or order's) totals from its lines and their discounts. */
export function cartTotalsOf(lines: { unitAmount: number; quantity: number; discounts: readonly Pick<LineDiscount, 'amount'>[] }[]) {
  let withoutDiscount = 0;
  let discount = 0;
  for (const line of lines) {
    const t = lineTotals(line, line.discounts);
    withoutDiscount += t.withoutDiscount;
    discount += t.discount;
  }
  return { withoutDiscount, discount, total: withoutDiscount - discount };
}
