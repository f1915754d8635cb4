import { Injectable } from '@nestjs/common';
import { Setting } from '../generated/prisma/client';
import { EventsPublisher } from '../events/events.publisher';
import { PrismaService } from '../prisma/prisma.service';
import { UpdateSettingsDto } from './dto/update-settings.dto';
import { presentLogsTtl, presentSettings } from './settings.presenter';
import { SettingsRepository } from './settings.repository';

/** Other replicas see a change within this long; this replica at once. */
const CACHE_MS = 1000;
export const DEFAULT_PAGE_LENGTH = 25;

@Injectable()
export class SettingsService {
  private cached?: { value: Setting; until: number };

  constructor(
    private readonly settings: SettingsRepository,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
  ) {}

  async current(): Promise<Setting> {
    const now = Date.now();
    if (this.cached && this.cached.until > now) return this.cached.value;
    const value = (await this.settings.find()) ?? ({ pageLength: DEFAULT_PAGE_LENGTH, logsTtlDays: 30 } as Setting);
    this.cached = { value, until: now + CACHE_MS };
    return value;
  }

  async pageLength(): Promise<number> {
    return (await this.current()).pageLength;
  }

  async get() {
    return presentSettings(await this.settings.get());
  }

  async update(dto: UpdateSettingsDto) {
    const updated = await this.prisma.$transaction(async (tx) => {
      const row = await this.settings.update(
        {
          pageLength: dto.page_length,
          listChildProducts: dto.list_child_products,
          additionalLanguages: dto.additional_languages,
          calculationMethod: dto.calculation_method,
        },
        tx,
      );
      await this.events.publish(tx, 'settings.updated', { data: presentSettings(row) });
      return row;
    });
    this.cached = undefined;
    return presentSettings(updated);
  }

  async reset() {
    await this.prisma.$transaction(async (tx) => {
      await this.settings.reset(tx);
      const row = await this.settings.get(tx);
      await this.events.publish(tx, 'settings.updated', { data: presentSettings(row) });
    });
    this.cached = undefined;
  }

  async logsTtl() {
    return presentLogsTtl(await this.settings.get());
  }

  async updateLogsTtl(days: number) {
    const s = await this.settings.update({ logsTtlDays: days });
    this.cached = undefined;
    return presentLogsTtl(s);
  }
}
