import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { ApiError } from '../../common/errors/api-error';
import type { Db } from '../../prisma/prisma.service';
import { CartItemSource, CartItemSourceProvider, ItemRequest, SourcedProduct } from './cart-item-source';
import { CartItemSources } from './cart-item-sources';

const product = (productId: string): SourcedProduct => ({ productId, name: productId, sku: productId, description: '', defaultCurrency: 'USD', priceIn: () => ({ amount: 1, includesTax: true }), line: {} });

/** Knows the ids starting with its prefix. */
class PrefixSource implements CartItemSourceProvider {
  constructor(private readonly prefix: string) {}
  async find(request: ItemRequest) {
    return request.id?.startsWith(this.prefix) ? product(`${this.prefix}:${request.id}`) : null;
  }
  async assertQuantity() {}
  async reserve() {
    return new Map();
  }
}

@CartItemSource({ name: 'late', order: 100 })
class Late extends PrefixSource {
  constructor() {
    super('a');
  }
}
@CartItemSource({ name: 'early', order: 10 })
class Early extends PrefixSource {
  constructor() {
    super('ab');
  }
}
@CartItemSource({ name: 'early', order: 20 })
class SameName extends PrefixSource {
  constructor() {
    super('x');
  }
}

async function sources(...providers: (new () => PrefixSource)[]) {
  const module = await Test.createTestingModule({ imports: [DiscoveryModule], providers: [CartItemSources, ...providers] }).compile();
  await module.init();
  return module.get(CartItemSources);
}

describe('cart item sources', () => {
  const context = { db: {} as Db };

  it('asks the registered sources in their order; the first that knows the product supplies it', async () => {
    const registry = await sources(Late, Early);
    expect(await registry.find({ id: 'abc', quantity: 1 }, context)).toMatchObject({ source: 'early', product: { productId: 'ab:abc' } });
    expect(await registry.find({ id: 'acd', quantity: 1 }, context)).toMatchObject({ source: 'late', product: { productId: 'a:acd' } });
  });

  it('answers 404 Product not found when no source knows the product', async () => {
    const registry = await sources(Late);
    const refusal = await registry.find({ id: 'zzz', quantity: 1 }, context).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 404, title: 'Product not found', detail: 'The requested product could not be found' });
  });

  it('refuses to start with two sources of one name', async () => {
    await expect(sources(Early, SameName)).rejects.toThrow('Two cart item sources are named early');
  });
});
