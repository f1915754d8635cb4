import { cartDiscounts, inactiveReason, itemDiscounts, meetsMinimum, percentOf, PromotionTerms, share } from './promotion-rules';

const terms = (over: Partial<PromotionTerms>): PromotionTerms => ({
  id: 'p',
  promotionType: 'percent_discount',
  enabled: true,
  start: new Date('2020-01-01'),
  end: new Date('2100-01-01'),
  schema: {},
  minCartValue: [],
  ...over,
});
const line = (id: string, value: number, extra: Partial<{ sku: string; productId: string | null; quantity: number }> = {}) => ({
  id,
  sku: extra.sku ?? id,
  productId: extra.productId ?? null,
  quantity: extra.quantity ?? 1,
  value,
  remaining: value,
});

describe('promotion rules', () => {
  it('rounds a percentage half up to the minor unit, with six decimal places', () => {
    expect(percentOf(1005, 10)).toBe(101); // 100.5 → 101
    expect(percentOf(1004, 10)).toBe(100); // 100.4 → 100
    expect(percentOf(10000, 12.345678)).toBe(1235);
    expect(percentOf(2_147_483_647, 100)).toBe(2_147_483_647);
  });

  it('shares a cart discount in proportion, the lines adding up to it exactly', () => {
    const parts = share(100, [
      { id: 'a', remaining: 1 },
      { id: 'b', remaining: 1 },
      { id: 'c', remaining: 1 },
    ]);
    expect(parts).toEqual([
      { lineId: 'a', amount: 34 },
      { lineId: 'b', amount: 33 },
      { lineId: 'c', amount: 33 },
    ]);
    expect(share(500, [{ id: 'a', remaining: 3000 }, { id: 'b', remaining: 1000 }])).toEqual([
      { lineId: 'a', amount: 375 },
      { lineId: 'b', amount: 125 },
    ]);
  });

  it('takes a fixed cart discount no further than the cart total', () => {
    const p = terms({ promotionType: 'fixed_discount', schema: { currencies: [{ currency: 'USD', amount: 5000 }] } });
    const parts = cartDiscounts(p, [line('a', 1200), line('b', 800)], 'USD');
    expect(parts.reduce((s, x) => s + x.amount, 0)).toBe(2000);
    expect(cartDiscounts(p, [line('a', 1200)], 'EUR')).toEqual([]);
  });

  it('gives an item discount to targeted lines only, per unit for a fixed amount', () => {
    const p = terms({ promotionType: 'item_fixed_discount', schema: { targets: ['MUG'], currencies: [{ currency: 'USD', amount: 150 }] } });
    expect(itemDiscounts(p, [line('a', 1000, { sku: 'MUG', quantity: 2 }), line('b', 1000)], 'USD')).toEqual([{ lineId: 'a', amount: 300 }]);
    const pct = terms({ promotionType: 'item_percent_discount', schema: { targets: ['all'], percent: 25 } });
    expect(itemDiscounts(pct, [line('a', 999)], 'USD')).toEqual([{ lineId: 'a', amount: 250 }]);
  });

  it('is active between start and end when enabled, and checks the minimum in the cart currency', () => {
    const now = new Date('2030-01-01');
    expect(inactiveReason(terms({}), now)).toBeNull();
    expect(inactiveReason(terms({ enabled: false }), now)).toBe('disabled');
    expect(inactiveReason(terms({ end: new Date('2029-01-01') }), now)).toBe('expired');
    expect(inactiveReason(terms({ start: new Date('2031-01-01') }), now)).toBe('not started');
    const p = terms({ minCartValue: [{ currency: 'USD', amount: 1000 }] });
    expect(meetsMinimum(p, 'USD', 999)).toBe(false);
    expect(meetsMinimum(p, 'USD', 1000)).toBe(true);
    expect(meetsMinimum(p, 'EUR', 1)).toBe(true);
  });
});
