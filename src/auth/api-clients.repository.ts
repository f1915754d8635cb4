import { Injectable } from '@nestjs/common';
import { Db, PrismaService } from '../prisma/prisma.service';

@Injectable()
export class ApiClientsRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByClientId(clientId: string, db: Db = this.prisma) {
    return db.apiClient.findUnique({ where: { clientId } });
  }

  count(db: Db = this.prisma) {
    return db.apiClient.count();
  }

  create(data: { name: string; clientId: string; secretHash: string }, db: Db = this.prisma) {
    return db.apiClient.create({ data });
  }

  updateSecret(id: string, secretHash: string, db: Db = this.prisma) {
    return db.apiClient.update({ where: { id }, data: { secretHash } });
  }
}
