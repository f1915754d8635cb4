import { Injectable } from '@nestjs/common';
import { UnprocessableError } from '../common/errors/api-error';
import { Db } from '../prisma/prisma.service';
import { StockRepository, StockRow } from './stock.repository';

export interface StockLine {
  productId: string;
  quantity: number;
}

/** Elastic Path's wording for a managed stock that cannot cover a quantity. */
export function insufficientStock(product: Pick<StockRow, 'id' | 'name' | 'stockLevel'>, wanted: number, source?: string): UnprocessableError {
  const left = Math.max(product.stockLevel, 0);
  return new UnprocessableError(
    'Insufficient stock',
    `There is not enough stock of ${product.name} (${product.id}): ${wanted} requested, ${left} in stock`,
    source,
  );
}

/** 422 unless a product with `manage_stock` holds `quantity` (products without it hold any quantity). */
export function assertStockHolds(product: Pick<StockRow, 'id' | 'name' | 'manageStock' | 'stockLevel'>, quantity: number, source?: string): void {
  if (product.manageStock && quantity > product.stockLevel) throw insufficientStock(product, quantity, source);
}

/**
 * Managed stock: a checkout takes its lines' quantities from the products that manage stock, in the
 * transaction that creates the order, and a cancelled order gives them back.
 */
@Injectable()
export class StockService {
  constructor(private readonly stock: StockRepository) {}

  /**
   * Before an order is made: every line's product must still exist and be live, and the managed ones must
   * hold the quantities now (a refusal without waiting for any lock). Returns the ids of the managed products.
   */
  async check(lines: StockLine[], tx: Db): Promise<Set<string>> {
    const current = new Map((await this.stock.products(lines.map((l) => l.productId), tx)).map((p) => [p.id, p]));
    for (const line of lines) {
      const product = current.get(line.productId);
      this.assertPurchasable(line.productId, product);
      assertStockHolds(product, line.quantity);
    }
    return new Set(lines.filter((l) => current.get(l.productId)!.manageStock).map((l) => l.productId));
  }

  /**
   * Takes the quantities of these lines from their products' stock, the last step of a checkout: the rows
   * stay locked until the transaction ends, so concurrent checkouts of the last units queue here (for as
   * short a time as possible) and each later one sees what the earlier took. 422 when a product no longer
   * holds its line's quantity (or stopped being live meanwhile): the caller's transaction, order included,
   * is rolled back.
   */
  async take(lines: StockLine[], tx: Db): Promise<void> {
    if (lines.length === 0) return;
    const locked = new Map((await this.stock.lockProducts(lines.map((l) => l.productId), tx)).map((p) => [p.id, p]));
    for (const line of lines) {
      const product = locked.get(line.productId);
      this.assertPurchasable(line.productId, product);
      if (product.manageStock) assertStockHolds(product, line.quantity);
    }
    await this.stock.adjust(lines.map((l) => ({ productId: l.productId, delta: -l.quantity })), tx);
  }

  /** Gives back what `take` took for these lines. */
  async release(lines: StockLine[], tx: Db): Promise<void> {
    await this.stock.adjust(lines.map((l) => ({ productId: l.productId, delta: l.quantity })), tx);
  }

  private assertPurchasable(id: string, product: StockRow | undefined): asserts product is StockRow {
    if (!product) throw new UnprocessableError('Product not available', `Product ${id} no longer exists; remove it from the cart`);
    if (product.status !== 'live') {
      throw new UnprocessableError('Product not available', `Product ${product.name} (${id}) is ${product.status}; only live products can be checked out`);
    }
  }
}
