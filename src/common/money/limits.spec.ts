import { boundedTotal, isStorableAmount, MAX_AMOUNT } from './limits';

describe('money limits', () => {
  it('accepts integers from 0 to MAX_AMOUNT only', () => {
    expect(isStorableAmount(0)).toBe(true);
    expect(isStorableAmount(MAX_AMOUNT)).toBe(true);
    for (const bad of [MAX_AMOUNT + 1, -1, 1.5, 1e20, NaN, '5', null]) expect(isStorableAmount(bad)).toBe(false);
  });

  it('sums lines, or answers null once the total passes MAX_AMOUNT', () => {
    expect(boundedTotal([])).toBe(0);
    expect(boundedTotal([{ unitAmount: 250, quantity: 3 }, { unitAmount: 1000, quantity: 2 }])).toBe(2750);
    expect(boundedTotal([{ unitAmount: MAX_AMOUNT, quantity: 1 }])).toBe(MAX_AMOUNT);
    expect(boundedTotal([{ unitAmount: MAX_AMOUNT, quantity: 1 }, { unitAmount: 1, quantity: 1 }])).toBeNull();
    expect(boundedTotal([{ unitAmount: 2_000_000_000, quantity: 1_000_000 }])).toBeNull();
    expect(boundedTotal([{ unitAmount: 1e20, quantity: 1 }])).toBeNull();
  });
});
