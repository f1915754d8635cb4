import { Injectable } from '@nestjs/common';
import { MAX_STOCK } from '../common/money/limits';
import { Db } from '../prisma/prisma.service';

export interface StockRow {
  id: string;
  name: string;
  status: string;
  manageStock: boolean;
  stockLevel: number;
}

/** Stock levels live on the product rows; these statements read and move them inside a caller's transaction. */
@Injectable()
export class StockRepository {
  /** The products of the ids (missing ones are left out), as they are now. */
  products(ids: string[], db: Db): Promise<StockRow[]> {
    return db.$queryRaw<StockRow[]>`
      SELECT id::text AS id, name, status, manage_stock AS "manageStock", stock_level AS "stockLevel"
      FROM products WHERE id = ANY(${ids}::uuid[])`;
  }

  /**
   * The products of the ids, locked until the transaction ends, in id order: two checkouts that share
   * products lock them in the same order, so they queue instead of deadlocking.
   */
  lockProducts(ids: string[], db: Db): Promise<StockRow[]> {
    return db.$queryRaw<StockRow[]>`
      SELECT id::text AS id, name, status, manage_stock AS "manageStock", stock_level AS "stockLevel"
      FROM products WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE`;
  }

  /** Adds `delta` (negative to take) to each product's stock level, one statement for all (capped at the column's range). */
  async adjust(changes: { productId: string; delta: number }[], db: Db): Promise<void> {
    if (changes.length === 0) return;
    await db.$executeRaw`
      UPDATE products p SET stock_level = LEAST(p.stock_level::bigint + c.delta, ${MAX_STOCK})::int
      FROM unnest(${changes.map((c) => c.productId)}::uuid[], ${changes.map((c) => c.delta)}::int[]) AS c(id, delta)
      WHERE p.id = c.id`;
  }
}
