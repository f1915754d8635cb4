import { Injectable } from '@nestjs/common';
import { Db, PrismaService } from '../prisma/prisma.service';

export type KeyName = 'default' | 'previous';
export type KeyOrigin = 'configured' | 'generated';

@Injectable()
export class ApiClientsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The keys of one client_id, the one in use ("default") first. */
  findByClientId(clientId: string, db: Db = this.prisma) {
    return db.apiClient.findMany({ where: { clientId }, orderBy: [{ name: 'asc' }, { createdAt: 'desc' }] });
  }

  findAll(db: Db = this.prisma) {
    return db.apiClient.findMany({ orderBy: { createdAt: 'asc' } });
  }

  count(db: Db = this.prisma) {
    return db.apiClient.count();
  }

  create(data: { name: KeyName; clientId: string; secretHash: string; origin: KeyOrigin }, db: Db = this.prisma) {
    return db.apiClient.create({ data });
  }

  label(id: string, name: KeyName, origin: KeyOrigin, db: Db = this.prisma) {
    return db.apiClient.update({ where: { id }, data: { name, origin } });
  }

  /** Revokes keys: their access tokens are deleted with them (ON DELETE CASCADE). */
  deleteMany(ids: string[], db: Db = this.prisma) {
    return db.apiClient.deleteMany({ where: { id: { in: ids } } });
  }
}
