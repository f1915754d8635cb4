import type { Cart, CartItem } from '../generated/prisma/client';
import { Page, pageOf, PageParams } from '../common/list-query';
import { displayPrice } from '../common/money/money';
import { timestamps } from '../common/http/timestamps';
import { apiLink, linkBase } from '../common/http/request-context';
import { cartTotalsOf, lineTotals } from './pricing/cart-pricing';
import { storedDiscounts, storedPromotions } from './pricing/cart-pricing.service';

/** A discount is written negative; no discount is 0, not -0. */
const negative = (amount: number) => (amount === 0 ? 0 : -amount);

export type CartWithItems = Cart & { items: CartItem[] };

/** Store default when a cart has neither items nor a chosen currency. */
export const DEFAULT_CURRENCY = 'USD';

/** The cart's totals after its discounts (`discount` is negative, as Elastic Path writes it). */
export function cartTotals(cart: CartWithItems) {
  const currency = cart.items[0]?.currency ?? cart.currency ?? DEFAULT_CURRENCY;
  const { total, discount, withoutDiscount } = cartTotalsOf(cart.items.map((i) => ({ ...i, discounts: storedDiscounts(i) })));
  return {
    with_tax: displayPrice(total, currency),
    without_tax: displayPrice(total, currency),
    tax: displayPrice(0, currency),
    discount: displayPrice(negative(discount), currency),
    without_discount: displayPrice(withoutDiscount, currency),
  };
}

/** A promotion the cart's pricing applied, listed among its items as Elastic Path lists a promotion item. */
export function presentPromotionItem(cart: CartWithItems, promotion: ReturnType<typeof storedPromotions>[number]) {
  const c = cart.items[0]?.currency ?? cart.currency ?? DEFAULT_CURRENCY;
  const amount = -promotion.amount;
  const price = { amount, currency: c, includes_tax: true };
  const both = { unit: displayPrice(amount, c), value: displayPrice(amount, c) };
  return {
    type: 'promotion_item' as const,
    id: promotion.promotion_id,
    promotion_id: promotion.promotion_id,
    ...(promotion.code !== null ? { code: promotion.code } : {}),
    name: promotion.name,
    description: promotion.description,
    sku: promotion.code ?? promotion.promotion_id,
    quantity: 1,
    unit_price: price,
    value: price,
    links: {},
    meta: { display_price: { with_tax: both, without_tax: both, tax: { unit: displayPrice(0, c), value: displayPrice(0, c) } } },
  };
}

function promotionItems(cart: CartWithItems) {
  return storedPromotions(cart).map((p) => presentPromotionItem(cart, p));
}

/** A cart expires this long after its last change (Elastic Path's 7 days). */
const CART_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** `meta.timestamps` of a cart, with `expires_at`. */
function cartTimestamps(cart: CartWithItems) {
  return { ...timestamps(cart), expires_at: new Date(cart.updatedAt.getTime() + CART_LIFETIME_MS).toISOString() };
}

/** What an item from a published catalog release shows beside a legacy product's: its catalog, image, location, bundle. */
function catalogMembers(item: CartItem) {
  return {
    ...(item.catalogId !== null ? { catalog_id: item.catalogId, catalog_source: item.source ?? 'pim' } : {}),
    ...(item.image !== null ? { image: item.image as Record<string, unknown> } : {}),
    ...(item.location !== null ? { location: item.location } : {}),
    ...(item.bundleConfiguration !== null ? { bundle_configuration: item.bundleConfiguration as Record<string, unknown> } : {}),
  };
}

export function presentCartItem(item: CartItem) {
  const discounts = storedDiscounts(item);
  const { value, discount, withoutDiscount } = lineTotals(item, discounts);
  const c = item.currency;
  // Per unit after discounts, rounded down: the value is what the line totals.
  const unitAfter = Math.floor(value / item.quantity);
  const custom = item.productId === null;
  return {
    // A custom item has no product: no `product_id`, no product link (as Elastic Path answers).
    type: custom ? ('custom_item' as const) : ('cart_item' as const),
    id: item.id,
    ...(custom ? {} : { product_id: item.productId }),
    name: item.name,
    sku: item.sku,
    description: item.description,
    ...catalogMembers(item),
    quantity: item.quantity,
    unit_price: { amount: item.unitAmount, currency: c, includes_tax: item.includesTax },
    value: { amount: withoutDiscount, currency: c, includes_tax: item.includesTax },
    ...(custom ? { manage_stock: false } : {}),
    discounts: discounts.map((d) => ({
      amount: { amount: negative(d.amount), currency: c, includes_tax: item.includesTax },
      code: d.code ?? '',
      id: d.id,
      promotion_source: d.promotion_source,
      is_cart_discount: d.is_cart_discount,
    })),
    links: custom ? {} : { product: item.catalogId !== null ? `${linkBase()}/catalog/products/${item.productId}` : apiLink(`/products/${item.productId}`) },
    meta: {
      display_price: {
        with_tax: { unit: displayPrice(unitAfter, c), value: displayPrice(value, c) },
        without_tax: { unit: displayPrice(unitAfter, c), value: displayPrice(value, c) },
        tax: { unit: displayPrice(0, c), value: displayPrice(0, c) },
        discount: { unit: displayPrice(negative(Math.floor(discount / item.quantity)), c), value: displayPrice(negative(discount), c) },
        without_discount: { unit: displayPrice(item.unitAmount, c), value: displayPrice(withoutDiscount, c) },
      },
      timestamps: timestamps(item),
    },
  };
}

export function presentCart(cart: CartWithItems) {
  return {
    type: 'cart' as const,
    id: cart.id,
    name: cart.name,
    description: cart.description,
    links: { self: apiLink(`/carts/${encodeURIComponent(cart.id)}`) },
    meta: { display_price: cartTotals(cart), timestamps: cartTimestamps(cart) },
    relationships: {
      items: {
        data: [
          ...cart.items.map((i) => ({ type: i.productId === null ? 'custom_item' : 'cart_item', id: i.id })),
          ...storedPromotions(cart).map((p) => ({ type: 'promotion_item', id: p.promotion_id })),
        ],
      },
    },
  };
}

/** `GET /v2/carts/:ref/items`: one page of the items, with `meta.display_price` of the whole cart beside the pagination. */
export function cartItemsPage(cart: CartWithItems, q: PageParams): Page<ReturnType<typeof presentCartItem> | ReturnType<typeof presentPromotionItem>> {
  return { ...pageOf([...cart.items.map((i) => presentCartItem(i)), ...promotionItems(cart)], q), meta: { display_price: cartTotals(cart) } };
}

/** The answer of every item change: `{data:[...], meta:{display_price}}`. */
export function cartItemsDocument(cart: CartWithItems) {
  return { data: [...cart.items.map((i) => presentCartItem(i)), ...promotionItems(cart)], meta: { display_price: cartTotals(cart) } };
}
