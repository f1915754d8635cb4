import { Injectable } from '@nestjs/common';
import { Db, PrismaService } from '../../prisma/prisma.service';

@Injectable()
export class IdempotencyRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** INSERT ... ON CONFLICT DO NOTHING: true when this request is the first with the key. */
  async tryCreate(scope: string, key: string, requestHash: string, db: Db = this.prisma): Promise<boolean> {
    const { count } = await db.idempotencyRecord.createMany({ data: [{ scope, key, requestHash }], skipDuplicates: true });
    return count === 1;
  }

  find(scope: string, key: string, db: Db = this.prisma) {
    return db.idempotencyRecord.findUnique({ where: { scope_key: { scope, key } } });
  }

  complete(scope: string, key: string, responseStatus: number, responseBody: object, db: Db = this.prisma) {
    return db.idempotencyRecord.update({ where: { scope_key: { scope, key } }, data: { responseStatus, responseBody } });
  }

  remove(scope: string, key: string, db: Db = this.prisma) {
    return db.idempotencyRecord.deleteMany({ where: { scope, key } });
  }

  /** Keys are kept for a day; older records (answered or abandoned) are deleted. */
  async deleteOlderThan(cutoff: Date, db: Db = this.prisma): Promise<number> {
    const { count } = await db.idempotencyRecord.deleteMany({ where: { createdAt: { lt: cutoff } } });
    return count;
  }
}
