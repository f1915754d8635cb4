import { UnprocessableError } from '../../common/errors/api-error';
import { isUuid } from '../../common/validation/resource-id.pipe';
import { productPrices } from '../../catalog/products/products.presenter';
import type { CartItem } from '../../generated/prisma/client';
import type { Db } from '../../prisma/prisma.service';
import { assertStockHolds, StockService } from '../../stock/stock.service';
import { PRODUCT_STOCK } from '../../orders/orders.service';
import { CartsRepository } from '../carts.repository';
import { CartItemSource, CartItemSourceProvider, CheckoutLines, ItemRequest, SourceContext, SourcedProduct, TakenStock } from './cart-item-source';
import { LEGACY_SOURCE } from './cart-item-sources';

/** `/v2/products` (the legacy catalog), by id: live products only; managed stock checked on add and taken at checkout. */
@CartItemSource({ name: LEGACY_SOURCE, order: 100 })
export class LegacyProductSource implements CartItemSourceProvider {
  constructor(
    private readonly carts: CartsRepository,
    private readonly stock: StockService,
  ) {}

  async find(request: ItemRequest, { db }: SourceContext): Promise<SourcedProduct | null> {
    const product = request.id !== undefined && isUuid(request.id) ? await this.carts.findProduct(request.id.toLowerCase(), db) : null;
    if (!product) return null;
    if (product.status !== 'live') {
      throw new UnprocessableError('Product not available', `Product ${product.id} is ${product.status}; only live products can be added to a cart`, 'data.id');
    }
    if (request.bundleConfiguration !== undefined) {
      throw new UnprocessableError('Not a bundle', `Product ${product.id} is not a bundle; it takes no bundle_configuration`, 'data.bundle_configuration');
    }
    const prices = productPrices(product);
    return {
      productId: product.id,
      name: product.name,
      sku: product.sku,
      description: product.description,
      defaultCurrency: prices[0]?.currency?.toUpperCase(),
      priceIn: (currency) => {
        const price = prices.find((p) => p.currency.toUpperCase() === currency);
        return price ? { amount: price.amount, includesTax: price.includes_tax } : null;
      },
      line: {},
      assertQuantity: (quantity) => assertStockHolds(product, quantity, 'data.quantity'),
    };
  }

  async assertQuantity(item: CartItem & { productId: string }, quantity: number, db: Db): Promise<void> {
    if (quantity <= item.quantity) return;
    const product = await this.carts.findProduct(item.productId, db);
    if (product) assertStockHolds(product, quantity, 'data.quantity');
  }

  /** Every product must still exist and be live, and managed stock hold the quantities now (no lock taken yet). */
  async reserve({ items, context }: CheckoutLines): Promise<Map<string, TakenStock>> {
    const managed = await this.stock.check(items, context.db);
    return new Map(items.filter((i) => managed.has(i.productId)).map((i) => [i.id, { stockSource: PRODUCT_STOCK }]));
  }

  async take({ items, context }: CheckoutLines, reserved: Map<string, TakenStock>): Promise<void> {
    await this.stock.take(items.filter((i) => reserved.has(i.id)), context.db);
  }
}
