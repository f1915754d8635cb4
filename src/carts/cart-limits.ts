import { boundedTotal, PricedLine, totalTooLarge } from '../common/money/limits';

/** Hard limit of unique items per cart (as Elastic Path's carts have). */
export const MAX_CART_ITEMS = 100;

/** 422 when the cart's lines would total more than an amount can hold. */
export function assertCartTotal(lines: PricedLine[]): void {
  if (boundedTotal(lines) === null) throw totalTooLarge('Cart');
}
