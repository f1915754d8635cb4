import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Request } from 'express';
import { DiscoveryService } from '@nestjs/core';
import { NotFoundError } from '../../common/errors/api-error';
import type { CartItem } from '../../generated/prisma/client';
import type { Db } from '../../prisma/prisma.service';
import { CART_ITEM_SOURCE, CartItemSourceProvider, ItemRequest, SourceContext, SourcedProduct, TakenStock } from './cart-item-source';

/** The legacy source's name: items stored before sources were recorded have none and belong to it. */
export const LEGACY_SOURCE = 'legacy';

interface RegisteredSource {
  name: string;
  order: number;
  provider: CartItemSourceProvider;
}

type ProductItem = CartItem & { productId: string };

/** What each source prepared for one add, by source name. */
export type PreparedSources = Map<string, unknown>;

/** The registered kinds of cart item (`@CartItemSource`), found at start; two of one name stop the start. */
@Injectable()
export class CartItemSources implements OnModuleInit {
  private sources: RegisteredSource[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit() {
    const found: RegisteredSource[] = [];
    for (const wrapper of this.discovery.getProviders({ metadataKey: CART_ITEM_SOURCE.KEY })) {
      const { name, order } = this.discovery.getMetadataByDecorator(CART_ITEM_SOURCE, wrapper)!;
      const taken = found.find((s) => s.name === name);
      if (taken) throw new Error(`Two cart item sources are named ${name}`);
      found.push({ name, order, provider: wrapper.instance as CartItemSourceProvider });
    }
    this.sources = found.sort((a, b) => a.order - b.order);
  }

  /** Each source's reads for an add's items, before its transaction opens (see CartItemSourceProvider.prepare). */
  async prepare(requests: ItemRequest[], request: Request | undefined): Promise<PreparedSources> {
    const prepared: PreparedSources = new Map();
    if (requests.length === 0) return prepared;
    for (const source of this.sources) if (source.provider.prepare) prepared.set(source.name, await source.provider.prepare(requests, request));
    return prepared;
  }

  /** The product an add names, from the first source that knows it, with that source's name; 404 when none does. */
  async find(request: ItemRequest, context: SourceContext, prepared: PreparedSources = new Map()): Promise<{ source: string; product: SourcedProduct }> {
    for (const source of this.sources) {
      const product = await source.provider.find(request, { ...context, prepared: prepared.get(source.name) });
      if (product) return { source: source.name, product };
    }
    throw new NotFoundError('Product');
  }

  async assertQuantity(item: ProductItem, quantity: number, db: Db): Promise<void> {
    await this.of(item).provider.assertQuantity(item, quantity, db);
  }

  /**
   * Checkout's stock, in two steps around the writing of the order: `reserve` refuses what can no longer be sold
   * and answers whose stock each item takes; the function it returns takes it, last.
   */
  async reserve(items: ProductItem[], context: SourceContext): Promise<{ taken: Map<string, TakenStock>; take: () => Promise<void> }> {
    const taken = new Map<string, TakenStock>();
    const steps: (() => Promise<void>)[] = [];
    for (const source of this.sources) {
      const lines = { items: items.filter((i) => this.of(i) === source), context };
      if (lines.items.length === 0) continue;
      const reserved = await source.provider.reserve(lines);
      for (const [id, stock] of reserved) taken.set(id, stock);
      if (source.provider.take) steps.push(() => source.provider.take!(lines, reserved));
    }
    return { taken, take: async () => { for (const step of steps) await step(); } };
  }

  private of(item: Pick<CartItem, 'source'>): RegisteredSource {
    const name = item.source ?? LEGACY_SOURCE;
    const source = this.sources.find((s) => s.name === name);
    if (!source) throw new Error(`No cart item source is named ${name}`);
    return source;
  }
}
