import { Injectable } from '@nestjs/common';
import { HARD_OFFSET_LIMIT, ListQuery, ListResourceSpec, loadPage, toPrismaListArgs } from '../../common/list-query';
import { Prisma } from '../../generated/prisma/client';
import { Db, PrismaService } from '../../prisma/prisma.service';
import { FILE_WIRE } from './file.wire';

const CMP = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/** The filters Elastic Path documents for files, plus `id` and the timestamps for keyset walks (files have no documented sorts). */
export const FILES_SPEC: ListResourceSpec = FILE_WIRE.listSpec({
  defaultSort: 'created_at',
  maxOffset: HARD_OFFSET_LIMIT,
  order: ['id', 'file_name', 'file_size', 'width', 'height'],
  more: {
    width: { column: 'width', type: 'integer', ops: ['gt', 'ge', 'lt', 'le'] },
    height: { column: 'height', type: 'integer', ops: ['gt', 'ge', 'lt', 'le'] },
    created_at: { column: 'createdAt', type: 'datetime', ops: [...CMP], sortable: true },
    updated_at: { column: 'updatedAt', type: 'datetime', ops: [...CMP], sortable: true },
  },
});

@Injectable()
export class FilesRepository {
  constructor(private readonly prisma: PrismaService) {}

  create(data: Prisma.FileCreateInput, db: Db = this.prisma) {
    return db.file.create({ data });
  }

  find(id: string, db: Db = this.prisma) {
    return db.file.findUnique({ where: { id } });
  }

  findMany(ids: string[], publicOnly: boolean, db: Db = this.prisma) {
    return db.file.findMany({ where: { id: { in: ids }, ...(publicOnly ? { public: true } : {}) }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  }

  delete(id: string, db: Db = this.prisma) {
    return db.file.delete({ where: { id } });
  }

  /** `publicOnly`: files with `public: false` are left out (what a storefront token may see). */
  async list(q: ListQuery, publicOnly: boolean, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, FILES_SPEC);
    const visible: Prisma.FileWhereInput = publicOnly ? { public: true } : {};
    const where: Prisma.FileWhereInput = publicOnly ? { AND: [args.where as Prisma.FileWhereInput, visible] } : (args.where as Prisma.FileWhereInput);
    return loadPage(q, {
      items: () => db.file.findMany({ ...(args as Prisma.FileFindManyArgs), where }),
      countMatching: () => db.file.count({ where }),
      countAll: () => db.file.count({ where: visible }),
    });
  }
}
