import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { GATEWAY_DEFINITIONS } from './gateway-definitions';

@Injectable()
export class GatewaysRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(db: Db = this.prisma) {
    return db.gateway.findMany({ where: { slug: { in: GATEWAY_DEFINITIONS.map((d) => d.slug) } }, orderBy: { slug: 'asc' } });
  }

  find(slug: string, db: Db = this.prisma) {
    return db.gateway.findUnique({ where: { slug } });
  }

  /** Locks the row for a read-modify-write of its JSON columns. */
  async lock(slug: string, db: Db) {
    await db.$queryRaw`SELECT slug FROM gateways WHERE slug = ${slug} FOR UPDATE`;
  }

  update(slug: string, data: Prisma.GatewayUpdateInput, db: Db = this.prisma) {
    return db.gateway.update({ where: { slug }, data });
  }
}
