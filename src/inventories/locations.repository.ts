import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { LOCATION_WIRE } from './location.wire';

export const LOCATIONS_SPEC: ListResourceSpec = LOCATION_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
    name: { column: 'name', type: 'string', ops: ['eq', 'like'], sortable: true },
    slug: { column: 'slug', type: 'string', ops: ['eq', 'in', 'like'], sortable: true },
    created_at: { column: 'createdAt', type: 'datetime', ops: ['eq', 'gt', 'ge', 'lt', 'le'], sortable: true },
  },
});

@Injectable()
export class LocationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: Prisma.InventoryLocationCreateInput, db: Db = this.prisma) {
    return db.inventoryLocation.create({ data });
  }

  find(id: string, db: Db = this.prisma) {
    return db.inventoryLocation.findUnique({ where: { id } });
  }

  findBySlug(slug: string, db: Db = this.prisma) {
    return db.inventoryLocation.findUnique({ where: { slug } });
  }

  findBySlugs(slugs: string[], db: Db = this.prisma) {
    return db.inventoryLocation.findMany({ where: { slug: { in: slugs } } });
  }

  update(id: string, data: Prisma.InventoryLocationUpdateInput, db: Db = this.prisma) {
    return db.inventoryLocation.update({ where: { id }, data });
  }

  delete(id: string, db: Db = this.prisma) {
    return db.inventoryLocation.delete({ where: { id } });
  }

  /** Locks a location's row for the rest of the transaction; false when there is none. */
  async lock(id: string, db: Db): Promise<boolean> {
    return (await db.$queryRaw<{ id: string }[]>`SELECT id FROM inventory_locations WHERE id = ${id}::uuid FOR UPDATE`).length > 0;
  }

  holdsStock(id: string, db: Db) {
    return db.inventoryLocationStock.count({ where: { locationId: id } });
  }

  list(q: ListQuery, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, LOCATIONS_SPEC);
    return loadPage(q, {
      items: () => db.inventoryLocation.findMany(args as Prisma.InventoryLocationFindManyArgs),
      countMatching: () => db.inventoryLocation.count({ where: args.where as Prisma.InventoryLocationWhereInput }),
      countAll: () => db.inventoryLocation.count(),
    });
  }
}
