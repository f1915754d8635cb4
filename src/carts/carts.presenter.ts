import type { Cart, CartItem } from '../generated/prisma/client';
import { Page, pageOf, PageParams } from '../common/list-query';
import { displayPrice } from '../common/money/money';
import { timestamps } from '../common/http/timestamps';
import { apiLink } from '../common/http/request-context';

export type CartWithItems = Cart & { items: CartItem[] };

/** Store default when a cart has neither items nor a chosen currency. */
export const DEFAULT_CURRENCY = 'USD';

export function cartTotals(cart: CartWithItems) {
  const currency = cart.items[0]?.currency ?? cart.currency ?? DEFAULT_CURRENCY;
  const total = cart.items.reduce((sum, i) => sum + i.unitAmount * i.quantity, 0);
  return {
    with_tax: displayPrice(total, currency),
    without_tax: displayPrice(total, currency),
    tax: displayPrice(0, currency),
  };
}

export function presentCartItem(item: CartItem) {
  const value = item.unitAmount * item.quantity;
  const c = item.currency;
  const custom = item.productId === null;
  return {
    // A custom item has no product: no `product_id`, no product link (as Elastic Path answers).
    type: custom ? ('custom_item' as const) : ('cart_item' as const),
    id: item.id,
    ...(custom ? {} : { product_id: item.productId }),
    name: item.name,
    sku: item.sku,
    description: item.description,
    quantity: item.quantity,
    unit_price: { amount: item.unitAmount, currency: c, includes_tax: item.includesTax },
    value: { amount: value, currency: c, includes_tax: item.includesTax },
    ...(custom ? { manage_stock: false } : {}),
    links: custom ? {} : { product: apiLink(`/products/${item.productId}`) },
    meta: {
      display_price: {
        with_tax: { unit: displayPrice(item.unitAmount, c), value: displayPrice(value, c) },
        without_tax: { unit: displayPrice(item.unitAmount, c), value: displayPrice(value, c) },
        tax: { unit: displayPrice(0, c), value: displayPrice(0, c) },
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
    meta: { display_price: cartTotals(cart), timestamps: timestamps(cart) },
    relationships: { items: { data: cart.items.map((i) => ({ type: i.productId === null ? 'custom_item' : 'cart_item', id: i.id })) } },
  };
}

/** `GET /v2/carts/:ref/items`: one page of the items, with `meta.display_price` of the whole cart beside the pagination. */
export function cartItemsPage(cart: CartWithItems, q: PageParams): Page<ReturnType<typeof presentCartItem>> {
  return { ...pageOf(cart.items.map((i) => presentCartItem(i)), q), meta: { display_price: cartTotals(cart) } };
}

/** The answer of every item change: `{data:[...], meta:{display_price}}`. */
export function cartItemsDocument(cart: CartWithItems) {
  return { data: cart.items.map((i) => presentCartItem(i)), meta: { display_price: cartTotals(cart) } };
}
