import type { Cart, CartItem } from '../generated/prisma/client';
import { apiLink, linkBase } from '../common/http/request-context';
import { timestamps } from '../common/http/timestamps';
import { displayPrice } from '../common/money/money';
import { arrayOf, boolean, closed, constant as constantSchema, dateTime, integer, oneOfStrings, open, ref, string, uuid } from '../common/openapi/json-schema';
import { WIRE } from '../common/openapi/wire-schemas';
import { constant, field, nested, presentedOnly, timestampsMember, wireFormat, type WireMember } from '../common/wire/wire-format';
import { AppliedPromotion, cartTotalsOf, LineDiscount, lineTotals } from './pricing/cart-pricing';
import { storedDiscounts, storedPromotions } from './pricing/cart-pricing.service';

/*
 * A cart, its items and the promotions applied to it, as the API shows them: their OpenAPI schemas (cart.schema.ts),
 * presented types and the carts' list fields come from here. Their prices come from the cart's pricing, which only
 * JavaScript computes, so these formats are presented, never written by the database.
 */

export type CartWithItems = Cart & { items: CartItem[] };

/** Store default when a cart has neither items nor a chosen currency. */
export const DEFAULT_CURRENCY = 'USD';

/** A discount is written negative; no discount is 0, not -0. */
const negative = (amount: number) => (amount === 0 ? 0 : -amount);

/** `displayPrice(amount, currency)` of an amount of a row that knows its currency. */
function price<Row extends { currency: string }, K extends string>(key: K, amount: (row: Row) => number): WireMember<Row, void, K, ReturnType<typeof displayPrice>> {
  return presentedOnly<Row, void, K, ReturnType<typeof displayPrice>>(key, (row) => displayPrice(amount(row), row.currency), ref(WIRE.DisplayPrice));
}

/** `{amount, currency, includes_tax}` of an amount of a row. */
function money<Row extends { currency: string; includesTax: boolean }, K extends string>(key: K, amount: (row: Row) => number) {
  return presentedOnly<Row, void, K, { amount: number; currency: string; includes_tax: boolean }>(key, (row) => ({ amount: amount(row), currency: row.currency, includes_tax: row.includesTax }), ref(WIRE.Money));
}

/** `{unit, value}` display prices of a line, for one of its price kinds. */
function unitAndValue<Row extends { currency: string }, K extends string>(key: K, unit: (row: Row) => number, value: (row: Row) => number) {
  return nested(key, wireFormat<Row>()([price('unit', unit), price('value', value)]));
}

/** `with_tax` and `without_tax` alike and `tax` 0: a cart's prices carry no tax of their own. */
function untaxed<Row extends { currency: string }>(unit: (row: Row) => number, value: (row: Row) => number) {
  return [unitAndValue('with_tax', unit, value), unitAndValue('without_tax', unit, value), unitAndValue<Row, 'tax'>('tax', () => 0, () => 0)] as const;
}

// ---------- totals ----------

/** A cart's totals after its discounts, in its currency. */
export interface CartTotalsRow {
  currency: string;
  total: number;
  discount: number;
  withoutDiscount: number;
}

/** `meta.display_price` of a cart and of its items' documents (`discount` negative, as Elastic Path writes it). */
export const CART_TOTALS_WIRE = wireFormat<CartTotalsRow>()([
  price('with_tax', (t) => t.total),
  price('without_tax', (t) => t.total),
  price('tax', () => 0),
  price('discount', (t) => negative(t.discount)),
  price('without_discount', (t) => t.withoutDiscount),
]);

/** The currency of a cart's prices: its items', else the one chosen for it, else the store default. */
function cartCurrency(cart: CartWithItems): string {
  return cart.items[0]?.currency ?? cart.currency ?? DEFAULT_CURRENCY;
}

export function cartTotalsRow(cart: CartWithItems): CartTotalsRow {
  const { total, discount, withoutDiscount } = cartTotalsOf(cart.items.map((i) => ({ ...i, discounts: storedDiscounts(i) })));
  return { currency: cartCurrency(cart), total, discount, withoutDiscount };
}

// ---------- cart ----------

/** A cart expires this long after its last change (Elastic Path's 7 days). */
const CART_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const CART_WIRE = wireFormat<CartWithItems>()([
  constant('type', 'cart'),
  field('id', 'id', string({ description: 'The reference the client chose' }), { filter: ['eq', 'in'] }),
  field('name', 'name', string(), { filter: ['eq', 'like'] }),
  field('description', 'description', string()),
  presentedOnly('links', (cart) => ({ self: apiLink(`/carts/${encodeURIComponent(cart.id)}`) }), ref(WIRE.SelfLink)),
  nested(
    'meta',
    wireFormat<CartWithItems>()([
      presentedOnly('display_price', (cart) => CART_TOTALS_WIRE.present(cartTotalsRow(cart)), ref('CartTotals')),
      presentedOnly(
        'timestamps',
        (cart) => ({ ...timestamps(cart), expires_at: new Date(cart.updatedAt.getTime() + CART_LIFETIME_MS).toISOString() }),
        closed({ created_at: dateTime(), updated_at: dateTime(), expires_at: dateTime({ description: '7 days after the last change' }) }),
      ),
    ]),
  ),
  nested(
    'relationships',
    wireFormat<CartWithItems>()([
      presentedOnly(
        'items',
        (cart) => ({
          data: [
            ...cart.items.map((i) => ({ type: i.productId === null ? 'custom_item' : 'cart_item', id: i.id })),
            ...storedPromotions(cart).map((p) => ({ type: 'promotion_item', id: p.promotion_id })),
          ],
        }),
        closed({ data: arrayOf(closed({ type: oneOfStrings(['cart_item', 'custom_item', 'promotion_item']), id: uuid() })) }),
      ),
    ]),
  ),
]);

// ---------- items ----------

/** An item with its line's totals after its discounts. */
export type PricedCartItem = CartItem & { discountList: LineDiscount[]; line: ReturnType<typeof lineTotals> };

export function pricedCartItem(item: CartItem): PricedCartItem {
  const discountList = storedDiscounts(item);
  return { ...item, discountList, line: lineTotals(item, discountList) };
}

/** Per unit after discounts, rounded down: the value is what the line totals. */
const unitAfter = (i: PricedCartItem) => Math.floor(i.line.value / i.quantity);
const isCustom = (i: CartItem) => i.productId === null;
/** A member shown when the column holds a value (a catalog item's catalog, image, location, bundle). */
const whenSet = <V>(value: V | null): V | undefined => (value === null ? undefined : value);
const bundleConfiguration = open({ selected_options: { type: 'object', additionalProperties: { type: 'object', additionalProperties: integer({ minimum: 1 }) } } }, ['selected_options']);

export const CART_ITEM_WIRE = wireFormat<PricedCartItem>()([
  // A custom item has no product: no `product_id`, no product link (as Elastic Path answers).
  presentedOnly('type', (i) => (isCustom(i) ? ('custom_item' as const) : ('cart_item' as const)), oneOfStrings(['cart_item', 'custom_item'])),
  field('id', 'id', uuid()),
  presentedOnly('product_id', (i) => whenSet(i.productId), uuid({ description: 'Absent on a custom item' }), { optional: true }),
  field('name', 'name', string()),
  field('sku', 'sku', string()),
  field('description', 'description', string()),
  // What an item from a published catalog release shows beside a legacy product's: its catalog, image, location, bundle.
  presentedOnly('catalog_id', (i) => whenSet(i.catalogId), uuid({ description: 'The catalog of the release the product was read from (an item of a published catalog)' }), { optional: true }),
  presentedOnly('catalog_source', (i) => (i.catalogId !== null ? (i.source ?? 'pim') : undefined), constantSchema('pim'), { optional: true }),
  presentedOnly('image', (i) => whenSet(i.image as Record<string, unknown> | null), open({ mime_type: string(), file_name: string(), href: string() }), { optional: true }),
  presentedOnly('location', (i) => whenSet(i.location), string({ description: 'The slug of the stock location the item takes from' }), { optional: true }),
  presentedOnly('bundle_configuration', (i) => whenSet(i.bundleConfiguration as Record<string, unknown> | null), bundleConfiguration, { optional: true }),
  field('quantity', 'quantity', integer({ minimum: 1 })),
  money('unit_price', (i) => i.unitAmount),
  money('value', (i) => i.line.withoutDiscount),
  presentedOnly('manage_stock', (i) => (isCustom(i) ? false : undefined), boolean(), { optional: true }),
  presentedOnly(
    'discounts',
    (i) =>
      i.discountList.map((d) => ({
        amount: { amount: negative(d.amount), currency: i.currency, includes_tax: i.includesTax },
        code: d.code ?? '',
        id: d.id,
        promotion_source: d.promotion_source,
        is_cart_discount: d.is_cart_discount,
      })),
    arrayOf(closed({ amount: ref(WIRE.Money), code: string(), id: uuid({ description: 'The promotion' }), promotion_source: string(), is_cart_discount: boolean() }, ['code', 'promotion_source', 'is_cart_discount'])),
  ),
  presentedOnly(
    'links',
    (i): { product?: string } => (isCustom(i) ? {} : { product: i.catalogId !== null ? `${linkBase()}/catalog/products/${i.productId}` : apiLink(`/products/${i.productId}`) }),
    closed({ product: string() }, ['product']),
  ),
  nested(
    'meta',
    wireFormat<PricedCartItem>()([
      nested(
        'display_price',
        wireFormat<PricedCartItem>()([
          ...untaxed(unitAfter, (i) => i.line.value),
          unitAndValue('discount', (i) => negative(Math.floor(i.line.discount / i.quantity)), (i) => negative(i.line.discount)),
          unitAndValue('without_discount', (i) => i.unitAmount, (i) => i.line.withoutDiscount),
        ]),
      ),
      timestampsMember(),
    ]),
  ),
]);

// ---------- promotion items ----------

/** A promotion the cart's pricing applied, in the cart's currency: listed among its items as Elastic Path lists a promotion item. */
export type CartPromotionRow = AppliedPromotion & { currency: string; includesTax: boolean };

export function cartPromotionRows(cart: CartWithItems): CartPromotionRow[] {
  return storedPromotions(cart).map((p) => ({ ...p, currency: cartCurrency(cart), includesTax: true }));
}

/** Its value is the discount it gives, negative. */
const promotionAmount = (p: CartPromotionRow) => -p.amount;

export const CART_PROMOTION_ITEM_WIRE = wireFormat<CartPromotionRow>()([
  constant('type', 'promotion_item'),
  presentedOnly('id', (p) => p.promotion_id, uuid({ description: 'The promotion' })),
  presentedOnly('promotion_id', (p) => p.promotion_id, uuid()),
  presentedOnly('code', (p) => whenSet(p.code), string({ description: 'Absent for an automatic promotion' }), { optional: true }),
  presentedOnly('name', (p) => p.name, string()),
  presentedOnly('description', (p) => p.description, string()),
  presentedOnly('sku', (p) => p.code ?? p.promotion_id, string()),
  presentedOnly('quantity', () => 1, integer({ minimum: 1 })),
  money('unit_price', promotionAmount),
  money('value', promotionAmount),
  presentedOnly('links', () => ({}), closed({})),
  nested(
    'meta',
    wireFormat<CartPromotionRow>()([
      nested(
        'display_price',
        wireFormat<CartPromotionRow>()(untaxed(promotionAmount, promotionAmount)),
      ),
    ]),
  ),
]);
