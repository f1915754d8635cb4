import { Page, pageOf, PageParams } from '../common/list-query';
import type { Presented } from '../common/wire/wire-format';
import type { CartItem } from '../generated/prisma/client';
import {
  CART_ITEM_WIRE,
  CART_PROMOTION_ITEM_WIRE,
  CART_TOTALS_WIRE,
  CART_WIRE,
  cartPromotionRows,
  cartTotalsRow,
  type CartWithItems,
  pricedCartItem,
} from './cart.wire';

export { type CartWithItems, DEFAULT_CURRENCY } from './cart.wire';

/** A cart, an item and a promotion item as the API shows them (their wire formats are declared in cart.wire.ts). */
export type PresentedCart = Presented<typeof CART_WIRE>;
export type PresentedCartItem = Presented<typeof CART_ITEM_WIRE>;
export type PresentedPromotionItem = Presented<typeof CART_PROMOTION_ITEM_WIRE>;

/** The cart's totals after its discounts (`discount` is negative, as Elastic Path writes it). */
export function cartTotals(cart: CartWithItems) {
  return CART_TOTALS_WIRE.present(cartTotalsRow(cart));
}

export function presentCartItem(item: CartItem): PresentedCartItem {
  return CART_ITEM_WIRE.present(pricedCartItem(item));
}

export function presentCart(cart: CartWithItems): PresentedCart {
  return CART_WIRE.present(cart);
}

/** The cart's items, then the promotions its pricing applied (listed among its items, as Elastic Path lists them). */
function itemsOf(cart: CartWithItems): (PresentedCartItem | PresentedPromotionItem)[] {
  return [...cart.items.map((i) => presentCartItem(i)), ...cartPromotionRows(cart).map((p) => CART_PROMOTION_ITEM_WIRE.present(p))];
}

/** `GET /v2/carts/:ref/items`: one page of the items, with `meta.display_price` of the whole cart beside the pagination. */
export function cartItemsPage(cart: CartWithItems, q: PageParams): Page<PresentedCartItem | PresentedPromotionItem> {
  return { ...pageOf(itemsOf(cart), q), meta: { display_price: cartTotals(cart) } };
}

/** The answer of every item change: `{data:[...], meta:{display_price}}`. */
export function cartItemsDocument(cart: CartWithItems) {
  return { data: itemsOf(cart), meta: { display_price: cartTotals(cart) } };
}
