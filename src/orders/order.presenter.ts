import type { Order, OrderItem } from '../generated/prisma/client';
import type { Presented } from '../common/wire/wire-format';
import { ORDER_ITEM_WIRE, ORDER_WIRE } from './order.wire';

export type OrderWithItems = Order & { items: OrderItem[] };

/** An order and a line as the API shows them (their wire formats are declared in order.wire.ts). */
export type PresentedOrder = Presented<typeof ORDER_WIRE>;
export type PresentedOrderItem = Presented<typeof ORDER_ITEM_WIRE>;

export function presentOrderItem(item: OrderItem): PresentedOrderItem {
  return ORDER_ITEM_WIRE.present(item);
}

/** The order as GET /v2/orders/{id} returns it. */
export function presentOrder(order: OrderWithItems): PresentedOrder {
  return ORDER_WIRE.present(order);
}

/** What order.* webhooks carry: the order document with its items included. */
export function orderEventPayload(order: OrderWithItems) {
  return { data: presentOrder(order), included: { items: order.items.map(presentOrderItem) } };
}
