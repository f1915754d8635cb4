import { Injectable } from '@nestjs/common';
import { ListFieldSpec, ListQuery, ListResourceSpec, loadPage, toPrismaListArgs, toPrismaWhere } from '../../common/list-query';
import { Prisma } from '../../generated/prisma/client';
import { Db, PrismaService } from '../../prisma/prisma.service';
import { HIERARCHY_WIRE } from './hierarchy.wire';
import { NODE_WIRE } from './node.wire';

const RANGE = ['eq', 'in', 'gt', 'ge', 'lt', 'le'] as const;
const TIMES = ['eq', 'gt', 'ge', 'lt', 'le'] as const;

/** The filterable attributes Elastic Path documents for hierarchies and nodes that both have. */
const SHARED: Record<string, ListFieldSpec> = {
  name: { column: 'name', type: 'string', ops: ['eq', 'like'], sortable: true },
  slug: { column: 'slug', type: 'string', ops: ['eq', 'like'] },
  description: { column: 'description', type: 'string', ops: ['eq', 'like'] },
  created_at: { column: 'createdAt', type: 'datetime', ops: [...TIMES], sortable: true },
  updated_at: { column: 'updatedAt', type: 'datetime', ops: [...TIMES], sortable: true },
};

export const HIERARCHIES_SPEC: ListResourceSpec = HIERARCHY_WIRE.listSpec({ defaultSort: 'created_at', more: SHARED });

export const NODES_SPEC: ListResourceSpec = NODE_WIRE.listSpec({
  defaultSort: 'created_at',
  more: {
    ...SHARED,
    hierarchy_id: { column: 'hierarchyId', type: 'uuid', ops: [...RANGE] },
    parent_id: { column: 'parentId', type: 'uuid', ops: [...RANGE] },
  },
});

/** Siblings: the highest `sort_order` first, those without one after, the most recently updated first. */
const SIBLING_ORDER: Prisma.PxmNodeOrderByWithRelationInput[] = [{ sortOrder: { sort: 'desc', nulls: 'last' } }, { updatedAt: 'desc' }, { id: 'asc' }];

export interface NodeSkeleton {
  id: string;
  parentId: string | null;
  name: string;
  slug: string;
}

@Injectable()
export class HierarchiesRepository {
  constructor(private readonly prisma: PrismaService) {}

  // ---------- hierarchies ----------

  createHierarchy(data: Prisma.PxmHierarchyCreateInput, db: Db = this.prisma) {
    return db.pxmHierarchy.create({ data });
  }

  findHierarchy(id: string, db: Db = this.prisma) {
    return db.pxmHierarchy.findUnique({ where: { id } });
  }

  /**
   * Locks a hierarchy's row for the rest of the transaction: every change to its nodes takes it first, so
   * moves, sibling checks and cycle checks see a tree no one else is changing. False when there is none.
   */
  async lockHierarchy(id: string, db: Db): Promise<boolean> {
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM pxm_hierarchies WHERE id = ${id}::uuid FOR UPDATE`;
    return rows.length > 0;
  }

  updateHierarchy(id: string, data: Prisma.PxmHierarchyUpdateInput, db: Db = this.prisma) {
    return db.pxmHierarchy.update({ where: { id }, data });
  }

  /** Its nodes go with it (foreign keys cascade). */
  deleteHierarchy(id: string, db: Db = this.prisma) {
    return db.pxmHierarchy.delete({ where: { id } });
  }

  listHierarchies(q: ListQuery, db: PrismaService = this.prisma) {
    const args = toPrismaListArgs(q, HIERARCHIES_SPEC);
    return loadPage(q, {
      items: () => db.pxmHierarchy.findMany(args as Prisma.PxmHierarchyFindManyArgs),
      countMatching: () => db.pxmHierarchy.count({ where: args.where as Prisma.PxmHierarchyWhereInput }),
      countAll: () => db.pxmHierarchy.count(),
    });
  }

  findHierarchies(ids: string[], db: Db = this.prisma) {
    return db.pxmHierarchy.findMany({ where: { id: { in: ids } }, orderBy: { createdAt: 'asc' } });
  }

  // ---------- nodes ----------

  createNode(data: Prisma.PxmNodeUncheckedCreateInput, db: Db = this.prisma) {
    return db.pxmNode.create({ data });
  }

  findNode(hierarchyId: string, id: string, db: Db = this.prisma) {
    return db.pxmNode.findFirst({ where: { id, hierarchyId } });
  }

  findNodes(hierarchyId: string, ids: string[], db: Db = this.prisma) {
    return db.pxmNode.findMany({ where: { hierarchyId, id: { in: ids } } });
  }

  findNodesAnywhere(ids: string[], db: Db = this.prisma) {
    return db.pxmNode.findMany({ where: { id: { in: ids } }, select: { id: true } });
  }

  /** Which of `productIds` are products of the node. */
  async linkedProducts(nodeId: string, productIds: string[], db: Db = this.prisma): Promise<Set<string>> {
    const rows = await db.pxmNodeProduct.findMany({ where: { nodeId, productId: { in: productIds } }, select: { productId: true } });
    return new Set(rows.map((r) => r.productId));
  }

  updateNode(id: string, data: Prisma.PxmNodeUncheckedUpdateInput, db: Db = this.prisma) {
    return db.pxmNode.update({ where: { id }, data });
  }

  /** Its descendants go with it (foreign keys cascade). */
  deleteNode(id: string, db: Db = this.prisma) {
    return db.pxmNode.delete({ where: { id } });
  }

  /** Every node of a hierarchy, just enough to walk the tree (parents, breadcrumbs, cycles). */
  skeleton(hierarchyId: string, db: Db = this.prisma): Promise<NodeSkeleton[]> {
    return db.pxmNode.findMany({ where: { hierarchyId }, select: { id: true, parentId: true, name: true, slug: true } });
  }

  /** The siblings a node would have under `parentId` (NULL: the top level), itself left out. */
  siblings(hierarchyId: string, parentId: string | null, exceptId: string | null, db: Db = this.prisma) {
    return db.pxmNode.findMany({
      where: { hierarchyId, parentId, ...(exceptId ? { id: { not: exceptId } } : {}) },
      select: { id: true, name: true, slug: true },
    });
  }

  /**
   * A page of every hierarchy's nodes (`hierarchyId` undefined) or of one hierarchy's: all of them (`parentId` undefined), its top level (null) or a node's
   * children. Children come in sibling order; the whole list in the query's sort.
   */
  listNodes(hierarchyId: string | undefined, parentId: string | null | undefined, q: ListQuery, db: PrismaService = this.prisma) {
    const scope: Prisma.PxmNodeWhereInput = { ...(hierarchyId !== undefined ? { hierarchyId } : {}), ...(parentId !== undefined ? { parentId } : {}) };
    const filter = toPrismaWhere(q, NODES_SPEC) as Prisma.PxmNodeWhereInput;
    const where: Prisma.PxmNodeWhereInput = q.filter ? { AND: [scope, filter] } : scope;
    const orderBy = parentId !== undefined ? SIBLING_ORDER : (toPrismaListArgs(q, NODES_SPEC).orderBy as Prisma.PxmNodeOrderByWithRelationInput[]);
    return loadPage(q, {
      items: () => db.pxmNode.findMany({ where, orderBy, skip: q.offset, take: q.limit }),
      countMatching: () => db.pxmNode.count({ where }),
      countAll: () => db.pxmNode.count({ where: scope }),
    });
  }
}
