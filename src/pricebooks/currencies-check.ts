import { BadRequestError } from '../common/errors/api-error';
import { Currencies } from './price.wire';

const MAX_AMOUNT = 2147483647;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isAmount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_AMOUNT;

/**
 * `currencies` as Elastic Path takes it: `{"USD": {"amount": 100, "includes_tax": false, "tiers": {"min_5":
 * {"minimum_quantity": 5, "amount": 50}}}}`, amounts integers in minor units. Whether each code is one of the
 * store's currencies is checked apart (422). Returns the map with `includes_tax` defaulted to false.
 */
export function checkCurrencies(value: Record<string, unknown>, source: string): Currencies {
  const entries = Object.entries(value);
  if (entries.length === 0) throw new BadRequestError(`${source} must name at least one currency`, source);
  const out: Currencies = {};
  for (const [code, price] of entries) {
    const at = `${source}.${code}`;
    if (!/^[A-Za-z]{3}$/.test(code)) throw new BadRequestError(`${source}: ${JSON.stringify(code)} is not a three-letter currency code`, at);
    if (!isObject(price)) throw new BadRequestError(`${at} must be an object`, at);
    for (const key of Object.keys(price)) if (!['amount', 'includes_tax', 'tiers'].includes(key)) throw new BadRequestError(`${at}.${key} is not a member of a price`, `${at}.${key}`);
    if (!isAmount(price.amount)) throw new BadRequestError(`${at}.amount must be an integer from 0 to ${MAX_AMOUNT} (minor units)`, `${at}.amount`);
    if (price.includes_tax !== undefined && typeof price.includes_tax !== 'boolean') throw new BadRequestError(`${at}.includes_tax must be true or false`, `${at}.includes_tax`);
    const entry: Currencies[string] = { amount: price.amount, includes_tax: price.includes_tax ?? false };
    if (price.tiers !== undefined) {
      if (!isObject(price.tiers)) throw new BadRequestError(`${at}.tiers must be an object`, `${at}.tiers`);
      const tiers: NonNullable<Currencies[string]['tiers']> = {};
      for (const [name, tier] of Object.entries(price.tiers)) {
        const tat = `${at}.tiers.${name}`;
        if (name.length === 0 || name.length > 255) throw new BadRequestError(`${at}.tiers: a tier name has 1 to 255 characters`, `${at}.tiers`);
        if (!isObject(tier)) throw new BadRequestError(`${tat} must be an object`, tat);
        for (const key of Object.keys(tier)) if (key !== 'minimum_quantity' && key !== 'amount') throw new BadRequestError(`${tat}.${key} is not a member of a tier`, `${tat}.${key}`);
        if (!isAmount(tier.minimum_quantity) || tier.minimum_quantity < 1) throw new BadRequestError(`${tat}.minimum_quantity must be a positive integer`, `${tat}.minimum_quantity`);
        if (!isAmount(tier.amount)) throw new BadRequestError(`${tat}.amount must be an integer from 0 to ${MAX_AMOUNT} (minor units)`, `${tat}.amount`);
        tiers[name] = { minimum_quantity: tier.minimum_quantity, amount: tier.amount };
      }
      entry.tiers = tiers;
    }
    out[code] = entry;
  }
  return out;
}
