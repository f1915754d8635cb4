import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';

const STORE = 'store';

@Injectable()
export class SettingsRepository {
  constructor(private readonly prisma: PrismaService) {}

  get(db: Db = this.prisma) {
    return db.setting.upsert({ where: { id: STORE }, create: { id: STORE }, update: {} });
  }

  find(db: Db = this.prisma) {
    return db.setting.findUnique({ where: { id: STORE } });
  }

  update(data: Prisma.SettingUpdateInput, db: Db = this.prisma) {
    return db.setting.upsert({ where: { id: STORE }, create: { id: STORE, ...(data as Prisma.SettingCreateInput) }, update: data });
  }

  reset(db: Db = this.prisma) {
    return db.setting.deleteMany({ where: { id: STORE } });
  }
}
