import { Injectable } from '@nestjs/common';
import { BadRequestError, NotFoundError, UnprocessableError } from '../../common/errors/api-error';
import { linkBase } from '../../common/http/request-context';
import { ListQuery, page } from '../../common/list-query';
import { Prisma, type PxmHierarchy, type PxmNode } from '../../generated/prisma/client';
import { Db, PrismaService } from '../../prisma/prisma.service';
import { checkCustomAttributes, checkLocales } from '../attributes';
import { CreateHierarchyDto, UpdateHierarchyDto } from './dto/hierarchy.dto';
import { CreateNodeDto, NodeAttributesDto, UpdateNodeDto } from './dto/node.dto';
import { HierarchiesRepository, NodeSkeleton } from './hierarchies.repository';
import { HIERARCHY_WIRE } from './hierarchy.wire';
import { Breadcrumb, NODE_WIRE, NodeRow } from './node.wire';

/** A node named as a child in `…/relationships/children`, with the sort order it may bring. */
export interface ChildReference {
  id: string;
  sortOrder?: number | null;
}

type Attributes = Partial<Pick<NodeAttributesDto, 'name' | 'description' | 'slug' | 'admin_attributes' | 'shopper_attributes' | 'locales'>>;

const json = (value: unknown) => value as Prisma.InputJsonValue;

/** The columns of a hierarchy's or a node's `attributes` that the request gives. */
function attributeColumns(a: Attributes, source: string) {
  checkCustomAttributes(a.admin_attributes, `${source}.admin_attributes`);
  checkCustomAttributes(a.shopper_attributes, `${source}.shopper_attributes`);
  checkLocales(a.locales, `${source}.locales`);
  return {
    ...(a.name !== undefined ? { name: a.name } : {}),
    ...(a.description !== undefined ? { description: a.description } : {}),
    ...(a.slug !== undefined ? { slug: a.slug } : {}),
    ...(a.admin_attributes !== undefined ? { adminAttributes: json(a.admin_attributes) } : {}),
    ...(a.shopper_attributes !== undefined ? { shopperAttributes: json(a.shopper_attributes) } : {}),
    ...(a.locales !== undefined ? { locales: json(a.locales) } : {}),
  };
}

@Injectable()
export class HierarchiesService {
  constructor(
    private readonly repo: HierarchiesRepository,
    private readonly prisma: PrismaService,
  ) {}

  // ---------- hierarchies ----------

  async createHierarchy(dto: CreateHierarchyDto) {
    const row = await this.repo.createHierarchy({ name: dto.attributes.name, ...attributeColumns(dto.attributes, 'data.attributes') });
    return this.presentHierarchy(row);
  }

  async listHierarchies(q: ListQuery) {
    const { items, total, all } = await this.repo.listHierarchies(q);
    return page(items.map((row) => this.presentHierarchy(row)), total, q, all);
  }

  async getHierarchy(id: string) {
    return this.presentHierarchy(await this.requireHierarchy(id));
  }

  async updateHierarchy(id: string, dto: UpdateHierarchyDto) {
    if (dto.id !== undefined && dto.id.toLowerCase() !== id) throw new BadRequestError('data.id must be the id in the path', 'data.id');
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lockHierarchy(id, tx))) throw new NotFoundError('Hierarchy');
      return this.presentHierarchy(await this.repo.updateHierarchy(id, attributeColumns(dto.attributes, 'data.attributes'), tx));
    });
  }

  /** Its nodes go with it; products are never deleted. */
  async deleteHierarchy(id: string) {
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lockHierarchy(id, tx))) throw new NotFoundError('Hierarchy');
      await this.repo.deleteHierarchy(id, tx);
    });
  }

  /** Makes the given nodes top-level nodes of the hierarchy. */
  async addHierarchyChildren(id: string, children: ChildReference[]) {
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lockHierarchy(id, tx))) throw new NotFoundError('Hierarchy');
      await this.adopt(id, null, children, tx);
      return this.presentHierarchy((await this.repo.findHierarchy(id, tx))!);
    });
  }

  // ---------- nodes ----------

  async createNode(hierarchyId: string, dto: CreateNodeDto) {
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lockHierarchy(hierarchyId, tx))) throw new NotFoundError('Hierarchy');
      const parentId = dto.relationships?.parent?.data.id.toLowerCase() ?? null;
      if (parentId && !(await this.repo.findNode(hierarchyId, parentId, tx))) {
        throw new UnprocessableError('Parent node not found', 'The parent must be a node of the same hierarchy', 'data.relationships.parent.data.id');
      }
      await this.checkSiblings(hierarchyId, parentId, null, dto.attributes, tx);
      await this.checkCurated(null, dto.attributes.curated_products, tx);
      const row = await this.repo.createNode(
        { hierarchyId, parentId, name: dto.attributes.name, ...attributeColumns(dto.attributes, 'data.attributes'), sortOrder: dto.meta?.sort_order ?? null },
        tx,
      );
      return (await this.presentNodes(hierarchyId, [row], tx))[0];
    });
  }

  async listNodes(hierarchyId: string, parent: 'all' | 'top' | string, q: ListQuery) {
    await this.requireHierarchy(hierarchyId);
    if (parent !== 'all' && parent !== 'top') await this.requireNode(hierarchyId, parent);
    const parentId = parent === 'all' ? undefined : parent === 'top' ? null : parent;
    const { items, total, all } = await this.repo.listNodes(hierarchyId, parentId, q);
    return page(await this.presentNodes(hierarchyId, items), total, q, all);
  }

  /**
   * A page of every hierarchy's nodes; with `includeHierarchies`, the hierarchies of the page's nodes follow them
   * in `data` (Elastic Path's `include_hierarchies`). The page counts nodes.
   */
  async listAllNodes(q: ListQuery, includeHierarchies: boolean) {
    const { items, total, all } = await this.repo.listNodes(undefined, undefined, q);
    const hierarchyIds = [...new Set(items.map((n) => n.hierarchyId))];
    const presented: Record<string, unknown>[] = [];
    for (const hierarchyId of hierarchyIds) presented.push(...(await this.presentNodes(hierarchyId, items.filter((n) => n.hierarchyId === hierarchyId))));
    const byId = new Map(presented.map((n) => [n.id as string, n]));
    const nodes = items.map((n) => byId.get(n.id)!);
    const hierarchies = includeHierarchies ? (await this.repo.findHierarchies(hierarchyIds)).map((h) => this.presentHierarchy(h)) : [];
    return page<Record<string, unknown>>([...nodes, ...hierarchies], total, q, all);
  }

  /** Nodes of any hierarchies, presented in the order given. */
  async presentNodeRows(rows: PxmNode[], db: Db = this.prisma) {
    const presented = new Map<string, Record<string, unknown>>();
    for (const hierarchyId of new Set(rows.map((n) => n.hierarchyId))) {
      for (const n of await this.presentNodes(hierarchyId, rows.filter((r) => r.hierarchyId === hierarchyId), db)) presented.set(n.id, n);
    }
    return rows.map((r) => presented.get(r.id)!);
  }

  /** The ids among `ids` that are nodes (of any hierarchy). */
  async existingNodes(ids: string[], db: Db = this.prisma): Promise<string[]> {
    return (await this.repo.findNodesAnywhere(ids, db)).map((n) => n.id);
  }

  /** A node of the hierarchy (404 for either), locking the hierarchy's tree when `tx` is given. */
  async requireNodeOf(hierarchyId: string, id: string, tx?: Db): Promise<PxmNode> {
    if (tx && !(await this.repo.lockHierarchy(hierarchyId, tx))) throw new NotFoundError('Hierarchy');
    if (!tx) await this.requireHierarchy(hierarchyId);
    return this.requireNode(hierarchyId, id, tx);
  }

  async getNode(hierarchyId: string, id: string) {
    return (await this.presentNodes(hierarchyId, [await this.requireNode(hierarchyId, id)]))[0];
  }

  async updateNode(hierarchyId: string, id: string, dto: UpdateNodeDto) {
    if (dto.id !== undefined && dto.id.toLowerCase() !== id) throw new BadRequestError('data.id must be the id in the path', 'data.id');
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lockHierarchy(hierarchyId, tx))) throw new NotFoundError('Hierarchy');
      const node = await this.requireNode(hierarchyId, id, tx);
      const attributes = dto.attributes ?? {};
      await this.checkSiblings(hierarchyId, node.parentId, id, { name: attributes.name ?? node.name, slug: attributes.slug ?? node.slug }, tx);
      await this.checkCurated(id, attributes.curated_products, tx);
      const row = await this.repo.updateNode(
        id,
        {
          ...attributeColumns(attributes, 'data.attributes'),
          ...(attributes.curated_products !== undefined ? { curatedProducts: attributes.curated_products.map((p) => p.toLowerCase()) } : {}),
          ...(dto.meta?.sort_order !== undefined ? { sortOrder: dto.meta.sort_order } : {}),
        },
        tx,
      );
      return (await this.presentNodes(hierarchyId, [row], tx))[0];
    });
  }

  /** Its descendants go with it; its products stay, unlinked. */
  async deleteNode(hierarchyId: string, id: string) {
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lockHierarchy(hierarchyId, tx))) throw new NotFoundError('Hierarchy');
      await this.requireNode(hierarchyId, id, tx);
      await this.repo.deleteNode(id, tx);
    });
  }

  /** Moves a node under another node of its hierarchy (`parentId`), or to the top level (null). */
  async setParent(hierarchyId: string, id: string, parentId: string | null) {
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lockHierarchy(hierarchyId, tx))) throw new NotFoundError('Hierarchy');
      await this.requireNode(hierarchyId, id, tx);
      if (parentId !== null) {
        if (!(await this.repo.findNode(hierarchyId, parentId, tx))) throw new NotFoundError('Node', 'The parent must be a node of the same hierarchy');
      }
      await this.adopt(hierarchyId, parentId, [{ id }], tx);
    });
  }

  /** Makes `children` children of `parentId` (null: the top level), with their sort orders. */
  async addNodeChildren(hierarchyId: string, parentId: string, children: ChildReference[]) {
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lockHierarchy(hierarchyId, tx))) throw new NotFoundError('Hierarchy');
      await this.requireNode(hierarchyId, parentId, tx);
      await this.adopt(hierarchyId, parentId, children, tx);
      return (await this.presentNodes(hierarchyId, [(await this.repo.findNode(hierarchyId, parentId, tx))!], tx))[0];
    });
  }

  // ---------- rules ----------

  /**
   * Moves nodes under `parentId` once the whole request is checked: each child is a node of this hierarchy,
   * none is the parent or one of its ancestors (a cycle), and the new siblings' names and slugs stay unique.
   */
  private async adopt(hierarchyId: string, parentId: string | null, children: ChildReference[], tx: Db) {
    const ids = children.map((c) => c.id);
    const found = await this.repo.findNodes(hierarchyId, ids, tx);
    const missing = ids.findIndex((childId) => !found.some((n) => n.id === childId));
    if (missing >= 0) throw new UnprocessableError('Node not found', `Node ${ids[missing]} is not a node of this hierarchy`, `data[${missing}].id`);
    if (parentId !== null) {
      const byId = new Map((await this.repo.skeleton(hierarchyId, tx)).map((n) => [n.id, n]));
      for (const [i, childId] of ids.entries()) {
        for (let at: string | null = parentId; at !== null; at = byId.get(at)?.parentId ?? null) {
          if (at === childId) throw new UnprocessableError('Invalid parent', 'A node cannot be moved under itself or one of its own children', `data[${i}].id`);
        }
      }
    }
    const moving = found.filter((n) => n.parentId !== parentId);
    const staying = await this.repo.siblings(hierarchyId, parentId, null, tx);
    const together = [...staying.filter((s) => !ids.includes(s.id)), ...found];
    for (const key of ['name', 'slug'] as const) {
      const seen = new Set<string>();
      for (const n of together) {
        if (key === 'slug' && n.slug === '') continue;
        if (seen.has(n[key])) throw new UnprocessableError('Duplicate sibling', `Two children of one parent would have the ${key} ${JSON.stringify(n[key])}`, 'data');
        seen.add(n[key]);
      }
    }
    for (const child of children) {
      const changesParent = moving.some((n) => n.id === child.id);
      if (!changesParent && child.sortOrder === undefined) continue;
      await this.repo.updateNode(child.id, { parentId, ...(child.sortOrder !== undefined ? { sortOrder: child.sortOrder } : {}) }, tx);
    }
  }

  /** Elastic Path: siblings (children of one parent) have unique names and slugs. */
  private async checkSiblings(hierarchyId: string, parentId: string | null, exceptId: string | null, a: { name?: string; slug?: string }, tx: Db) {
    const siblings = await this.repo.siblings(hierarchyId, parentId, exceptId, tx);
    if (a.name !== undefined && siblings.some((s) => s.name === a.name)) {
      throw new UnprocessableError('Duplicate sibling', `Another child of this parent is named ${JSON.stringify(a.name)}`, 'data.attributes.name');
    }
    if (a.slug && siblings.some((s) => s.slug === a.slug)) {
      throw new UnprocessableError('Duplicate sibling', `Another child of this parent has the slug ${JSON.stringify(a.slug)}`, 'data.attributes.slug');
    }
  }

  /** Elastic Path: curated products must be products of the node (a node being created has none yet). */
  private async checkCurated(nodeId: string | null, curated: string[] | undefined, tx: Db) {
    if (!curated?.length) return;
    const ids = curated.map((id) => id.toLowerCase());
    const linked = nodeId ? await this.repo.linkedProducts(nodeId, ids, tx) : new Set<string>();
    const missing = ids.findIndex((id) => !linked.has(id));
    if (missing >= 0) throw new UnprocessableError('Curated product not in node', `Product ${ids[missing]} is not a product of this node`, `data.attributes.curated_products[${missing}]`);
    if (new Set(ids).size !== ids.length) throw new UnprocessableError('Duplicate curated product', 'A product is curated once', 'data.attributes.curated_products');
  }

  // ---------- reading ----------

  private async requireHierarchy(id: string, db: Db = this.prisma): Promise<PxmHierarchy> {
    const row = await this.repo.findHierarchy(id, db);
    if (!row) throw new NotFoundError('Hierarchy');
    return row;
  }

  private async requireNode(hierarchyId: string, id: string, db: Db = this.prisma): Promise<PxmNode> {
    const row = await this.repo.findNode(hierarchyId, id, db);
    if (!row) throw new NotFoundError('Node');
    return row;
  }

  private presentHierarchy(row: PxmHierarchy) {
    return HIERARCHY_WIRE.present(row, { linkBase: linkBase() });
  }

  /** Nodes of one hierarchy with their breadcrumbs and parents' names, from one read of the tree. */
  private async presentNodes(hierarchyId: string, rows: PxmNode[], db: Db = this.prisma) {
    if (rows.length === 0) return [];
    const byId = new Map<string, NodeSkeleton>((await this.repo.skeleton(hierarchyId, db)).map((n) => [n.id, n]));
    const ctx = { linkBase: linkBase() };
    return rows.map((row) => {
      const breadcrumbs: Breadcrumb[] = [];
      for (let at: NodeSkeleton | undefined = byId.get(row.id) ?? row; at; at = at.parentId ? byId.get(at.parentId) : undefined) {
        breadcrumbs.unshift({ id: at.id, name: at.name, slug: at.slug });
        if (breadcrumbs.length > byId.size + 1) break;
      }
      const nodeRow: NodeRow = { ...row, breadcrumbs, parentName: row.parentId ? (byId.get(row.parentId)?.name ?? null) : null };
      return NODE_WIRE.present(nodeRow, ctx);
    });
  }
}
