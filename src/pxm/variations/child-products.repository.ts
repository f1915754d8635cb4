import { Injectable } from '@nestjs/common';
import { Prisma } from '../../generated/prisma/client';
import { Db } from '../../prisma/prisma.service';

@Injectable()
export class ChildProductsRepository {
  /** A parent's children: their ids and option combinations. */
  children(parentId: string, db: Db) {
    return db.pxmProduct.findMany({ where: { parentId }, select: { id: true, optionKey: true } });
  }

  removeChildren(ids: string[], db: Db) {
    return db.pxmProduct.deleteMany({ where: { id: { in: ids } } });
  }

  createChild(data: Prisma.PxmProductUncheckedCreateInput, db: Db) {
    return db.pxmProduct.create({ data, select: { id: true } });
  }
}
