import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../../common/list-query';
import { Prisma } from '../../generated/prisma/client';
import { Db, PrismaService } from '../../prisma/prisma.service';

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/** ep-api-reference §6.2 (filters) and §6.3 (sorts), plus `id` and the timestamps for keyset walks. */
export const CATEGORIES_SPEC: ListResourceSpec = {
  fields: {
    id: { column: 'id', type: 'uuid', ops: [...CMP, 'in'], sortable: true },
    name: { column: 'name', type: 'string', ops: ['eq', 'like'], sortable: true },
    slug: { column: 'slug', type: 'string', ops: ['eq', 'like'], sortable: true },
    status: { column: 'status', type: 'string', ops: ['eq'], sortable: true },
    description: { column: 'description', type: 'string', sortable: true },
    created_at: { column: 'createdAt', type: 'datetime', ops: [...CMP], sortable: true },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: [...CMP], sortable: true },
  },
  defaultSort: 'created_at',
};

const RELATIONS = { products: { select: { productId: true }, orderBy: { createdAt: 'asc' } } } satisfies Prisma.CategoryInclude;
const LIVE = { status: 'live' };

@Injectable()
export class CategoriesRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: Prisma.CategoryUncheckedCreateInput, db: Db = this.prisma) {
    return db.category.create({ data, include: RELATIONS });
  }

  find(id: string, db: Db = this.prisma) {
    return db.category.findUnique({ where: { id }, include: RELATIONS });
  }

  /** Categories by id with their product links: Prisma loads the links of all of them in one more query. */
  findMany(ids: string[], liveOnly: boolean, db: Db = this.prisma) {
    return db.category.findMany({ where: { id: { in: ids }, ...(liveOnly ? LIVE : {}) }, include: RELATIONS, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  all(liveOnly: boolean, db: Db = this.prisma) {
    return db.category.findMany({ where: liveOnly ? LIVE : {}, include: RELATIONS, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  slugTaken(slug: string, exceptId: string | undefined, db: Db = this.prisma) {
    return db.category.findFirst({ where: { slug, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } });
  }

  update(id: string, data: Prisma.CategoryUncheckedUpdateInput, db: Db = this.prisma) {
    return db.category.update({ where: { id }, data, include: RELATIONS });
  }

  delete(id: string, db: Db = this.prisma) {
    return db.category.delete({ where: { id } });
  }

  async list(q: ListQuery, liveOnly: boolean, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, CATEGORIES_SPEC);
    const where = (liveOnly ? { AND: [args.where, LIVE] } : args.where) as Prisma.CategoryWhereInput;
    return loadPage(q, {
      items: () => db.category.findMany({ ...(args as Prisma.CategoryFindManyArgs), where, include: RELATIONS }),
      countMatching: () => db.category.count({ where }),
      countAll: () => db.category.count({ where: liveOnly ? LIVE : {} }),
    });
  }
}
