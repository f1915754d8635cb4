import { Injectable } from '@nestjs/common';
import { ApiError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { ListQuery, page } from '../common/list-query';
import { useStoreCurrencyFormats } from '../common/money/money';
import { EventsPublisher } from '../events/events.publisher';
import { Currency, Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { presentCurrency } from './currencies.presenter';
import { CurrenciesRepository } from './currencies.repository';
import { CreateCurrencyDto, UpdateCurrencyDto } from './dto/currency.dto';

/** Elastic Path's limit: "You can configure up to ten currencies per store." */
export const MAX_CURRENCIES = 10;

@Injectable()
export class CurrenciesService {
  private defaultCode?: string;

  constructor(
    private readonly currencies: CurrenciesRepository,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
  ) {}

  async create(dto: CreateCurrencyDto) {
    const presented = await this.prisma.$transaction(async (tx) => {
      await this.currencies.lockForWrite(tx);
      const code = dto.code.toUpperCase();
      if (await this.currencies.findByCode(code, tx)) {
        throw new ApiError(400, 'Currency already exists', `A currency with code ${code} already exists`, 'data.code');
      }
      if ((await this.currencies.count(tx)) >= MAX_CURRENCIES) {
        throw new UnprocessableError('Currency limit reached', `A store has at most ${MAX_CURRENCIES} currencies`);
      }
      if (dto.default) await this.currencies.clearDefault(tx);
      const row = await this.currencies.create(
        {
          code,
          exchangeRate: dto.exchange_rate,
          format: dto.format,
          decimalPoint: dto.decimal_point,
          thousandSeparator: dto.thousand_separator,
          decimalPlaces: dto.decimal_places,
          isDefault: dto.default ? true : null,
          enabled: dto.enabled ?? true,
        },
        tx,
      );
      const presented = presentCurrency(row);
      await this.events.publish(tx, 'currency.created', { data: presented });
      return presented;
    });
    await this.reloadFormats();
    return presented;
  }

  /** Storefront (implicit) tokens see the enabled currencies only. */
  async list(q: ListQuery, onlyEnabled: boolean) {
    const { items, total, all } = await this.currencies.list(q, onlyEnabled);
    return page(items.map((row) => presentCurrency(row)), total, q, all);
  }

  async get(id: string, onlyEnabled: boolean) {
    const row = await this.require(id);
    if (onlyEnabled && !row.enabled) throw new NotFoundError('Currency');
    return presentCurrency(row);
  }

  async update(id: string, dto: UpdateCurrencyDto) {
    const presented = await this.prisma.$transaction(async (tx) => {
      await this.currencies.lockForWrite(tx);
      const current = await this.require(id, tx);
      const data: Prisma.CurrencyUpdateInput = {
        exchangeRate: dto.exchange_rate,
        format: dto.format,
        decimalPoint: dto.decimal_point,
        thousandSeparator: dto.thousand_separator,
        decimalPlaces: dto.decimal_places,
        enabled: dto.enabled,
      };
      if (dto.code !== undefined && dto.code.toUpperCase() !== current.code) {
        const code = dto.code.toUpperCase();
        if (await this.currencies.findByCode(code, tx)) {
          throw new ApiError(400, 'Currency already exists', `A currency with code ${code} already exists`, 'data.code');
        }
        data.code = code;
      }
      if (dto.default === false && current.isDefault) {
        throw new UnprocessableError('Default currency required', 'The store always has one default currency: make another currency the default instead');
      }
      if (dto.default === true && !current.isDefault) {
        await this.currencies.clearDefault(tx);
        data.isDefault = true;
      }
      const presented = presentCurrency(await this.currencies.update(id, data, tx));
      await this.events.publish(tx, 'currency.updated', { data: presented });
      return presented;
    });
    await this.reloadFormats();
    return presented;
  }

  async delete(id: string) {
    await this.prisma.$transaction(async (tx) => {
      await this.currencies.lockForWrite(tx);
      const current = await this.require(id, tx);
      if (current.isDefault) {
        throw new UnprocessableError('Cannot delete the default currency', 'Make another currency the default before deleting this one');
      }
      await this.currencies.delete(id, tx);
      await this.events.publish(tx, 'currency.deleted', { type: 'currency', id });
    });
    await this.reloadFormats();
  }

  /** Writes every `formatted` amount of the store's currencies with their format fields from now on. */
  async reloadFormats(db: Db = this.prisma) {
    const rows = await this.currencies.all(db);
    useStoreCurrencyFormats(new Map(rows.map((row: Currency) => [row.code, row])));
    this.defaultCode = rows.find((row: Currency) => row.isDefault === true)?.code;
  }

  /** The store's default currency code, as of the last change any replica made (kept with the formats). */
  defaultCurrency(): string | undefined {
    return this.defaultCode;
  }

  private async require(id: string, db: Db = this.prisma) {
    const row = await this.currencies.find(id, db);
    if (!row) throw new NotFoundError('Currency');
    return row;
  }

  /** The codes among `codes` that are none of the store's currencies (for prices, which may name only those). */
  async unknownCodes(codes: string[], db: Db = this.prisma): Promise<string[]> {
    const known = new Set((await this.currencies.all(db)).map((c) => c.code));
    return codes.filter((code) => !known.has(code));
  }
}
