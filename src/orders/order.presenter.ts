import type { Order, OrderItem } from '../generated/prisma/client';
import { ORDER_ITEM_WIRE, ORDER_WIRE } from './order.wire';

export type OrderWithItems = Order & { items: OrderItem[] };

/** An order and a line as the API shows them (their wire formats are declared in order.wire.ts). */
export type PresentedOrder = { type: 'order'; id: string; status: string; payment: string; shipping: string } & Record<string, unknown>;
export type PresentedOrderItem = { type: 'order_item'; id: string } & Record<string, unknown>;

export function presentOrderItem(item: OrderItem): PresentedOrderItem {
  return ORDER_ITEM_WIRE.present(item) as PresentedOrderItem;
}

/** The order as GET /v2/orders/{id} returns it. */
export function presentOrder(order: OrderWithItems): PresentedOrder {
  return ORDER_WIRE.present(order) as PresentedOrder;
}

/** What order.* webhooks carry: the order document with its items included. */
export function orderEventPayload(order: OrderWithItems) {
  return { data: presentOrder(order), included: { items: order.items.map(presentOrderItem) } };
}
