import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiError, ConflictError, NotFoundError } from '../../common/errors/api-error';
import { toApiError } from '../../common/errors/to-api-error';
import { linkBase, type Principal } from '../../common/http/request-context';
import { ListQuery, page } from '../../common/list-query';
import { isUuid } from '../../common/validation/resource-id.pipe';
import { isImplicit } from '../../auth/access.decorators';
import { Prisma, type Product } from '../../generated/prisma/client';
import { EventName } from '../../events/event-names';
import { EventsPublisher } from '../../events/events.publisher';
import { Db, PrismaService } from '../../prisma/prisma.service';
import { CreateProductDto, UpdateProductDto } from './dto/product.dto';
import { DEFAULT_INCLUDES_TAX, presentProduct, PresentedProduct, ProductRow } from './products.presenter';
import { ProductRelation, ProductsRepository, RelationEdit } from './products.repository';
import { ProductEditor } from './product-editor';

export type { ProductRelation } from './products.repository';

@Injectable()
export class ProductsService {
  private readonly editor: ProductEditor;

  constructor(
    private readonly products: ProductsRepository,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
  ) {
    this.editor = new ProductEditor(products, prisma, events);
  }

  /**
   * One statement, no interactive transaction: the INSERT and its `product.created` outbox row (and, on
   * PostgreSQL, the NOTIFY) together. Every column is set here, as Prisma's create would have set it (the
   * id a v4 UUID, both timestamps the same instant, the defaults of the schema), so the row, the answer
   * and the event's payload are known before the write.
   */
  async create(dto: CreateProductDto) {
    const now = new Date();
    const row: ProductRow = {
      id: randomUUID(),
      name: dto.name,
      slug: dto.slug,
      sku: dto.sku,
      description: dto.description ?? '',
      manageStock: dto.manage_stock ?? false,
      // As stored and read back (jsonb), e.g. an amount of -0 is 0.
      price: JSON.parse(JSON.stringify(toPriceJson(dto.price))),
      status: dto.status ?? 'draft',
      commodityType: dto.commodity_type ?? 'physical',
      taxCode: dto['tax-code'] ?? null,
      stockLevel: dto.stock ?? 0,
      mainImageId: null,
      createdAt: now,
      updatedAt: now,
      categories: [],
      files: [],
    };
    const presented = presentProduct(row);
    const created = await this.refusedAsClash({ slug: dto.slug, sku: dto.sku }, undefined, () =>
      this.events.publishIfChanged(this.prisma, 'product.created', { data: presented }, Prisma.sql`change AS (${this.products.insertStatement(row)} RETURNING xmin::text AS version)`),
    );
    if (created) this.editor.created(row, String(created.version));
    return presented;
  }

  /** `includeKeys`: the `included` keys asked for; the page statement writes them when it can. */
  async list(q: ListQuery, principal?: Principal, includeKeys: string[] = []) {
    const serialized = await this.products.serializedPage(q, isImplicit(principal), includeKeys, linkBase());
    if (serialized) return serialized;
    const { items, total, all } = await this.products.list(q, isImplicit(principal));
    return page(items.map(presentProduct), total, q, all);
  }

  async get(id: string, principal?: Principal) {
    const row = await this.products.find(id, undefined, isImplicit(principal));
    if (!row || (isImplicit(principal) && row.status !== 'live')) throw new NotFoundError('Product');
    return presentProduct(row);
  }

  /** Full products by id, for includes (live ones only when `liveOnly`). */
  async findPresented(ids: string[], liveOnly: boolean): Promise<PresentedProduct[]> {
    if (ids.length === 0) return [];
    return (await this.products.findMany(ids, liveOnly)).map(presentProduct);
  }

  async update(id: string, dto: UpdateProductDto) {
    this.editor.forget(id);
    const unique = { slug: dto.slug ?? undefined, sku: dto.sku ?? undefined };
    return this.refusedAsClash(unique, id, () => this.prisma.$transaction(async (tx) => {
      await this.requireLocked(id, tx);
      const row = await this.products.update(id, rowChanges(dto), tx);
      return this.changed(tx, 'product.updated', row);
    }));
  }

  async delete(id: string) {
    this.editor.forget(id);
    await this.prisma.$transaction(async (tx) => {
      await this.require(id, tx);
      await this.products.delete(id, tx);
      await this.events.publish(tx, 'product.deleted', { type: 'product', id });
    });
  }

  /** POST adds, PUT replaces, DELETE removes; answers the relationship as it now stands. */
  async editRelation(id: string, relation: ProductRelation, mode: RelationEdit, ids: string[]) {
    const valid = [...new Set(ids.filter(isUuid))];
    const presented = await this.editor.edit(id, { relation, ids: mode === 'remove' ? [] : ids }, ({ row, linkedAt }, now) => {
      const key = relation === 'categories' ? 'categoryId' : 'fileId';
      const linked = (row[relation] ?? []).map((link: Record<string, string>, i) => ({ id: link[key], at: linkedAt[relation][i] }));
      // Links made by one edit are a millisecond apart, after every link the product has: they list (by
      // created_at) in the order given, and no later edit's links come before them.
      const from = mode === 'replace' ? now.getTime() : Math.max(now.getTime(), ...linked.map((l) => l.at + 1));
      const made = (mode === 'add' ? valid.filter((v) => !linked.some((l) => l.id === v)) : mode === 'replace' ? valid : []).map((v, i) => ({ id: v, at: from + i }));
      const links = mode === 'add' ? [...linked, ...made] : mode === 'remove' ? linked.filter((l) => !valid.includes(l.id)) : made;
      return {
        row: { ...row, updatedAt: now, [relation]: links.map((l) => ({ [key]: l.id })) },
        linkedAt: { ...linkedAt, [relation]: links.map((l) => l.at) },
        change: (guard) => this.products.editStatement(id, guard, now, { relation, mode, links: mode === 'remove' ? valid.map((v) => ({ id: v, at: 0 })) : made }),
      };
    });
    const rel = presented.relationships[relation] as { data: { type: string; id: string }[] } | undefined;
    return rel?.data ?? [];
  }

  async setMainImage(id: string, fileId: string | null) {
    await this.editor.edit(id, { relation: 'files', ids: fileId === null ? [] : [fileId] }, (read, now) => ({
      row: { ...read.row, updatedAt: now, mainImageId: fileId },
      linkedAt: read.linkedAt,
      change: (guard) => this.products.editStatement(id, guard, now, { mainImageId: fileId }),
    }));
    return fileId ? { type: 'main_image', id: fileId } : null;
  }

  /** DELETE main-image: removes it only when it is the one named (or when none is named). */
  async removeMainImage(id: string, fileId: string | undefined) {
    const row = await this.require(id);
    if (fileId === undefined || row.mainImageId === fileId) await this.setMainImage(id, null);
  }

  private async changed(tx: Db, event: EventName, row: ProductRow) {
    const presented = presentProduct(row);
    await this.events.publish(tx, event, { data: presented });
    return presented;
  }

  /**
   * Runs a write that sets slug / sku without looking for clashes first: the unique indexes refuse one.
   * Only when the database refused the write (a unique violation, or a value it refused, which the former
   * look-up came before) are the other products looked up, after the transaction, so the answer is the same
   * 409 naming the field (slug before sku) as a look-up first would give; otherwise the database's own error.
   */
  private async refusedAsClash<T>(dto: { slug?: string; sku?: string }, exceptId: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      const refused = !(err instanceof ApiError) && toApiError(err);
      if (refused && (refused.status === 409 || refused.status === 400)) await this.assertUnique(dto, exceptId);
      throw err;
    }
  }

  private async assertUnique(dto: { slug?: string; sku?: string }, exceptId: string | undefined, db: Db = this.prisma) {
    const clashes = await this.products.findClashes(dto, exceptId, db);
    for (const field of ['slug', 'sku'] as const) {
      const value = dto[field];
      if (value !== undefined && clashes.some((c) => c[field] === value)) {
        throw new ConflictError(`A product with ${field} "${value}" already exists`, `data.${field}`);
      }
    }
  }

  /** Inside a write: the product exists, and its row is locked until the write commits. */
  private async requireLocked(id: string, tx: Db) {
    if (!(await this.products.lockForUpdate(id, tx))) throw new NotFoundError('Product');
  }

  private async require(id: string, db: Db = this.prisma) {
    const row = await this.products.find(id, db);
    if (!row) throw new NotFoundError('Product');
    return row;
  }
}

/**
 * Where each member of a product request is kept in its row (`null`: nowhere). Typed by the create DTO's
 * members, so a member added there fails to compile until it is placed here.
 */
const ROW_FIELDS = {
  type: null,
  name: 'name',
  slug: 'slug',
  sku: 'sku',
  description: 'description',
  manage_stock: 'manageStock',
  price: 'price',
  status: 'status',
  commodity_type: 'commodityType',
  'tax-code': 'taxCode',
  stock: 'stockLevel',
} as const satisfies { [K in keyof Required<CreateProductDto>]: keyof Product | null };

/** The row's changes of an update: each member given (`null` only where the DTO lets it through: it clears). */
function rowChanges(dto: UpdateProductDto): Prisma.ProductUncheckedUpdateInput {
  const changes: Record<string, unknown> = {};
  for (const [member, rowField] of Object.entries(ROW_FIELDS)) {
    const value = (dto as Record<string, unknown>)[member];
    if (rowField === null || value === undefined) continue;
    changes[rowField] = rowField === 'price' ? toPriceJson(value as CreateProductDto['price']) : value;
  }
  return changes;
}

function toPriceJson(price: { amount: number; currency: string; includes_tax?: boolean | null }[]): Prisma.InputJsonValue {
  return price.map((p) => ({ amount: p.amount, currency: p.currency.toUpperCase(), includes_tax: p.includes_tax ?? DEFAULT_INCLUDES_TAX }));
}
