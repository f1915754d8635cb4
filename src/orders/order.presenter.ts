import type { Order, OrderItem } from '../generated/prisma/client';
import { displayPrice } from '../common/money/money';
import { timestamps } from '../common/http/timestamps';

export type OrderWithItems = Order & { items: OrderItem[] };

export function presentOrderItem(item: OrderItem) {
  const value = item.unitAmount * item.quantity;
  return {
    type: 'order_item',
    id: item.id,
    quantity: item.quantity,
    // A line checked out from a custom item has no product.
    ...(item.productId !== null ? { product_id: item.productId } : {}),
    name: item.name,
    sku: item.sku,
    unit_price: { amount: item.unitAmount, currency: item.currency, includes_tax: item.includesTax },
    value: { amount: value, currency: item.currency, includes_tax: item.includesTax },
    links: {},
    meta: {
      display_price: {
        with_tax: { unit: displayPrice(item.unitAmount, item.currency), value: displayPrice(value, item.currency) },
        without_tax: { unit: displayPrice(item.unitAmount, item.currency), value: displayPrice(value, item.currency) },
        tax: { unit: displayPrice(0, item.currency), value: displayPrice(0, item.currency) },
      },
      timestamps: timestamps(item),
    },
    relationships: item.cartItemId ? { cart_item: { data: { type: 'cart_item', id: item.cartItemId } } } : {},
  };
}

/** The order as GET /v2/orders/{id} returns it; amounts follow every payment transition. */
export function presentOrder(order: OrderWithItems) {
  const c = order.currency;
  const balance = Math.max(0, order.withTax - order.authorizedAmount - order.paidAmount);
  return {
    type: 'order',
    id: order.id,
    status: order.status,
    payment: order.payment,
    shipping: order.shipping,
    customer: order.customer,
    shipping_address: order.shippingAddress,
    billing_address: order.billingAddress,
    links: {},
    meta: {
      display_price: {
        with_tax: displayPrice(order.withTax, c),
        without_tax: displayPrice(order.withoutTax, c),
        tax: displayPrice(order.tax, c),
        discount: displayPrice(0, c),
        balance_owing: displayPrice(balance, c),
        authorized: displayPrice(order.authorizedAmount, c),
        paid: displayPrice(order.paidAmount, c),
        refunded: displayPrice(order.refundedAmount, c),
      },
      timestamps: timestamps(order),
    },
    relationships: {
      items: { data: order.items.map((i) => ({ type: 'item', id: i.id })) },
      ...(order.accountId ? { account: { data: { type: 'account', id: order.accountId } } } : {}),
    },
  };
}

/** What order.* webhooks carry: the order document with its items included. */
export function orderEventPayload(order: OrderWithItems) {
  return { data: presentOrder(order), included: { items: order.items.map(presentOrderItem) } };
}
