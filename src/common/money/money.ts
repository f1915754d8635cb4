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

/** How the store writes amounts of a currency it configured (`/v2/currencies`). */
export interface StoreCurrencyFormat {
  /** The displayed amount, `{price}` standing for the number: `${price}`, `{price} €`. */
  format: string;
  decimalPoint: string;
  thousandSeparator: string;
  decimalPlaces: number;
}

/** The store's currencies by code; a currency it did not configure is written the usual way for its code. */
let storeFormats = new Map<string, StoreCurrencyFormat>();

/** Replaces the store's currency formats (the currencies module, at start and after each change). */
export function useStoreCurrencyFormats(formats: ReadonlyMap<string, StoreCurrencyFormat>): void {
  storeFormats = new Map(formats);
}

/** Digits after the decimal point for a currency: the store's setting, else 2 for USD, 0 for JPY, 3 for KWD. */
export function minorUnitDigits(currency: string): number {
  return storeFormats.get(currency)?.decimalPlaces ?? currencyFormat(currency).digits;
}

/** `amount` is in minor units: 40000 USD → "$400.00", 500 JPY → "¥500". */
export function formatMoney(amount: number, currency: string): string {
  const store = storeFormats.get(currency);
  if (store) return formatWithStoreFormat(amount, store);
  const { formatter, digits } = currencyFormat(currency);
  return formatter.format(amount / 10 ** digits);
}

/** 123456789 with `{price} €`, ',' and '.', 2 places → "1.234.567,89 €"; a negative amount leads with '-'. */
export function formatWithStoreFormat(amount: number, f: StoreCurrencyFormat): string {
  const digits = Math.abs(Math.trunc(amount)).toString().padStart(f.decimalPlaces + 1, '0');
  const whole = digits.slice(0, digits.length - f.decimalPlaces);
  const fraction = digits.slice(digits.length - f.decimalPlaces);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, f.thousandSeparator);
  const price = fraction ? `${grouped}${f.decimalPoint}${fraction}` : grouped;
  return `${amount < 0 ? '-' : ''}${f.format.split('{price}').join(price)}`;
}

export function displayPrice(amount: number, currency: string): DisplayPrice {
  return { amount, currency, formatted: formatMoney(amount, currency) };
}
