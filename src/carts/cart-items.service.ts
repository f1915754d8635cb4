import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ApiError, BadRequestError, ErrorObject, UnprocessableError } from '../common/errors/api-error';
import { isStorableAmount, MAX_AMOUNT, MAX_QUANTITY } from '../common/money/limits';
import { Db, PrismaService } from '../prisma/prisma.service';
import { CartItemSources, PreparedSources } from './sources/cart-item-sources';
import type { ItemRequest, SourceContext } from './sources/cart-item-source';
import { AddCartItemDto, AddCustomItemDto, AddPromotionItemDto } from './dto/cart.dto';
import { CartPricing } from './pricing/cart-pricing.service';
import { AddCartItemsRequest, entryErrors } from './cart-items.body';
import { assertCartTotal, MAX_CART_ITEMS } from './cart-limits';
import { cartItemsDocument, CartWithItems, DEFAULT_CURRENCY } from './carts.presenter';
import { CartsRepository } from './carts.repository';
import { CartsService } from './carts.service';

const CURRENCY = /^[A-Za-z]{3}$/;

function parseCurrency(header: string | undefined): string | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const value = header.trim();
  if (!CURRENCY.test(value)) throw new BadRequestError('X-MOLTIN-CURRENCY must be a three-letter ISO 4217 code', { header: 'X-MOLTIN-CURRENCY' });
  return value.toUpperCase();
}

/** The currency a new line is priced in: the header's, else the cart's; 422 when the cart's lines are in another one. */
function lineCurrency(cart: CartWithItems, requested: string | undefined, fallback: string | undefined): string | undefined {
  const cartCurrency = cart.items[0]?.currency ?? cart.currency ?? undefined;
  const currency = requested ?? cartCurrency ?? fallback;
  if (currency && cart.items.length && cartCurrency && cartCurrency !== currency) {
    throw new UnprocessableError('Currency mismatch', `The cart's items are priced in ${cartCurrency}; it cannot also hold items in ${currency}`, 'X-MOLTIN-CURRENCY');
  }
  return currency;
}

/** What a source is asked for a `cart_item`. */
function itemRequest(dto: AddCartItemDto): ItemRequest {
  return { id: dto.id, sku: dto.sku, quantity: dto.quantity ?? 1, location: dto.location, bundleConfiguration: dto.bundle_configuration };
}

/** Adding to a cart (a product, a custom item, or many at once) and emptying it. */
@Injectable()
export class CartItemsService {
  constructor(
    private readonly carts: CartsRepository,
    private readonly cartsService: CartsService,
    private readonly prisma: PrismaService,
    private readonly pricing: CartPricing,
    private readonly sources: CartItemSources,
  ) {}

  /**
   * Adds each entry in one transaction. A single item's failure is the answer. In bulk, every refused entry
   * is reported (`data[i]` sources, `meta.id`/`meta.sku`): with `add_all_or_nothing` (the default) nothing is
   * added; without it the others are, and the answer carries both the cart's items and the `errors`.
   */
  async add(ref: string, request: AddCartItemsRequest, currencyHeader: string | undefined, httpRequest?: Request) {
    const requested = parseCurrency(currencyHeader);
    const products = request.entries.filter((e): e is AddCartItemDto => e instanceof AddCartItemDto).map(itemRequest);
    const prepared = await this.sources.prepare(products, httpRequest);
    const { cart, failures } = await this.prisma.$transaction(async (tx) => {
      await this.carts.lock(ref, tx);
      const failures: ErrorObject[] = [];
      let added = 0;
      for (const [index, entry] of request.entries.entries()) {
        try {
          const current = (await this.carts.find(ref, tx))!;
          if (entry instanceof AddCustomItemDto) await this.addCustom(current, entry, requested, tx);
          else if (entry instanceof AddPromotionItemDto) await this.pricing.applyCode(current, entry.code, tx);
          else await this.addProduct(current, entry, requested, { request: httpRequest, db: tx }, prepared);
          added++;
        } catch (error) {
          // Every refusal is raised before the entry writes anything, so the transaction stays usable.
          if (!(error instanceof ApiError) || !request.bulk) throw error;
          failures.push(...entryErrors(error, index, request.raw[index]));
        }
      }
      if (failures.length && (request.addAllOrNothing || added === 0)) {
        throw new ApiError(failures[0].status, failures[0].title, failures[0].detail, undefined, {}, failures);
      }
      return { cart: await this.cartsService.changed(ref, tx), failures };
    });
    return { ...cartItemsDocument(cart), ...(failures.length ? { errors: failures } : {}) };
  }

  /** `DELETE /v2/carts/:ref/items`: the cart stays (name, description), empty and with no currency of its own. */
  async clear(ref: string): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await this.carts.lock(ref, tx);
      const { count } = await this.carts.deleteItems(ref, tx);
      await this.carts.setCurrency(ref, null, tx);
      if (count) await this.cartsService.changed(ref, tx);
    });
  }

  private async addProduct(current: CartWithItems, dto: AddCartItemDto, requested: string | undefined, context: SourceContext & { db: Db }, prepared: PreparedSources) {
    const tx = context.db;
    const quantity = dto.quantity ?? 1;
    const { source, product } = await this.sources.find(itemRequest(dto), context, prepared);
    const currency = lineCurrency(current, requested, product.defaultCurrency);
    if (!currency) throw new UnprocessableError('Product has no price', `Product ${product.productId} has no price`, 'data.id');
    const price = product.priceIn(currency);
    if (!price) throw new UnprocessableError('Product has no price', `Product ${product.productId} has no price in ${currency}`, 'data.id');
    if (!isStorableAmount(price.amount)) {
      throw new UnprocessableError('Product price out of range', `Product ${product.productId}'s ${currency} price is not an amount from 0 to ${MAX_AMOUNT}`, 'data.id');
    }
    const existing = current.items.find((i) => i.productId === product.productId);
    if (existing && product.line.bundleConfiguration && JSON.stringify(existing.bundleConfiguration) !== JSON.stringify(product.line.bundleConfiguration)) {
      throw new UnprocessableError(
        'Bundle already in the cart',
        `Bundle ${product.productId} is in the cart with other selected options; remove that item to add it with these`,
        'data.bundle_configuration',
      );
    }
    this.assertRoom(current, existing, quantity);
    product.assertQuantity?.((existing?.quantity ?? 0) + quantity);
    const others = current.items.filter((i) => i !== existing);
    assertCartTotal([...others, { unitAmount: price.amount, quantity: (existing?.quantity ?? 0) + quantity }]);
    await this.carts.upsertItem(
      current.id,
      {
        productId: product.productId,
        source,
        name: product.name,
        sku: product.sku,
        description: product.description,
        quantity,
        unitAmount: price.amount,
        currency,
        includesTax: price.includesTax,
        catalogId: product.line.catalogId ?? null,
        image: product.line.image ?? null,
        location: product.line.location ?? null,
        bundleConfiguration: product.line.bundleConfiguration ?? null,
      },
      tx,
    );
    if (current.currency !== currency) await this.carts.setCurrency(current.id, currency, tx);
  }

  /** A custom item with the SKU of one already in the cart adds to its quantity and takes the new name and price. */
  private async addCustom(current: CartWithItems, dto: AddCustomItemDto, requested: string | undefined, tx: Db) {
    const currency = lineCurrency(current, requested, DEFAULT_CURRENCY)!;
    const existing = current.items.find((i) => i.type === 'custom_item' && i.sku === dto.sku);
    this.assertRoom(current, existing, dto.quantity);
    const line = { unitAmount: dto.price.amount, quantity: (existing?.quantity ?? 0) + dto.quantity };
    assertCartTotal([...current.items.filter((i) => i !== existing), line]);
    const fields = { name: dto.name, sku: dto.sku, description: dto.description, unitAmount: dto.price.amount, includesTax: dto.price.includes_tax };
    if (existing) await this.carts.updateItem(existing.id, { ...fields, quantity: line.quantity }, tx);
    else await this.carts.createItem({ cartId: current.id, type: 'custom_item', productId: null, ...fields, quantity: dto.quantity, currency }, tx);
    if (current.currency !== currency) await this.carts.setCurrency(current.id, currency, tx);
  }

  private assertRoom(current: CartWithItems, existing: { quantity: number } | undefined, quantity: number) {
    if (!existing && current.items.length >= MAX_CART_ITEMS) {
      throw new UnprocessableError('Cart is full', `A cart can hold at most ${MAX_CART_ITEMS} unique items`);
    }
    if (existing && existing.quantity + quantity > MAX_QUANTITY) {
      throw new BadRequestError(`quantity would exceed ${MAX_QUANTITY} for this item`, 'data.quantity');
    }
  }
}
