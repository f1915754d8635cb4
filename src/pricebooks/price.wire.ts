import { type PriceBookPrice } from '../generated/prisma/client';
import { boolean, closed, integer, string, uuid } from '../common/openapi/json-schema';
import { constant, field, jsonColumn, nested, wireFormat } from '../common/wire/wire-format';
import { customAttributesSchema, optionalJson } from '../pxm/attributes';
import { pxmTimes } from '../pxm/hierarchies/hierarchy.wire';
import { optionalText } from './pricebook.wire';

/** One quantity break: from `minimum_quantity` units on, each costs `amount`. */
export const tierSchema = closed({ minimum_quantity: integer({ minimum: 1 }), amount: integer({ minimum: 0 }) });

/** One currency's price, in minor units. */
export const currencyPriceSchema = closed(
  { amount: integer({ minimum: 0 }), includes_tax: boolean(), tiers: { type: 'object', additionalProperties: tierSchema } },
  ['tiers'],
);

/** `{"USD": {...}, "EUR": {...}}`: keyed by currency code. */
export const currenciesSchema = { type: 'object', additionalProperties: currencyPriceSchema, propertyNames: { pattern: '^[A-Z]{3}$' } };

export interface CurrencyPrice {
  amount: number;
  includes_tax: boolean;
  tiers?: Record<string, { minimum_quantity: number; amount: number }>;
}
export type Currencies = Record<string, CurrencyPrice>;

const ATTRIBUTES = wireFormat<PriceBookPrice>()([
  field('sku', 'sku', string({ minLength: 1 })),
  jsonColumn<PriceBookPrice, void, 'currencies', Currencies>('currencies', 'currencies', (r) => r.currencies as unknown as Currencies, currenciesSchema),
  optionalText<PriceBookPrice, 'external_ref', 'externalRef'>('external_ref', 'externalRef', 'external_ref'),
  optionalJson('admin_attributes', 'admin_attributes', (r: PriceBookPrice) => r.adminAttributes, customAttributesSchema),
  optionalJson('shopper_attributes', 'shopper_attributes', (r: PriceBookPrice) => r.shopperAttributes, customAttributesSchema),
  ...pxmTimes<PriceBookPrice, void>(),
]);

/** A price as `/pcm/pricebooks/:id/prices` answers it; `meta.pricebook_id` names its book. */
export const PRICE_WIRE = wireFormat<PriceBookPrice>()([
  field('id', 'id', uuid(), { filter: ['eq', 'in'] }),
  constant('type', 'product-price'),
  nested('attributes', ATTRIBUTES),
  nested('meta', wireFormat<PriceBookPrice>()([constant('owner', 'store'), field('pricebook_id', 'priceBookId', uuid())])),
]);
