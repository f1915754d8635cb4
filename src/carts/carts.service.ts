import type { ShopperOwner } from '../auth/order-access';
import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { ForbiddenError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { ListQuery, page, PageParams } from '../common/list-query';
import { CustomersService } from '../customers/customers.service';
import { EventsPublisher } from '../events/events.publisher';
import { orderEventPayload } from '../orders/order.presenter';
import { OrdersService } from '../orders/orders.service';
import { Db, PrismaService } from '../prisma/prisma.service';
import { CartItemSources } from './sources/cart-item-sources';
import { CartDto, CheckoutDto } from './dto/cart.dto';
import { assertCartTotal } from './cart-limits';
import { cartItemsDocument, cartItemsPage, CartWithItems, presentCart, presentCartItem } from './carts.presenter';
import { CartsRepository } from './carts.repository';
import { CheckoutParties } from './checkout-party';
import type { Principal } from '../common/http/request-context';
import { CartPricing, storedDiscounts } from './pricing/cart-pricing.service';
import { lineTotals } from './pricing/cart-pricing';

const CART_REF = /^[A-Za-z0-9_-]{1,64}$/;

/** Lines of catalog products (custom items have none, and no stock). */
function productLines<T extends { productId: string | null }>(items: T[]): (T & { productId: string })[] {
  return items.filter((i): i is T & { productId: string } => i.productId !== null);
}

@Injectable()
export class CartsService {
  constructor(
    private readonly carts: CartsRepository,
    private readonly orders: OrdersService,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
    private readonly customers: CustomersService,
    private readonly parties: CheckoutParties,
    private readonly pricing: CartPricing,
    private readonly sources: CartItemSources,
  ) {}

  /** Cart references are chosen by the client: 1–64 characters of `[A-Za-z0-9_-]`; anything else names no cart. */
  static checkRef(ref: string): string {
    if (!CART_REF.test(ref)) throw new NotFoundError('Cart', 'A cart reference is 1 to 64 characters of A-Z, a-z, 0-9, "_" and "-"');
    return ref;
  }

  /** A cart created with a customer token is associated with that customer, as Elastic Path does. */
  async create(dto: CartDto, customerId?: string) {
    const cart = await this.carts.create({
      id: randomUUID(),
      name: dto.name ?? 'Cart',
      description: dto.description ?? '',
      ...(customerId !== undefined ? { customers: { create: [{ customer: { connect: { id: customerId } } }] } } : {}),
    });
    return presentCart(cart);
  }

  /** The carts of a customer or an account (`owner`), or every cart for an administrator (undefined). */
  async list(q: ListQuery, owner: ShopperOwner | undefined) {
    const { items, total, all } = await this.carts.list(q, owner);
    return page(items.map((cart) => presentCart(cart)), total, q, all);
  }

  /**
   * Associates customers with an existing cart (Elastic Path's customer cart associations). A shopper (`shopperId`)
   * may associate only themselves; an administrator any existing customer.
   */
  async associateCustomers(ref: string, customerIds: string[], shopperId: string | undefined) {
    this.assertOwnIds(customerIds, shopperId);
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.carts.find(ref, tx))) throw new NotFoundError('Cart');
      for (const id of customerIds) if (!(await this.customers.find(id, tx))) throw new NotFoundError('Customer', `No customer has the id ${id}`);
      await this.carts.associate(ref, customerIds, tx);
    });
    return customerIds.map((id) => ({ type: 'customer' as const, id }));
  }

  async dissociateCustomers(ref: string, customerIds: string[], shopperId: string | undefined) {
    this.assertOwnIds(customerIds, shopperId);
    if (!(await this.carts.find(ref))) throw new NotFoundError('Cart');
    await this.carts.dissociate(ref, customerIds);
  }

  private assertOwnIds(customerIds: string[], shopperId: string | undefined) {
    if (shopperId !== undefined && customerIds.some((id) => id !== shopperId)) {
      throw new ForbiddenError('With a customer token, a cart can be associated with that customer only');
    }
  }

  async get(ref: string) {
    return presentCart(await this.carts.findOrCreate(ref));
  }

  /** Presented items of many carts in one query (the `items` include). */
  async itemsOfCarts(cartIds: string[]) {
    if (cartIds.length === 0) return [];
    return (await this.carts.itemsOf(cartIds)).map((i) => presentCartItem(i));
  }

  async update(ref: string, dto: CartDto) {
    return this.prisma.$transaction(async (tx) => {
      const cart = await this.carts.upsert(ref, { name: dto.name, description: dto.description }, tx);
      const presented = presentCart(cart);
      await this.events.publish(tx, 'cart.updated', { data: presented });
      return presented;
    });
  }

  async delete(ref: string) {
    await this.prisma.$transaction(async (tx) => {
      const { count } = await this.carts.delete(ref, tx);
      if (count) await this.events.publish(tx, 'cart.deleted', { type: 'cart', id: ref });
    });
  }

  async items(ref: string, q: PageParams) {
    return cartItemsPage(await this.carts.findOrCreate(ref), q);
  }

  async updateItem(ref: string, itemId: string, quantity: number) {
    const cart = await this.prisma.$transaction(async (tx) => {
      await this.carts.lock(ref, tx);
      const current = (await this.carts.find(ref, tx))!;
      const item = current.items.find((i) => i.id === itemId);
      if (!item) throw new NotFoundError('Cart item');
      assertCartTotal(current.items.map((i) => (i === item ? { unitAmount: i.unitAmount, quantity } : i)));
      if (item.productId !== null && quantity > 0) await this.sources.assertQuantity({ ...item, productId: item.productId }, quantity, tx);
      if (quantity === 0) await this.carts.deleteItem(itemId, tx);
      else await this.carts.setItemQuantity(itemId, quantity, tx);
      return this.changed(ref, tx);
    });
    return cartItemsDocument(cart);
  }

  async removeItem(ref: string, itemId: string) {
    const cart = await this.prisma.$transaction(async (tx) => {
      await this.carts.lock(ref, tx);
      const item = await this.carts.findItem(ref, itemId, tx);
      if (!item) throw new NotFoundError('Cart item');
      await this.carts.deleteItem(itemId, tx);
      return this.changed(ref, tx);
    });
    return cartItemsDocument(cart);
  }

  /**
   * Creates an order from the cart (201 with `included.items`); the cart survives, as in EP. Its products must
   * still exist and be live, and managed stock is taken in the same transaction (422 when it does not hold).
   * The order is for whom ORDER_ACCESS lets the request check out as (CheckoutParties): a guest, a customer (of
   * `customer.id` or the customer token sent) or an account (of the account management token sent, or named).
   */
  async checkout(ref: string, dto: CheckoutDto, principal?: Principal, request?: Request) {
    const order = await this.prisma.$transaction(async (tx) => {
      const party = await this.parties.of(dto, principal, tx);
      await this.carts.lock(ref, tx);
      const unpriced = (await this.carts.find(ref, tx))!;
      if (unpriced.items.length === 0) throw new UnprocessableError('Cart is empty', 'A cart needs at least one item to be checked out');
      // Priced again now, so the order carries the discounts that hold at this moment.
      const { cart, promotions } = await this.pricing.reprice(unpriced, tx);
      assertCartTotal(cart.items);
      const stock = await this.sources.reserve(productLines(cart.items), { request, db: tx });
      const billing = { ...dto.billing_address } as Record<string, unknown>;
      const shipping = { ...(dto.shipping_address ?? dto.billing_address) } as Record<string, unknown>;
      const order = await this.orders.createFromCheckout(
        {
          cartId: cart.id,
          currency: cart.items[0].currency,
          ...party,
          billingAddress: billing,
          shippingAddress: shipping,
          items: cart.items.map((i) => ({
            cartItemId: i.id,
            productId: i.productId,
            name: i.name,
            sku: i.sku,
            quantity: i.quantity,
            unitAmount: i.unitAmount,
            includesTax: i.includesTax,
            stockAllocated: stock.taken.has(i.id),
            stockSource: stock.taken.get(i.id)?.stockSource ?? null,
            catalogId: i.catalogId,
            catalogSource: i.catalogId !== null ? i.source : null,
            location: i.location,
            bundleConfiguration: i.bundleConfiguration,
            discounts: storedDiscounts(i),
            discountAmount: lineTotals(i, storedDiscounts(i)).discount,
          })),
        },
        tx,
      );
      await this.pricing.spendCodes(cart.id, order.id, promotions, tx);
      await stock.take();
      return order;
    });
    return orderEventPayload(order);
  }

  /** After a change of its items: bumps the cart's `updated_at` and publishes `cart.updated`. */
  async changed(ref: string, tx: Db): Promise<CartWithItems> {
    await this.carts.touch(ref, tx);
    const { cart } = await this.pricing.reprice((await this.carts.find(ref, tx))!, tx);
    await this.events.publish(tx, 'cart.updated', { data: presentCart(cart) });
    return cart;
  }

}
