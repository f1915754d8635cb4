import { displayPrice, formatMoney, minorUnitDigits } from './money';

describe('money', () => {
  it('formats two-decimal, zero-decimal and three-decimal currencies from minor units', () => {
    expect(formatMoney(40000, 'USD')).toBe('$400.00');
    expect(formatMoney(500, 'JPY')).toBe('¥500');
    expect(minorUnitDigits('KWD')).toBe(3);
    expect(formatMoney(1234, 'GBP')).toBe('£12.34');
    expect(displayPrice(0, 'EUR')).toEqual({ amount: 0, currency: 'EUR', formatted: '€0.00' });
  });

  it('never throws for an unknown currency code', () => {
    expect(typeof formatMoney(100, 'ZZZ')).toBe('string');
  });
});
