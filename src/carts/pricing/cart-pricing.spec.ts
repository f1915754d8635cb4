import { cartTotalsOf, lineTotals } from './cart-pricing';

describe('cart totals', () => {
  it('takes a line\'s discounts off its value, never below zero', () => {
    expect(lineTotals({ unitAmount: 500, quantity: 2 }, [{ amount: 300 }, { amount: 200 }])).toEqual({ withoutDiscount: 1000, discount: 500, value: 500 });
    expect(lineTotals({ unitAmount: 500, quantity: 1 }, [{ amount: 800 }])).toEqual({ withoutDiscount: 500, discount: 500, value: 0 });
  });

  it('adds the lines up: the total, the discount and the total without it', () => {
    const totals = cartTotalsOf([
      { unitAmount: 1000, quantity: 1, discounts: [{ amount: 100 }] },
      { unitAmount: 250, quantity: 4, discounts: [] },
    ]);
    expect(totals).toEqual({ withoutDiscount: 2000, discount: 100, total: 1900 });
  });
});
