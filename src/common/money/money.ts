export interface DisplayPrice {
  amount: number;
  currency: string;
  formatted: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string): Intl.NumberFormat {
  let f = formatters.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      f = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'XXX' });
    }
    formatters.set(currency, f);
  }
  return f;
}

const digitsByCurrency = new Map<string, number>();

/** Digits after the decimal point for a currency: 2 for USD, 0 for JPY, 3 for KWD. */
export function minorUnitDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    digits = formatter(currency).resolvedOptions().maximumFractionDigits ?? 2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** `amount` is in minor units: 40000 USD → "$400.00", 500 JPY → "¥500". */
export function formatMoney(amount: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return formatter(currency).format(amount / 10 ** digits);
}

export function displayPrice(amount: number, currency: string): DisplayPrice {
  return { amount, currency, formatted: formatMoney(amount, currency) };
}
