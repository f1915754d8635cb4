import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';

const STORE = 'store';

@Injectable()
export class SettingsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The store's settings row, created with the defaults on first use (concurrent first uses included). */
  async get(db: Db = this.prisma) {
    const row = await this.find(db);
    if (row) return row;
    await this.createIfMissing(db);
    return (await this.find(db))!;
  }

  find(db: Db = this.prisma) {
    return db.setting.findUnique({ where: { id: STORE } });
  }

  async update(data: Prisma.SettingUpdateInput, db: Db = this.prisma) {
    await this.createIfMissing(db);
    return db.setting.update({ where: { id: STORE }, data });
  }

  /** `INSERT … ON CONFLICT DO NOTHING`: Prisma's upsert is a read then a write, which races on a fresh store. */
  private createIfMissing(db: Db) {
    return db.setting.createMany({ data: [{ id: STORE }], skipDuplicates: true });
  }

  reset(db: Db = this.prisma) {
    return db.setting.deleteMany({ where: { id: STORE } });
  }
}
