import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import type { GatewayDefinition } from './gateway-definition';

@Injectable()
export class GatewaysRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(slugs: string[], db: Db = this.prisma) {
    return db.gateway.findMany({ where: { slug: { in: slugs } }, orderBy: { slug: 'asc' } });
  }

  /**
   * Adds the row of each gateway that has none, enabled with its initial settings; a stored row is left as it
   * is. One `INSERT … ON CONFLICT DO NOTHING`, so replicas starting together cannot collide.
   */
  createMissing(definitions: GatewayDefinition[], db: Db = this.prisma) {
    const data = definitions.map((d) => ({ slug: d.slug, name: d.name, settings: d.settings as Prisma.InputJsonObject }));
    return db.gateway.createMany({ data, skipDuplicates: true });
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
