import { displayPrice, formatMoney, formatWithStoreFormat, minorUnitDigits, useStoreCurrencyFormats } from './money';

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

  it('writes a store currency with its format, separators and decimal places', () => {
    const euro = { format: '{price} €', decimalPoint: ',', thousandSeparator: '.', decimalPlaces: 2 };
    expect(formatWithStoreFormat(123456789, euro)).toBe('1.234.567,89 €');
    expect(formatWithStoreFormat(5, euro)).toBe('0,05 €');
    expect(formatWithStoreFormat(-150, euro)).toBe('-1,50 €');
    expect(formatWithStoreFormat(1234567, { format: '¥{price}', decimalPoint: '.', thousandSeparator: ',', decimalPlaces: 0 })).toBe('¥1,234,567');
    useStoreCurrencyFormats(new Map([['EUR', euro]]));
    try {
      expect(formatMoney(1000, 'EUR')).toBe('10,00 €');
      expect(formatMoney(1000, 'USD')).toBe('$10.00');
    } finally {
      useStoreCurrencyFormats(new Map());
    }
  });
});
