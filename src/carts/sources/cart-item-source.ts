import { applyDecorators, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Request } from 'express';
import type { CartItem, Prisma } from '../../generated/prisma/client';
import type { Db } from '../../prisma/prisma.service';

/** How a registered source is known: its name (stored on each item it supplied) and when it is asked. */
export interface CartItemSourceDefinition {
  /** Stored on the items it supplies (`cart_items.source`): never renamed once items carry it. */
  name: string;
  /** Sources are asked in ascending order; the first that knows the product supplies it. */
  order: number;
}

/** What an add names: a product by `id` or by `sku`, and what comes with it. */
export interface ItemRequest {
  id?: string;
  sku?: string;
  quantity: number;
  location?: string;
  bundleConfiguration?: { selected_options?: unknown };
}

/** The request an add or a checkout serves: what a source decides which products a shopper sees from. */
export interface SourceContext {
  request?: Request;
  db: Db;
  /** What the source's `prepare` answered for this request (undefined when it has none). */
  prepared?: unknown;
}

/** A product a source found for an add, with everything the cart line copies from it. */
export interface SourcedProduct {
  productId: string;
  name: string;
  sku: string;
  description: string;
  /** The price in `currency` (minor units), or null when it has none in that currency. */
  priceIn(currency: string): { amount: number; includesTax: boolean } | null;
  /** The currency a cart without one takes when the request names none. */
  defaultCurrency: string | undefined;
  /** Copied onto the line as they are. */
  line: {
    catalogId?: string | null;
    image?: Prisma.InputJsonObject | null;
    location?: string | null;
    bundleConfiguration?: Prisma.InputJsonObject | null;
  };
  /** Refuses (422) a quantity of the line the product cannot hold now; left out, any quantity. */
  assertQuantity?(quantity: number): void;
}

/** The cart lines of one source at checkout, and what that checkout learned of them. */
export interface CheckoutLines {
  items: (CartItem & { productId: string })[];
  context: SourceContext;
}

/** What checkout keeps on each order line a source took stock for. */
export interface TakenStock {
  /** `order_items.stock_source`: whose stock it is, so a cancel gives it back there. */
  stockSource: string;
}

/**
 * A kind of product a cart item can be: legacy `/v2/products` or a published catalog release's product. Register
 * one with `@CartItemSource({ name, order })`; CartItemSources asks them in order.
 */
export interface CartItemSourceProvider {
  /**
   * Before the add's transaction opens: reads what does not change under it (a published release) for the items
   * of this request. Reads outside the transaction must happen here: on the embedded database a transaction holds
   * the one connection, so a read beside it would wait for it.
   */
  prepare?(requests: ItemRequest[], request: Request | undefined): Promise<unknown>;
  /** The product an add names, or null when this source does not know it (the next source is asked). May refuse it (404, 422). */
  find(request: ItemRequest, context: SourceContext): Promise<SourcedProduct | null>;
  /** Refuses a new quantity of one of its items that the product cannot hold now (a quantity change). */
  assertQuantity(item: CartItem & { productId: string }, quantity: number, db: Db): Promise<void>;
  /**
   * At checkout, in the order's transaction, before the order is written: refuses (422) items that can no longer be
   * sold, and says, per item id, whose stock the order takes for it.
   */
  reserve(lines: CheckoutLines): Promise<Map<string, TakenStock>>;
  /** The last step of a checkout, after the order is written: takes what `reserve` said (locks held shortest). */
  take?(lines: CheckoutLines, reserved: Map<string, TakenStock>): Promise<void>;
}

export const CART_ITEM_SOURCE = DiscoveryService.createDecorator<CartItemSourceDefinition>();

/** Registers a provider (a CartItemSourceProvider) as a kind of cart item; CartItemSources finds it at start. */
export const CartItemSource = (definition: CartItemSourceDefinition) => applyDecorators(Injectable(), CART_ITEM_SOURCE(definition));
