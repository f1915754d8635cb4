import { Injectable } from '@nestjs/common';
import { Db, PrismaService } from '../prisma/prisma.service';
import { Currencies } from './price.wire';
import { PricebooksRepository } from './pricebooks.repository';

/** What other modules read of a price book: the prices of given SKUs (a catalog's products). */
@Injectable()
export class PriceBookPrices {
  constructor(
    private readonly repo: PricebooksRepository,
    private readonly prisma: PrismaService,
  ) {}

  /** Per SKU that has a price in the book, its currencies map; SKUs without one are absent. One query. */
  async pricesFor(priceBookId: string, skus: string[], db: Db = this.prisma): Promise<Map<string, Currencies>> {
    if (skus.length === 0) return new Map();
    const rows = await this.repo.pricesOfSkus(priceBookId, [...new Set(skus)], db);
    return new Map(rows.map((r) => [r.sku, r.currencies as unknown as Currencies]));
  }
}
