import { UnprocessableError } from '../errors/api-error';

/**
 * Largest amount in minor units: amounts, line values and totals are stored in 32-bit integer columns
 * (prices, cart and order lines, order totals, transactions). 2,147,483,647 is $21,474,836.47.
 */
export const MAX_AMOUNT = 2_147_483_647;

/** Largest quantity of one cart line. */
export const MAX_QUANTITY = 1_000_000;

/** Largest stock level of a product (a 32-bit integer column). */
export const MAX_STOCK = 2_147_483_647;

export function isStorableAmount(amount: unknown): amount is number {
  return Number.isSafeInteger(amount) && (amount as number) >= 0 && (amount as number) <= MAX_AMOUNT;
}

export interface PricedLine {
  unitAmount: number;
  quantity: number;
}

/** Σ unitAmount × quantity, or null as soon as it passes MAX_AMOUNT (so nothing beyond safe integers is ever summed). */
export function boundedTotal(lines: PricedLine[]): number | null {
  let total = 0;
  for (const line of lines) {
    if (!isStorableAmount(line.unitAmount) || !Number.isSafeInteger(line.quantity) || line.quantity < 0) return null;
    total += line.unitAmount * line.quantity;
    if (total > MAX_AMOUNT) return null;
  }
  return total;
}

/** 422 for a cart or order whose total would pass MAX_AMOUNT. */
export function totalTooLarge(what: 'Cart' | 'Order'): UnprocessableError {
  return new UnprocessableError(
    `${what} total too large`,
    `The ${what.toLowerCase()} total would exceed ${MAX_AMOUNT} in minor units, the largest amount this store can hold`,
  );
}
