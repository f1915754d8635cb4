import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { CATALOG_WIRE, CatalogRow } from './catalog.wire';

export const CATALOGS_SPEC: ListResourceSpec = CATALOG_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
    name: { column: 'name', type: 'string', ops: ['eq', 'in', 'like'] },
    created_at: { column: 'createdAt', type: 'datetime', ops: ['eq', 'gt', 'ge', 'lt', 'le'] },
  },
});

const WITH_RELEASE_COUNT = { _count: { select: { releases: true } } } as const;

type CountedCatalog = Prisma.CatalogGetPayload<{ include: typeof WITH_RELEASE_COUNT }>;

function toRow(catalog: CountedCatalog): CatalogRow {
  const { _count, ...rest } = catalog;
  return { ...rest, releaseCount: _count.releases };
}

@Injectable()
export class CatalogsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(data: Prisma.CatalogCreateInput, db: Db = this.prisma): Promise<CatalogRow> {
    return toRow(await db.catalog.create({ data, include: WITH_RELEASE_COUNT }));
  }

  async find(id: string, db: Db = this.prisma): Promise<CatalogRow | null> {
    const row = await db.catalog.findUnique({ where: { id }, include: WITH_RELEASE_COUNT });
    return row ? toRow(row) : null;
  }

  /** Locks a catalog for the rest of the transaction; false when there is none. */
  async lock(id: string, db: Db): Promise<boolean> {
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM catalogs WHERE id = ${id}::uuid FOR UPDATE`;
    return rows.length > 0;
  }

  async update(id: string, data: Prisma.CatalogUpdateInput, db: Db = this.prisma): Promise<CatalogRow> {
    return toRow(await db.catalog.update({ where: { id }, data, include: WITH_RELEASE_COUNT }));
  }

  delete(id: string, db: Db = this.prisma) {
    return db.catalog.delete({ where: { id } });
  }

  countReleases(catalogId: string, db: Db = this.prisma) {
    return db.catalogRelease.count({ where: { catalogId } });
  }

  countRules(catalogId: string, db: Db = this.prisma) {
    return db.catalogRule.count({ where: { catalogId } });
  }

  async list(q: ListQuery, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, CATALOGS_SPEC) as Prisma.CatalogFindManyArgs;
    const { items, total, all } = await loadPage(q, {
      items: () => db.catalog.findMany({ ...args, include: WITH_RELEASE_COUNT }),
      countMatching: () => db.catalog.count({ where: args.where }),
      countAll: () => db.catalog.count(),
    });
    return { items: (items as CountedCatalog[]).map(toRow), total, all };
  }

  /** Of `ids`, those that are no PXM hierarchy. */
  async missingHierarchies(ids: string[], db: Db = this.prisma): Promise<string[]> {
    if (ids.length === 0) return [];
    const found = new Set((await db.pxmHierarchy.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((h) => h.id));
    return ids.filter((id) => !found.has(id));
  }

  /** Of `ids`, those that are no price book. */
  async missingPricebooks(ids: string[], db: Db = this.prisma): Promise<string[]> {
    if (ids.length === 0) return [];
    const found = new Set((await db.priceBook.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((b) => b.id));
    return ids.filter((id) => !found.has(id));
  }
}
