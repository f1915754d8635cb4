import { isReachable, type ShopperOwner } from '../auth/order-access';
import { Injectable } from '@nestjs/common';
import { NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { ListQuery, page, pageOf, PageParams } from '../common/list-query';
import { boundedTotal, totalTooLarge } from '../common/money/limits';
import { assertTransition, statesAllowing } from '../common/lifecycle';
import { EventsPublisher } from '../events/events.publisher';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { StockService } from '../stock/stock.service';
import { InventoryStock } from '../inventories/inventory-stock.service';

/** `order_items.stock_source`: whose stock an allocated line took (null is read as legacy managed stock). */
export const PRODUCT_STOCK = 'products';
export const INVENTORY_STOCK = 'inventories';
import { UpdateOrderDto } from './dto/update-order.dto';
import { OrderWithItems, orderEventPayload, presentOrder, presentOrderItem } from './order.presenter';
import type { OrderPaymentStatus } from './order-payment-lifecycle';
import { ORDER_STATUS_LIFECYCLE, OrderStatus } from './order-status-lifecycle';
import { OrdersRepository } from './orders.repository';
import { SHIPPING_LIFECYCLE, ShippingStatus } from './shipping-lifecycle';

/** What checkout hands over: everything the order copies from the cart. */
export interface NewOrderInput {
  cartId: string;
  currency: string;
  customer: Record<string, unknown>;
  customerName: string;
  customerEmail: string;
  billingAddress: Record<string, unknown>;
  shippingAddress: Record<string, unknown>;
  /** An account's order: the account, the member who checked out, and whom to contact. */
  account?: { id: string; memberId: string; contact: { name?: string; email: string } };
  items: {
    cartItemId: string;
    /** Null for a custom item. */
    productId: string | null;
    name: string;
    sku: string;
    quantity: number;
    unitAmount: number;
    includesTax: boolean;
    /** The quantity was taken from the product's managed stock (given back if the order is cancelled). */
    stockAllocated: boolean;
    /** The line's discounts as the cart worked them out (each a positive amount taken off), and their sum. */
    discounts?: { id: string; code: string | null; amount: number; is_cart_discount: boolean; promotion_source: string }[];
    discountAmount?: number;
    /** Whose stock `stockAllocated` took: `products` (legacy managed stock) when null, or `inventories`. */
    stockSource?: string | null;
    /** A line sold from a published catalog release: its catalog and source (`pim`). */
    catalogId?: string | null;
    catalogSource?: string | null;
    location?: string | null;
    bundleConfiguration?: Prisma.JsonValue | null;
  }[];
}

@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
    private readonly stock: StockService,
    private readonly inventory: InventoryStock,
  ) {}

  async getWithItemsOrThrow(id: string, db: Db = this.prisma): Promise<OrderWithItems> {
    const order = await this.orders.findWithItems(id, db);
    if (!order) throw new NotFoundError('Order');
    return order;
  }

  /** `owner`: a shopper's or account's request, which sees its own orders only (anyone else's is not found). */
  async get(id: string, owner?: ShopperOwner) {
    return presentOrder(await this.getOwnOrThrow(id, owner));
  }

  /** Paged in memory: an order holds the items of one cart (at most 100). */
  async items(id: string, q: PageParams, owner?: ShopperOwner) {
    return pageOf((await this.getOwnOrThrow(id, owner)).items.map(presentOrderItem), q);
  }

  /** `includeKeys`: the `included` keys asked for; the page statement writes the items itself. */
  async list(q: ListQuery, owner?: ShopperOwner, includeKeys: string[] = []) {
    const serialized = await this.orders.serializedPage(q, owner, includeKeys.includes('items'));
    if (serialized) return serialized;
    const { items, total, all } = await this.orders.list(q, owner);
    return page(items.map(presentOrder), total, q, all);
  }

  /** The order, 404 when it is missing or (with `owner`) not that shopper's or account's. */
  async getOwnOrThrow(id: string, owner?: ShopperOwner): Promise<OrderWithItems> {
    const order = await this.getWithItemsOrThrow(id);
    if (!isReachable(order, owner)) throw new NotFoundError('Order');
    return order;
  }

  /** Presented items of many orders in one query (the `items` include). */
  async itemsOfOrders(orderIds: string[]) {
    if (orderIds.length === 0) return [];
    return (await this.orders.itemsOf(orderIds)).map(presentOrderItem);
  }

  /** Creates the order of a checkout and publishes `order.created`; `tx` is the caller's transaction. */
  async createFromCheckout(input: NewOrderInput, tx: Prisma.TransactionClient): Promise<OrderWithItems> {
    const undiscounted = boundedTotal(input.items);
    if (undiscounted === null) throw totalTooLarge('Order');
    const discount = input.items.reduce((sum, i) => sum + (i.discountAmount ?? 0), 0);
    const total = undiscounted - discount;
    const order = await this.orders.create(
      {
        status: 'incomplete' satisfies OrderStatus,
        payment: 'unpaid' satisfies OrderPaymentStatus,
        shipping: 'unfulfilled' satisfies ShippingStatus,
        currency: input.currency,
        customer: input.customer as Prisma.InputJsonObject,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        billingAddress: input.billingAddress as Prisma.InputJsonObject,
        shippingAddress: input.shippingAddress as Prisma.InputJsonObject,
        withTax: total,
        withoutTax: total,
        tax: 0,
        discount,
        cartId: input.cartId,
        ...(input.account ? { accountId: input.account.id, accountMemberId: input.account.memberId, contact: input.account.contact } : {}),
        items: {
          create: input.items.map((i) => ({
            productId: i.productId,
            cartItemId: i.cartItemId,
            name: i.name,
            sku: i.sku,
            quantity: i.quantity,
            unitAmount: i.unitAmount,
            currency: input.currency,
            includesTax: i.includesTax,
            stockAllocated: i.stockAllocated,
            // As Elastic Path writes an order item's discounts: the amount negative, in the order's currency.
            discounts: (i.discounts ?? []).map((d) => ({
              amount: { amount: d.amount === 0 ? 0 : -d.amount, currency: input.currency, includes_tax: i.includesTax },
              code: d.code ?? '',
              id: d.id,
              promotion_source: d.promotion_source,
              is_cart_discount: d.is_cart_discount,
            })),
            discountAmount: i.discountAmount ?? 0,
            stockSource: i.stockSource ?? null,
            catalogId: i.catalogId ?? null,
            catalogSource: i.catalogSource ?? null,
            location: i.location ?? null,
            bundleConfiguration: i.bundleConfiguration ? (i.bundleConfiguration as Prisma.InputJsonObject) : Prisma.DbNull,
          })),
        },
      },
      tx,
    );
    await this.events.publish(tx, 'order.created', orderEventPayload(order));
    return order;
  }

  /**
   * A cancelled order's allocated lines go back, once (the lines are marked in the same statement), to the stock
   * they were taken from: legacy products' managed stock, or the inventory (at the line's location).
   */
  private async returnStock(orderId: string, tx: Db): Promise<void> {
    const lines = await this.orders.releaseAllocatedItems(orderId, tx);
    await this.stock.release(lines.filter((l) => (l.stockSource ?? PRODUCT_STOCK) === PRODUCT_STOCK), tx);
    const inventory = lines.filter((l) => l.stockSource === INVENTORY_STOCK);
    if (inventory.length) await this.inventory.deallocate(tx, inventory.map((l) => ({ productId: l.productId, quantity: l.quantity, locationSlug: l.location ?? undefined })));
  }

  /** `PUT /v2/orders/:id`: fulfil, cancel or change the shipping address (docs/api.md, "Orders"). */
  async update(id: string, dto: UpdateOrderDto) {
    if (dto.shipping === 'fulfilled' && dto.status === 'cancelled') {
      throw new UnprocessableError('Order cannot be updated', 'An order cannot be fulfilled and cancelled in the same request');
    }
    const updated = await this.prisma.$transaction(async (tx) => {
      const order = await this.getWithItemsOrThrow(id, tx);
      const changing = dto.shipping !== undefined || dto.status !== undefined || dto.shipping_address !== undefined;
      if (!changing) return order;
      const shippingAction = dto.shipping === 'fulfilled' ? 'fulfil' : 'amend';
      assertTransition(SHIPPING_LIFECYCLE, order.shipping, shippingAction, () =>
        new UnprocessableError('Order cannot be updated', 'The order is fulfilled: its shipping, shipping_address and status can no longer change'),
      );
      const data: Prisma.OrderUpdateManyMutationInput = {};
      const where: Prisma.OrderWhereInput & { id: string } = { id, shipping: { in: statesAllowing(SHIPPING_LIFECYCLE, shippingAction) } };
      const events: ('order.fulfilled' | 'order.cancelled')[] = [];
      if (dto.shipping_address) {
        // Only the fields sent (the DTO instance carries the others as undefined).
        const sent = Object.fromEntries(Object.entries(dto.shipping_address).filter(([, v]) => v !== undefined));
        data.shippingAddress = { ...(order.shippingAddress as object), ...sent } as Prisma.InputJsonObject;
      }
      if (dto.shipping === 'fulfilled') {
        assertTransition(ORDER_STATUS_LIFECYCLE, order.status, 'fulfil', () => new UnprocessableError('Order cannot be fulfilled', 'The order is cancelled'));
        if (order.payment !== 'paid') {
          throw new UnprocessableError('Order cannot be fulfilled', `Only a paid order can be fulfilled; this order's payment status is ${order.payment}`);
        }
        data.shipping = 'fulfilled' satisfies ShippingStatus;
        data.status = 'complete' satisfies OrderStatus;
        where.payment = 'paid' satisfies OrderPaymentStatus;
        where.status = { in: statesAllowing(ORDER_STATUS_LIFECYCLE, 'fulfil') };
        events.push('order.fulfilled');
      }
      if (dto.status === 'cancelled') {
        assertTransition(ORDER_STATUS_LIFECYCLE, order.status, 'cancel', () => new UnprocessableError('Order cannot be cancelled', 'The order is already cancelled'));
        data.status = 'cancelled' satisfies OrderStatus;
        where.status = { in: statesAllowing(ORDER_STATUS_LIFECYCLE, 'cancel') };
        events.push('order.cancelled');
      }
      // Conditional on the state just checked, so a concurrent change (a payment, another PUT) cannot slip between.
      const count = await this.orders.updateWhere(where, data, tx);
      if (count === 0) throw new UnprocessableError('Order cannot be updated', 'The order changed while it was being updated; read it again and retry');
      if (dto.status === 'cancelled') await this.returnStock(id, tx);
      const fresh = await this.getWithItemsOrThrow(id, tx);
      const payload = orderEventPayload(fresh);
      await this.events.publish(tx, [...events, 'order.updated'], payload);
      return fresh;
    });
    return presentOrder(updated);
  }
}
