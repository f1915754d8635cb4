export interface DisplayPrice {
  amount: number;
  currency: string;
  formatted: string;
}

interface CurrencyFormat {
  formatter: Intl.NumberFormat;
  /** Digits after the decimal point: 2 for USD, 0 for JPY, 3 for KWD. */
  digits: number;
}

const formats = new Map<string, CurrencyFormat>();

function currencyFormat(currency: string): CurrencyFormat {
  let f = formats.get(currency);
  if (!f) {
    let formatter: Intl.NumberFormat;
    try {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'XXX' });
    }
    f = { formatter, digits: formatter.resolvedOptions().maximumFractionDigits ?? 2 };
    formats.set(currency, f);
  }
  return f;
}

/** Digits after the decimal point for a currency: 2 for USD, 0 for JPY, 3 for KWD. */
export function minorUnitDigits(currency: string): number {
  return currencyFormat(currency).digits;
}

/** `amount` is in minor units: 40000 USD → "$400.00", 500 JPY → "¥500". */
export function formatMoney(amount: number, currency: string): string {
  const { formatter, digits } = currencyFormat(currency);
  return formatter.format(amount / 10 ** digits);
}

export function displayPrice(amount: number, currency: string): DisplayPrice {
  return { amount, currency, formatted: formatMoney(amount, currency) };
}
