import { Injectable } from '@nestjs/common';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { ListQuery, ListResourceSpec, page } from '../common/list-query';
import { CurrenciesService } from '../currencies/currencies.service';
import { Prisma, type PriceBook, type PriceBookPrice } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { checkCustomAttributes } from '../pxm/attributes';
import { checkCurrencies } from './currencies-check';
import { CreatePriceDto, UpdatePriceDto } from './dto/price.dto';
import { CreatePricebookDto, UpdatePricebookDto } from './dto/pricebook.dto';
import { PRICE_WIRE } from './price.wire';
import { PRICEBOOK_WIRE } from './pricebook.wire';
import { PricebooksRepository } from './pricebooks.repository';

const json = (value: unknown) => value as Prisma.InputJsonValue;

function refuseSales(sales: unknown) {
  if (sales !== undefined) throw new UnprocessableError('Not built', 'Sale prices (sales) are not built yet', 'data.attributes.sales');
}

@Injectable()
export class PricebooksService {
  constructor(
    private readonly repo: PricebooksRepository,
    private readonly prisma: PrismaService,
    private readonly currencies: CurrenciesService,
  ) {}

  // ---------- price books ----------

  async createBook(dto: CreatePricebookDto) {
    const a = dto.attributes;
    return this.presentBook(await this.repo.createBook({ name: a.name, description: a.description ?? null, externalRef: a.external_ref ?? null }));
  }

  async listBooks(q: ListQuery) {
    const { items, total, all } = await this.repo.listBooks(q);
    return page(items.map((row) => this.presentBook(row)), total, q, all);
  }

  async getBook(id: string) {
    return this.presentBook(await this.requireBook(id));
  }

  async updateBook(id: string, dto: UpdatePricebookDto) {
    if (dto.id !== undefined && dto.id.toLowerCase() !== id) throw new BadRequestError('data.id must be the id in the path', 'data.id');
    const a = dto.attributes;
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lockBook(id, tx))) throw new NotFoundError('Price book');
      const row = await this.repo.updateBook(
        id,
        {
          ...(a.name !== undefined ? { name: a.name } : {}),
          ...(a.description !== undefined ? { description: a.description } : {}),
          ...(a.external_ref !== undefined ? { externalRef: a.external_ref } : {}),
        },
        tx,
      );
      return this.presentBook(row);
    });
  }

  /** Its prices go with it; products are untouched. */
  async deleteBook(id: string) {
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lockBook(id, tx))) throw new NotFoundError('Price book');
      await this.repo.deleteBook(id, tx);
    });
  }

  // ---------- prices ----------

  /**
   * One INSERT, no lock: the (book, SKU) unique index refuses a second price for a SKU and the foreign key a book
   * that is gone, so concurrent creates into one book do not wait on each other.
   */
  async createPrice(priceBookId: string, dto: CreatePriceDto) {
    const a = dto.attributes;
    refuseSales(a.sales);
    const currencies = checkCurrencies(a.currencies, 'data.attributes.currencies');
    checkCustomAttributes(a.admin_attributes, 'data.attributes.admin_attributes');
    checkCustomAttributes(a.shopper_attributes, 'data.attributes.shopper_attributes');
    await this.checkStoreCurrencies(Object.keys(currencies), this.prisma);
    try {
      const row = await this.repo.createPrice({
        priceBookId,
        sku: a.sku,
        currencies: json(currencies),
        externalRef: a.external_ref ?? null,
        ...(a.admin_attributes !== undefined ? { adminAttributes: json(a.admin_attributes) } : {}),
        ...(a.shopper_attributes !== undefined ? { shopperAttributes: json(a.shopper_attributes) } : {}),
      });
      return this.presentPrice(row);
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (code === 'P2003') throw new NotFoundError('Price book');
      if (code === 'P2002') await this.checkSkuFree(priceBookId, a.sku, null, this.prisma);
      throw e;
    }
  }

  async listPrices(priceBookId: string | undefined, q: ListQuery, spec: ListResourceSpec) {
    if (priceBookId !== undefined) await this.requireBook(priceBookId);
    const { items, total, all } = await this.repo.listPrices(priceBookId, q, spec);
    return page(items.map((row) => this.presentPrice(row)), total, q, all);
  }

  async getPrice(priceBookId: string, id: string) {
    await this.requireBook(priceBookId);
    return this.presentPrice(await this.requirePrice(priceBookId, id));
  }

  async updatePrice(priceBookId: string, id: string, dto: UpdatePriceDto) {
    if (dto.id !== undefined && dto.id.toLowerCase() !== id) throw new BadRequestError('data.id must be the id in the path', 'data.id');
    const a = dto.attributes;
    refuseSales(a.sales);
    const currencies = a.currencies !== undefined ? checkCurrencies(a.currencies, 'data.attributes.currencies') : undefined;
    checkCustomAttributes(a.admin_attributes, 'data.attributes.admin_attributes');
    checkCustomAttributes(a.shopper_attributes, 'data.attributes.shopper_attributes');
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lockBook(priceBookId, tx))) throw new NotFoundError('Price book');
      await this.requirePrice(priceBookId, id, tx);
      if (currencies) await this.checkStoreCurrencies(Object.keys(currencies), tx);
      if (a.sku !== undefined) await this.checkSkuFree(priceBookId, a.sku, id, tx);
      const row = await this.repo.updatePrice(
        id,
        {
          ...(a.sku !== undefined ? { sku: a.sku } : {}),
          ...(currencies ? { currencies: json(currencies) } : {}),
          ...(a.external_ref !== undefined ? { externalRef: a.external_ref } : {}),
          ...(a.admin_attributes !== undefined ? { adminAttributes: json(a.admin_attributes) } : {}),
          ...(a.shopper_attributes !== undefined ? { shopperAttributes: json(a.shopper_attributes) } : {}),
        },
        tx,
      );
      return this.presentPrice(row);
    });
  }

  async deletePrice(priceBookId: string, id: string) {
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lockBook(priceBookId, tx))) throw new NotFoundError('Price book');
      await this.requirePrice(priceBookId, id, tx);
      await this.repo.deletePrice(id, tx);
    });
  }

  // ---------- rules ----------

  /** A price names only the store's currencies (`/v2/currencies`); codes are compared as written (upper case). */
  private async checkStoreCurrencies(codes: string[], tx: Db) {
    const unknown = await this.currencies.unknownCodes(codes, tx);
    if (unknown.length > 0) {
      throw new UnprocessableError('Unknown currency', `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a currency' : 'are not currencies'} of this store (see /v2/currencies)`, `data.attributes.currencies.${unknown[0]}`);
    }
  }

  /** One price per SKU in a book (the unique index has the last word when two requests race). */
  private async checkSkuFree(priceBookId: string, sku: string, exceptId: string | null, tx: Db) {
    const existing = await this.repo.findBySku(priceBookId, sku, tx);
    if (existing && existing.id !== exceptId) throw new ConflictError(`This price book already has a price for SKU ${JSON.stringify(sku)} (${existing.id})`, 'data.attributes.sku');
  }

  // ---------- reading ----------

  private async requireBook(id: string, db: Db = this.prisma): Promise<PriceBook> {
    const row = await this.repo.findBook(id, db);
    if (!row) throw new NotFoundError('Price book');
    return row;
  }

  private async requirePrice(priceBookId: string, id: string, db: Db = this.prisma): Promise<PriceBookPrice> {
    const row = await this.repo.findPrice(priceBookId, id, db);
    if (!row) throw new NotFoundError('Price');
    return row;
  }

  private presentBook(row: PriceBook) {
    return PRICEBOOK_WIRE.present(row, undefined);
  }

  private presentPrice(row: PriceBookPrice) {
    return PRICE_WIRE.present(row, undefined);
  }
}
