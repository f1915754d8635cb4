import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { ListQuery, page } from '../common/list-query';
import type { InventoryTransaction } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { CreateStockDto, UpdateStockDto } from './dto/stock.dto';
import { CreateTransactionDto } from './dto/transaction.dto';
import { InventoryStock } from './inventory-stock.service';
import { LocationsRepository } from './locations.repository';
import { StockRepository } from './stock.repository';
import { BASIC_STOCK_WIRE, STOCK_WIRE, StockRow } from './stock.wire';
import { TransactionsRepository } from './transactions.repository';
import { BASIC_TRANSACTION_WIRE, TRANSACTION_WIRE } from './transaction.wire';

/** Which shape an answer takes: `multi` with `EP-Inventories-Multi-Location: true`, else the basic one. */
export type InventoryForm = 'multi' | 'basic';

export const presentStock = (row: StockRow, form: InventoryForm) => (form === 'multi' ? STOCK_WIRE.present(row) : BASIC_STOCK_WIRE.present(row));
export const presentTransaction = (row: InventoryTransaction, form: InventoryForm) =>
  form === 'multi' ? TRANSACTION_WIRE.present(row) : BASIC_TRANSACTION_WIRE.present(row);

/** Stock per product (`/v2/inventories`): its positions at no location and at each location, and its transactions. */
@Injectable()
export class StockService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly stock: StockRepository,
    private readonly locations: LocationsRepository,
    private readonly transactions: TransactionsRepository,
    private readonly inventory: InventoryStock,
  ) {}

  /** A product's first stock: `available` at no location and each named location's. 409 when it has stock already. */
  async create(dto: CreateStockDto, form: InventoryForm) {
    const productId = (dto.id ?? randomUUID()).toLowerCase();
    return this.prisma.$transaction(async (tx) => {
      const locations = await this.locationIds(Object.keys(dto.attributes.locations ?? {}), tx);
      if (!(await this.stock.create(productId, dto.attributes.available ?? 0, tx))) throw new ConflictError(`Product ${productId} has stock already; update it instead`, 'data.id');
      for (const [slug, position] of Object.entries(dto.attributes.locations ?? {})) {
        await this.stock.setAvailable(productId, locations.get(slug)!, position.available, tx);
      }
      return presentStock((await this.stock.find(productId, tx))!, form);
    });
  }

  async get(productId: string, form: InventoryForm) {
    return presentStock(await this.require(productId), form);
  }

  async many(productIds: string[], form: InventoryForm) {
    return (await this.stock.findMany(productIds)).map((row) => presentStock(row, form));
  }

  async list(q: ListQuery, form: InventoryForm) {
    const { items, total, all } = await this.stock.list(q);
    return page(items.map((row) => presentStock(row, form)), total, q, all);
  }

  /** Sets each named location's available stock; `null` takes a location away (422 while some of it is allocated). */
  async update(productId: string, dto: UpdateStockDto, form: InventoryForm) {
    if (dto.id.toLowerCase() !== productId) throw new BadRequestError('data.id must be the id in the path', 'data.id');
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.stock.lock(productId, tx))) throw this.notFound(productId);
      const changes = Object.entries(dto.attributes.locations ?? {});
      const locations = await this.locationIds(changes.map(([slug]) => slug), tx);
      for (const [slug, position] of changes) {
        const locationId = locations.get(slug)!;
        if (position === null) {
          const held = await this.stock.position(productId, locationId, tx);
          if (held.allocated > 0) throw new UnprocessableError('Stock allocated', `${held.allocated} of product ${productId} are allocated at location ${slug}; deallocate them first`, `data.attributes.locations.${slug}`);
          await this.stock.removePosition(productId, locationId, tx);
        } else if (!(await this.stock.setAvailable(productId, locationId, position.available, tx))) {
          throw new UnprocessableError('Stock too large', `Location ${slug} cannot hold that much of product ${productId}`, `data.attributes.locations.${slug}`);
        }
      }
      return presentStock((await this.stock.find(productId, tx))!, form);
    });
  }

  /** The product's stock is no longer managed: its positions and transactions go with it. */
  async delete(productId: string) {
    if ((await this.stock.delete(productId)) === 0) throw this.notFound(productId);
  }

  async transact(productId: string, dto: CreateTransactionDto, form: InventoryForm) {
    const given = dto.attributes.product_id;
    if (given !== undefined && given.toLowerCase() !== productId) throw new BadRequestError('data.attributes.product_id must be the id in the path', 'data.attributes.product_id');
    const row = await this.prisma.$transaction((tx) =>
      this.inventory.transact(tx, productId, { action: dto.attributes.action, quantity: dto.attributes.quantity, location: dto.attributes.location }),
    );
    return presentTransaction(row, form);
  }

  async listTransactions(productId: string, q: ListQuery, form: InventoryForm) {
    await this.require(productId);
    const { items, total, all } = await this.transactions.list(productId, q);
    return page(items.map((row) => presentTransaction(row, form)), total, q, all);
  }

  async getTransaction(productId: string, id: string, form: InventoryForm) {
    const row = await this.transactions.find(productId, id);
    if (!row) throw new NotFoundError('Stock transaction');
    return presentTransaction(row, form);
  }

  private async require(productId: string) {
    const row = await this.stock.find(productId);
    if (!row) throw this.notFound(productId);
    return row;
  }

  private notFound(productId: string) {
    return new NotFoundError('Stock', `Product ${productId} has no stock`);
  }

  /** The ids of locations by slug; 422 naming the first slug that is no location. */
  private async locationIds(slugs: string[], tx: Db): Promise<Map<string, string>> {
    if (slugs.length === 0) return new Map();
    const found = new Map((await this.locations.findBySlugs(slugs, tx)).map((l) => [l.slug, l.id]));
    const missing = slugs.find((s) => !found.has(s));
    if (missing !== undefined) throw new UnprocessableError('Location not found', `There is no inventory location with the slug ${missing}`, `data.attributes.locations.${missing}`);
    return found;
  }
}
