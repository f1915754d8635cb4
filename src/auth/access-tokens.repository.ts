import { Injectable } from '@nestjs/common';
import { Db, PrismaService } from '../prisma/prisma.service';

@Injectable()
export class AccessTokensRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: { tokenHash: string; clientId: string; grantType: string; expiresAt: Date }, db: Db = this.prisma) {
    return db.accessToken.create({ data });
  }

  findByHash(tokenHash: string, db: Db = this.prisma) {
    return db.accessToken.findUnique({ where: { tokenHash }, include: { client: { select: { clientId: true } } } });
  }

  deleteExpiredBefore(cutoff: Date, db: Db = this.prisma) {
    return db.accessToken.deleteMany({ where: { expiresAt: { lt: cutoff } } });
  }
}
