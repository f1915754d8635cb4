import { LRUCache } from 'lru-cache';
import { NotFoundError, UnprocessableError } from '../../common/errors/api-error';
import { isUuid } from '../../common/validation/resource-id.pipe';
import { Prisma } from '../../generated/prisma/client';
import { EventsPublisher } from '../../events/events.publisher';
import { Db, PrismaService } from '../../prisma/prisma.service';
import { presentProduct, PresentedProduct, ProductRow } from './products.presenter';
import { ProductRelation, ProductsRepository, ProductVersion } from './products.repository';

/** An edit worked out from the product as it stands: the product it leaves, and the statement's CTEs. */
export interface PlannedEdit {
  row: ProductRow;
  linkedAt: ProductVersion['linkedAt'];
  /** The statement's CTEs (ProductsRepository.editStatement), given the condition its `change` applies under. */
  change: (guard: Prisma.Sql) => Prisma.Sql;
}

/** Edits of one product that lose the race to another write this many times wait for its lock instead. */
const OPTIMISTIC_ATTEMPTS = 3;
/** Products whose last write here is remembered (a burst of edits right after a create skips their reads). */
const REMEMBERED = 1000;

/**
 * Edits of a product with their `product.updated` event, without an interactive transaction: the product
 * (and which of the named categories or files exist) is read, or taken as this process last wrote it; the
 * edit is worked out (`plan`) and written with its event in one statement that applies only while the
 * product is as planned from: the same row version (xmin), the same links, every named category or file
 * there. Otherwise the product is read again; after a few lost races its row is locked in a transaction.
 */
export class ProductEditor {
  private readonly written = new LRUCache<string, ProductVersion>({ max: REMEMBERED });

  constructor(
    private readonly products: ProductsRepository,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
  ) {}

  /** A product this process has just created (no links yet), at row version `version`. */
  created(row: ProductRow, version: string) {
    this.written.set(row.id, { row, linkedAt: { categories: [], files: [] }, version, found: [] });
  }

  forget(id: string) {
    this.written.delete(id);
  }

  async edit(id: string, refs: { relation: ProductRelation; ids: string[] }, plan: (read: ProductVersion, now: Date) => PlannedEdit): Promise<PresentedProduct> {
    for (let i = 0; i < OPTIMISTIC_ATTEMPTS; i++) {
      const presented = await this.attempt(this.prisma, id, refs, plan, i === 0 ? this.written.get(id) : undefined);
      if (presented) return presented;
    }
    return this.prisma.$transaction(async (tx) => {
      // Locked first, then read: a read that waited for the lock would see the links as they were before.
      if (!(await this.products.lockForUpdate(id, tx))) throw new NotFoundError('Product');
      const presented = await this.attempt(tx, id, refs, plan, undefined);
      if (!presented) throw new Error(`Product ${id} changed while locked`);
      return presented;
    });
  }

  private async attempt(
    db: Db,
    id: string,
    refs: { relation: ProductRelation; ids: string[] },
    plan: (read: ProductVersion, now: Date) => PlannedEdit,
    known: ProductVersion | undefined,
  ): Promise<PresentedProduct | undefined> {
    const read = known ?? (await this.products.findForEdit(id, refs, db));
    if (!read) throw new NotFoundError('Product');
    const missing = known ? [] : refs.ids.filter((i) => !read.found.includes(i));
    if (missing.length) {
      const what = refs.relation === 'categories' ? 'category' : 'file';
      throw new UnprocessableError('Unknown relationship', `No ${what} with id ${missing.join(', ')}`, 'data');
    }
    const edit = plan(read, new Date());
    const presented = presentProduct(edit.row);
    const guard = this.products.editGuard(id, read, { relation: refs.relation, ids: refs.ids.filter(isUuid), count: refs.ids.length });
    const changed = await this.events.publishIfChanged(db, 'product.updated', { data: presented }, edit.change(guard));
    if (!changed) {
      this.written.delete(id);
      return undefined;
    }
    this.written.set(id, { row: edit.row, linkedAt: edit.linkedAt, version: String(changed.version), found: [] });
    return presented;
  }
}
