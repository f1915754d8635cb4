import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { BadRequestError, ForbiddenError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import type { PageParams } from '../common/list-query';
import { boundedTotal, isStorableAmount, MAX_AMOUNT, MAX_QUANTITY, PricedLine, totalTooLarge } from '../common/money/limits';
import { isUuid } from '../common/validation/resource-id.pipe';
import { productPrices } from '../catalog/products/products.presenter';
import { CustomersService } from '../customers/customers.service';
import { EventsPublisher } from '../events/events.publisher';
import { orderEventPayload } from '../orders/order.presenter';
import { OrdersService } from '../orders/orders.service';
import { Db, PrismaService } from '../prisma/prisma.service';
import { AddCartItemDto, CartDto, CheckoutDto } from './dto/cart.dto';
import { cartItemsDocument, cartItemsPage, CartWithItems, presentCart, presentCartItem } from './carts.presenter';
import { CartsRepository } from './carts.repository';

/** Hard limit of unique items per cart (as Elastic Path's carts have). */
export const MAX_CART_ITEMS = 100;
const CART_REF = /^[A-Za-z0-9_-]{1,64}$/;
const CURRENCY = /^[A-Za-z]{3}$/;

/** 422 when the cart's lines would total more than an amount can hold. */
function assertCartTotal(lines: PricedLine[]): void {
  if (boundedTotal(lines) === null) throw totalTooLarge('Cart');
}

@Injectable()
export class CartsService {
  constructor(
    private readonly carts: CartsRepository,
    private readonly orders: OrdersService,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
    private readonly customers: CustomersService,
  ) {}

  /** Cart references are chosen by the client: 1–64 characters of `[A-Za-z0-9_-]`; anything else names no cart. */
  static checkRef(ref: string): string {
    if (!CART_REF.test(ref)) throw new NotFoundError('Cart', 'A cart reference is 1 to 64 characters of A-Z, a-z, 0-9, "_" and "-"');
    return ref;
  }

  async create(dto: CartDto, baseUrl: string) {
    const cart = await this.carts.create({ id: randomUUID(), name: dto.name ?? 'Cart', description: dto.description ?? '' });
    return presentCart(cart, baseUrl);
  }

  async get(ref: string, baseUrl: string) {
    return presentCart(await this.carts.findOrCreate(ref), baseUrl);
  }

  /** Presented items of many carts in one query (the `items` include). */
  async itemsOfCarts(cartIds: string[], baseUrl: string) {
    if (cartIds.length === 0) return [];
    return (await this.carts.itemsOf(cartIds)).map((i) => presentCartItem(i, baseUrl));
  }

  async update(ref: string, dto: CartDto, baseUrl: string) {
    return this.prisma.$transaction(async (tx) => {
      const cart = await this.carts.upsert(ref, { name: dto.name, description: dto.description }, tx);
      const presented = presentCart(cart, baseUrl);
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

  async items(ref: string, baseUrl: string, q: PageParams) {
    return cartItemsPage(await this.carts.findOrCreate(ref), baseUrl, q);
  }

  async addItem(ref: string, dto: AddCartItemDto, currencyHeader: string | undefined, baseUrl: string) {
    const requested = this.parseCurrency(currencyHeader);
    const quantity = dto.quantity ?? 1;
    const cart = await this.prisma.$transaction(async (tx) => {
      await this.carts.lock(ref, tx);
      const current = (await this.carts.find(ref, tx))!;
      const product = isUuid(dto.id) ? await this.carts.findProduct(dto.id.toLowerCase(), tx) : null;
      if (!product) throw new NotFoundError('Product', `No product with id ${dto.id}`);
      if (product.status !== 'live') {
        throw new UnprocessableError('Product not available', `Product ${product.id} is ${product.status}; only live products can be added to a cart`, 'data.id');
      }
      const list = productPrices(product);
      const cartCurrency = current.items[0]?.currency ?? current.currency ?? undefined;
      const currency = requested ?? cartCurrency ?? list[0]?.currency?.toUpperCase();
      if (!currency) throw new UnprocessableError('Product has no price', `Product ${product.id} has no price`, 'data.id');
      if (current.items.length && cartCurrency && cartCurrency !== currency) {
        throw new UnprocessableError('Currency mismatch', `The cart's items are priced in ${cartCurrency}; it cannot also hold items in ${currency}`, 'X-MOLTIN-CURRENCY');
      }
      const price = list.find((p) => p.currency.toUpperCase() === currency);
      if (!price) throw new UnprocessableError('Product has no price', `Product ${product.id} has no price in ${currency}`, 'data.id');
      if (!isStorableAmount(price.amount)) {
        throw new UnprocessableError('Product price out of range', `Product ${product.id}'s ${currency} price is not an amount from 0 to ${MAX_AMOUNT}`, 'data.id');
      }
      const existing = current.items.find((i) => i.productId === product.id);
      if (!existing && current.items.length >= MAX_CART_ITEMS) {
        throw new UnprocessableError('Cart is full', `A cart can hold at most ${MAX_CART_ITEMS} unique items`);
      }
      if (existing && existing.quantity + quantity > MAX_QUANTITY) {
        throw new BadRequestError(`quantity would exceed ${MAX_QUANTITY} for this item`, 'data.quantity');
      }
      const others = current.items.filter((i) => i !== existing);
      assertCartTotal([...others, { unitAmount: price.amount, quantity: (existing?.quantity ?? 0) + quantity }]);
      await this.carts.upsertItem(
        ref,
        {
          productId: product.id,
          name: product.name,
          sku: product.sku,
          description: product.description,
          quantity,
          unitAmount: price.amount,
          currency,
          includesTax: price.includes_tax,
        },
        tx,
      );
      if (current.currency !== currency) await this.carts.setCurrency(ref, currency, tx);
      return this.changed(ref, tx, baseUrl);
    });
    return cartItemsDocument(cart, baseUrl);
  }

  async updateItem(ref: string, itemId: string, quantity: number, baseUrl: string) {
    const cart = await this.prisma.$transaction(async (tx) => {
      await this.carts.lock(ref, tx);
      const current = (await this.carts.find(ref, tx))!;
      const item = current.items.find((i) => i.id === itemId);
      if (!item) throw new NotFoundError('Cart item');
      assertCartTotal(current.items.map((i) => (i === item ? { unitAmount: i.unitAmount, quantity } : i)));
      if (quantity === 0) await this.carts.deleteItem(itemId, tx);
      else await this.carts.setItemQuantity(itemId, quantity, tx);
      return this.changed(ref, tx, baseUrl);
    });
    return cartItemsDocument(cart, baseUrl);
  }

  async removeItem(ref: string, itemId: string, baseUrl: string) {
    const cart = await this.prisma.$transaction(async (tx) => {
      await this.carts.lock(ref, tx);
      const item = await this.carts.findItem(ref, itemId, tx);
      if (!item) throw new NotFoundError('Cart item');
      await this.carts.deleteItem(itemId, tx);
      return this.changed(ref, tx, baseUrl);
    });
    return cartItemsDocument(cart, baseUrl);
  }

  /**
   * Creates an order from the cart (201 with `included.items`); the cart survives, as in EP. The order
   * belongs to the customer of `customer.id`, or of the customer token sent (`shopperId`): its customer
   * name and email are then the customer's.
   */
  async checkout(ref: string, dto: CheckoutDto, shopperId?: string) {
    if (shopperId !== undefined && dto.customer.id !== undefined && dto.customer.id !== shopperId) {
      throw new ForbiddenError('customer.id must be the customer of the customer token sent');
    }
    const order = await this.prisma.$transaction(async (tx) => {
      await this.carts.lock(ref, tx);
      const cart = (await this.carts.find(ref, tx))!;
      if (cart.items.length === 0) throw new UnprocessableError('Cart is empty', 'A cart needs at least one item to be checked out');
      assertCartTotal(cart.items);
      const id = dto.customer.id ?? shopperId;
      const known = id !== undefined && isUuid(id) ? await this.customers.find(id, tx) : null;
      // An id that names no customer is kept as it was sent (a reference from another system).
      const name = known?.name ?? dto.customer.name;
      const email = known?.email ?? dto.customer.email;
      const customer = { ...(id !== undefined ? { id } : {}), ...(name !== undefined ? { name } : {}), ...(email !== undefined ? { email } : {}) };
      const billing = { ...dto.billing_address } as Record<string, unknown>;
      const shipping = { ...(dto.shipping_address ?? dto.billing_address) } as Record<string, unknown>;
      return this.orders.createFromCheckout(
        {
          cartId: cart.id,
          currency: cart.items[0].currency,
          customer,
          customerName: name ?? '',
          customerEmail: email ?? '',
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
          })),
        },
        tx,
      );
    });
    return orderEventPayload(order);
  }

  private async changed(ref: string, tx: Db, baseUrl: string): Promise<CartWithItems> {
    await this.carts.touch(ref, tx);
    const cart = (await this.carts.find(ref, tx))!;
    await this.events.publish(tx, 'cart.updated', { data: presentCart(cart, baseUrl) });
    return cart;
  }

  private parseCurrency(header: string | undefined): string | undefined {
    if (header === undefined || header.trim() === '') return undefined;
    const value = header.trim();
    if (!CURRENCY.test(value)) throw new BadRequestError('X-MOLTIN-CURRENCY must be a three-letter ISO 4217 code', { header: 'X-MOLTIN-CURRENCY' });
    return value.toUpperCase();
  }
}
