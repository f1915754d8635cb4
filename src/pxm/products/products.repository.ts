import { Injectable } from '@nestjs/common';
import { BadRequestError } from '../../common/errors/api-error';
import { FilterOp, FilterValue, ListFieldSpec, ListQuery, ListResourceSpec, loadPage, matchesNothing, toPrismaListArgs, toPrismaWhere } from '../../common/list-query';
import { Prisma } from '../../generated/prisma/client';
import { Db, PrismaService } from '../../prisma/prisma.service';
import { NODES_SPEC } from '../hierarchies/hierarchies.repository';
import { PRODUCT_TYPES, PRODUCT_WIRE, ProductRow, type ProductType } from './product.wire';
import { isUuid } from '../../common/validation/resource-id.pipe';

const RANGE = ['gt', 'ge', 'lt', 'le'] as const;
const TEXT = ['eq', 'like', 'in'] as const;
const everything = (): Record<string, unknown> => ({});

/** A filter on a value every product here has the same (`owner`, `product_types`): all of them, or none. */
const sameForAll = (value: string) => (op: FilterOp, values: FilterValue[]) => (values.includes(value) ? everything() : matchesNothing());

/** `parent_id`: a child's parent; a value that is no id names no product. */
function parentIdWhere(_op: FilterOp, values: FilterValue[]): Record<string, unknown> {
  const ids = values.map(String).filter(isUuid).map((v) => v.toLowerCase());
  return ids.length ? { parentId: { in: ids } } : matchesNothing();
}

const TYPE_WHERE: Record<ProductType, Record<string, unknown>> = {
  child: { parentId: { not: null } },
  parent: { parentId: null, variations: { some: {} } },
  bundle: { parentId: null, variations: { none: {} }, NOT: { components: { equals: Prisma.DbNull } } },
  standard: { parentId: null, variations: { none: {} }, components: { equals: Prisma.DbNull } },
};

/** `product_types`: `eq` one type, `in` any of several; an unknown type is 400. */
function productTypesWhere(_op: FilterOp, values: FilterValue[]): Record<string, unknown> {
  const types = values.map(String);
  const unknown = types.find((v) => !(PRODUCT_TYPES as readonly string[]).includes(v));
  if (unknown !== undefined) throw new BadRequestError(`product_types is one of ${PRODUCT_TYPES.join(', ')}`, 'filter');
  return { OR: (types as ProductType[]).map((v) => TYPE_WHERE[v]) };
}

/** `tags`: `eq` one tag among them, `in` any of several. */
function tagsWhere(op: FilterOp, values: FilterValue[]): Record<string, unknown> {
  if (op === 'eq') return { tags: { has: String(values[0]) } };
  return { tags: { hasSome: values.map(String) } };
}

/** `has_nodes`: Elastic Path filters it as `false` only (products in no node). */
function hasNodesWhere(_op: FilterOp, values: FilterValue[]): Record<string, unknown> {
  if (values[0] !== false) throw new BadRequestError('has_nodes can only be filtered as false: eq(has_nodes,false)', 'filter');
  return { nodes: { none: {} } };
}

/** `eq(extensions.<template>.<field>,v)`: v as text, or as the number or boolean it spells. */
function jsonPathWhere(column: 'extensions' | 'adminAttributes' | 'shopperAttributes', path: string[]) {
  return (_op: FilterOp, values: FilterValue[]): Record<string, unknown> => {
    const text = String(values[0]);
    const alternatives: unknown[] = [text];
    if (/^-?\d{1,15}$/.test(text)) alternatives.push(Number(text));
    if (text === 'true' || text === 'false') alternatives.push(text === 'true');
    return { OR: alternatives.map((equals) => ({ [column]: { path, equals } })) };
  };
}

const KEY = /^[A-Za-z0-9_()-]{1,255}$/;

/** `extensions.<template>.<field>`, `shopper_attributes.<key>`, `admin_attributes.<key>`: `eq` only. */
function keyedField(name: string): ListFieldSpec | undefined {
  const parts = name.split('.');
  if (!parts.slice(1).every((p) => KEY.test(p))) return undefined;
  if (parts[0] === 'extensions' && parts.length === 3) return { column: 'extensions', type: 'string', ops: ['eq'], toWhere: jsonPathWhere('extensions', parts.slice(1)) };
  if (parts[0] === 'shopper_attributes' && parts.length === 2) return { column: 'shopperAttributes', type: 'string', ops: ['eq'], toWhere: jsonPathWhere('shopperAttributes', parts.slice(1)) };
  if (parts[0] === 'admin_attributes' && parts.length === 2) return { column: 'adminAttributes', type: 'string', ops: ['eq'], toWhere: jsonPathWhere('adminAttributes', parts.slice(1)) };
  return undefined;
}

/** Every attribute and operator of Elastic Path's filter table for `GET /pcm/products`. */
export const PCM_PRODUCTS_SPEC: ListResourceSpec = {
  ...PRODUCT_WIRE.listSpec({
    defaultSort: 'created_at',
    more: {
      id: { column: 'id', type: 'uuid', ops: ['eq', 'in', ...RANGE] },
      sku: { column: 'sku', type: 'string', ops: [...TEXT] },
      slug: { column: 'slug', type: 'string', ops: [...TEXT] },
      upc_ean: { column: 'upcEan', type: 'string', ops: [...TEXT] },
      manufacturer_part_num: { column: 'mpn', type: 'string', ops: [...TEXT] },
      name: { column: 'name', type: 'string', ops: [...TEXT] },
      description: { column: 'description', type: 'string', ops: ['eq', 'like'] },
      external_ref: { column: 'externalRef', type: 'string', ops: [...TEXT, ...RANGE] },
      commodity_type: { column: 'commodityType', type: 'string', ops: ['eq'] },
      status: { column: 'status', type: 'string', ops: ['eq'] },
      tags: { column: 'tags', type: 'string', ops: ['eq', 'in'], toWhere: tagsWhere },
      // Templates come with a later part of the catalog: no product has one yet.
      templates: { column: 'id', type: 'string', ops: ['eq'], toWhere: matchesNothing },
      parent_id: { column: 'parentId', type: 'string', ops: ['eq', 'in'], toWhere: parentIdWhere },
      owner: { column: 'id', type: 'string', ops: ['eq'], toWhere: sameForAll('store') },
      product_types: { column: 'id', type: 'string', ops: ['eq', 'in'], toWhere: productTypesWhere },
      has_nodes: { column: 'id', type: 'boolean', ops: ['eq'], toWhere: hasNodesWhere },
      created_at: { column: 'createdAt', type: 'datetime', ops: ['eq', ...RANGE] },
      updated_at: { column: 'updatedAt', type: 'datetime', ops: ['eq', ...RANGE] },
    },
  }),
  keyedField,
};

const WITH_FILES = {
  files: { select: { fileId: true }, orderBy: [{ createdAt: 'asc' }, { fileId: 'asc' }] },
  variations: {
    select: { variation: { select: { id: true, name: true, options: { select: { id: true, name: true, description: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } } } },
    orderBy: [{ createdAt: 'asc' }, { variationId: 'asc' }],
  },
} satisfies Prisma.PxmProductInclude;

@Injectable()
export class ProductsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A new product has no files. */
  create(data: Prisma.PxmProductUncheckedCreateInput, db: Db = this.prisma) {
    return db.pxmProduct.create({ data });
  }

  find(id: string, db: Db = this.prisma): Promise<ProductRow | null> {
    return db.pxmProduct.findUnique({ where: { id }, include: WITH_FILES });
  }

  /** Locks a product's row for the rest of the transaction; null when there is none. */
  async lock(id: string, db: Db): Promise<boolean> {
    const rows = await db.$queryRaw<{ id: string }[]>`SELECT id FROM pxm_products WHERE id = ${id}::uuid FOR UPDATE`;
    return rows.length > 0;
  }

  update(id: string, data: Prisma.PxmProductUncheckedUpdateInput, db: Db = this.prisma): Promise<ProductRow> {
    return db.pxmProduct.update({ where: { id }, data, include: WITH_FILES });
  }

  /** Its file and node links go with it (foreign keys cascade); the files and nodes stay. */
  delete(id: string, db: Db = this.prisma) {
    return db.pxmProduct.delete({ where: { id } });
  }

  list(q: ListQuery, scope: Prisma.PxmProductWhereInput = {}, db: PrismaService = this.prisma) {
    const filter = toPrismaWhere(q, PCM_PRODUCTS_SPEC) as Prisma.PxmProductWhereInput;
    const where: Prisma.PxmProductWhereInput = q.filter ? { AND: [scope, filter] } : scope;
    const { orderBy, skip, take } = toPrismaListArgs(q, PCM_PRODUCTS_SPEC);
    return loadPage(q, {
      items: () => db.pxmProduct.findMany({ where, orderBy: orderBy as Prisma.PxmProductOrderByWithRelationInput[], skip, take, include: WITH_FILES }),
      countMatching: () => db.pxmProduct.count({ where }),
      countAll: () => db.pxmProduct.count({ where: scope }),
    });
  }

  /** The ids of the products a filter selects (attach_nodes / detach_nodes), at most `limit`. */
  async idsMatching(q: Pick<ListQuery, 'filter'>, limit: number, db: Db = this.prisma): Promise<string[]> {
    const rows = await db.pxmProduct.findMany({ where: toPrismaWhere(q, PCM_PRODUCTS_SPEC) as Prisma.PxmProductWhereInput, select: { id: true }, take: limit, orderBy: { id: 'asc' } });
    return rows.map((r) => r.id);
  }

  findMany(ids: string[], db: Db = this.prisma) {
    return db.pxmProduct.findMany({ where: { id: { in: ids } }, select: { id: true } });
  }

  // ---------- files ----------

  setMainImage(id: string, fileId: string | null, db: Db = this.prisma) {
    return db.pxmProduct.update({ where: { id }, data: { mainImageId: fileId } });
  }

  files(productId: string, db: Db = this.prisma) {
    return db.pxmProductFile.findMany({ where: { productId }, orderBy: [{ createdAt: 'asc' }, { fileId: 'asc' }] });
  }

  async addFiles(productId: string, files: { id: string; tags?: string[] }[], db: Db) {
    for (const f of files) {
      await db.pxmProductFile.upsert({
        where: { productId_fileId: { productId, fileId: f.id } },
        create: { productId, fileId: f.id, tags: f.tags ?? [] },
        update: f.tags !== undefined ? { tags: f.tags } : {},
      });
    }
  }

  removeFiles(productId: string, fileIds: string[] | 'all', db: Db) {
    return db.pxmProductFile.deleteMany({ where: { productId, ...(fileIds === 'all' ? {} : { fileId: { in: fileIds } }) } });
  }

  touch(id: string, db: Db) {
    return db.pxmProduct.update({ where: { id }, data: { updatedAt: new Date() } });
  }

  // ---------- nodes ----------

  /** Links each product to each node; existing links stay. The number of links made. */
  async link(nodeIds: string[], productIds: string[], db: Db): Promise<number> {
    if (nodeIds.length === 0 || productIds.length === 0) return 0;
    const made = await db.pxmNodeProduct.createMany({ data: nodeIds.flatMap((nodeId) => productIds.map((productId) => ({ nodeId, productId }))), skipDuplicates: true });
    return made.count;
  }

  /** Unlinks each product from each node, and takes them off those nodes' curated products. */
  async unlink(nodeIds: string[], productIds: string[], db: Db): Promise<number> {
    if (nodeIds.length === 0 || productIds.length === 0) return 0;
    const removed = await db.pxmNodeProduct.deleteMany({ where: { nodeId: { in: nodeIds }, productId: { in: productIds } } });
    await this.uncurate(nodeIds, productIds, db);
    return removed.count;
  }

  /** Removes products from nodes' `curated_products` (all nodes when `nodeIds` is null). */
  uncurate(nodeIds: string[] | null, productIds: string[], db: Db) {
    const nodes = nodeIds === null ? Prisma.empty : Prisma.sql`AND id IN (${Prisma.join(nodeIds.map((n) => Prisma.sql`${n}::uuid`))})`;
    return db.$executeRaw`UPDATE pxm_nodes SET curated_products = ARRAY(SELECT c FROM unnest(curated_products) c WHERE c <> ALL (${productIds}::uuid[])), updated_at = now()
      WHERE curated_products && ${productIds}::uuid[] ${nodes}`;
  }

  /** Which of `productIds` are in the node. */
  async linkedTo(nodeId: string, productIds: string[], db: Db = this.prisma): Promise<Set<string>> {
    const rows = await db.pxmNodeProduct.findMany({ where: { nodeId, productId: { in: productIds } }, select: { productId: true } });
    return new Set(rows.map((r) => r.productId));
  }

  /** A page of a node's live products: its curated products first, in their order, then by creation. */
  async nodeProducts(nodeId: string, curated: string[], q: ListQuery, db: PrismaService = this.prisma) {
    const scope: Prisma.PxmProductWhereInput = { status: 'live', nodes: { some: { nodeId } } };
    const where: Prisma.PxmProductWhereInput = q.filter ? { AND: [scope, toPrismaWhere(q, PCM_PRODUCTS_SPEC) as Prisma.PxmProductWhereInput] } : scope;
    const [all, total] = await Promise.all([db.pxmProduct.findMany({ where, select: { id: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }), db.pxmProduct.count({ where })]);
    const rank = new Map(curated.map((id, i) => [id, i]));
    const ordered = all.map((r) => r.id).sort((a, b) => (rank.get(a) ?? curated.length) - (rank.get(b) ?? curated.length));
    const ids = ordered.slice(q.offset, q.offset + q.limit);
    const rows = await db.pxmProduct.findMany({ where: { id: { in: ids } }, include: WITH_FILES });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const allLinked = q.filter ? await db.pxmProduct.count({ where: scope }) : total;
    return { items: ids.map((id) => byId.get(id)!).filter(Boolean), total, all: allLinked };
  }

  /** A page of the nodes a product is in, with their hierarchy ids. */
  async productNodes(productId: string, q: ListQuery, db: PrismaService = this.prisma) {
    const scope: Prisma.PxmNodeWhereInput = { products: { some: { productId } } };
    const where: Prisma.PxmNodeWhereInput = q.filter ? { AND: [scope, toPrismaWhere(q, NODES_SPEC) as Prisma.PxmNodeWhereInput] } : scope;
    const { orderBy } = toPrismaListArgs(q, NODES_SPEC);
    return loadPage(q, {
      items: () => db.pxmNode.findMany({ where, orderBy: orderBy as Prisma.PxmNodeOrderByWithRelationInput[], skip: q.offset, take: q.limit }),
      countMatching: () => db.pxmNode.count({ where }),
      countAll: () => db.pxmNode.count({ where: scope }),
    });
  }
}
