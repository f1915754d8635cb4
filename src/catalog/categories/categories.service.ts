import { Injectable } from '@nestjs/common';
import { isImplicit } from '../../auth/access.decorators';
import { ConflictError, NotFoundError, UnprocessableError } from '../../common/errors/api-error';
import type { Principal } from '../../common/http/request-context';
import { ListQuery, page } from '../../common/list-query';
import { EventName } from '../../events/event-names';
import { EventsPublisher } from '../../events/events.publisher';
import { Db, PrismaService } from '../../prisma/prisma.service';
import { buildTree, CategoryRow, presentCategory, PresentedCategory } from './categories.presenter';
import { CategoriesRepository } from './categories.repository';
import { CreateCategoryDto, UpdateCategoryDto } from './dto/category.dto';

/**
 * Key of the transaction-scoped advisory lock that serialises parent changes: the cycle check reads the
 * ancestors of the new parent, and two crossed moves (a under b, b under a) running side by side would each
 * read a tree without the other's move and both succeed.
 */
const CATEGORY_TREE_LOCK = 72410003;

@Injectable()
export class CategoriesService {
  constructor(
    private readonly categories: CategoriesRepository,
    private readonly prisma: PrismaService,
    private readonly events: EventsPublisher,
  ) {}

  async create(dto: CreateCategoryDto) {
    return this.prisma.$transaction(async (tx) => {
      await this.assertSlugFree(dto.slug, undefined, tx);
      if (dto.parent_id) await this.assertParent(dto.parent_id, undefined, tx);
      const row = await this.categories.create(
        {
          name: dto.name,
          slug: dto.slug,
          description: dto.description ?? '',
          status: dto.status ?? 'draft',
          backgroundColour: dto.background_colour ?? null,
          backgroundImage: dto.background_image || null, // '' clears, like null
          parentId: dto.parent_id?.toLowerCase() ?? null,
        },
        tx,
      );
      return this.changed(tx, 'category.created', row);
    });
  }

  async list(q: ListQuery, principal?: Principal) {
    const { items, total, all } = await this.categories.list(q, isImplicit(principal));
    return page(items.map(presentCategory), total, q, all);
  }

  async tree(principal?: Principal) {
    return buildTree((await this.categories.all(isImplicit(principal))).map(presentCategory));
  }

  /** `includeKeys`: the `included` keys asked for; one statement writes the answer when it can. */
  async get(id: string, principal?: Principal, includeKeys: string[] = []) {
    if (this.categories.serializes(includeKeys)) {
      const document = await this.categories.serializedDocument(id, isImplicit(principal), includeKeys.length > 0);
      if (!document) throw new NotFoundError('Category');
      return document;
    }
    const row = await this.categories.find(id, undefined, isImplicit(principal));
    if (!row || (isImplicit(principal) && row.status !== 'live')) throw new NotFoundError('Category');
    return presentCategory(row);
  }

  /**
   * Categories by id, for includes: full objects as GET /categories/:id shows them (spec, Include rule 2),
   * the product links of the whole page loaded in one query.
   */
  async findPresented(ids: string[], liveOnly: boolean): Promise<PresentedCategory[]> {
    if (ids.length === 0) return [];
    return (await this.categories.findMany(ids, liveOnly)).map(presentCategory);
  }

  async update(id: string, dto: UpdateCategoryDto) {
    return this.prisma.$transaction(async (tx) => {
      if (dto.parent_id) await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CATEGORY_TREE_LOCK})`;
      await this.require(id, tx);
      if (dto.slug !== undefined && dto.slug !== null) await this.assertSlugFree(dto.slug, id, tx);
      if (dto.parent_id) await this.assertParent(dto.parent_id.toLowerCase(), id, tx);
      const row = await this.categories.update(
        id,
        {
          name: dto.name ?? undefined,
          slug: dto.slug ?? undefined,
          description: dto.description ?? undefined,
          status: dto.status ?? undefined,
          ...(dto.background_colour !== undefined ? { backgroundColour: dto.background_colour } : {}),
          ...(dto.background_image !== undefined ? { backgroundImage: dto.background_image || null } : {}),
          ...(dto.parent_id !== undefined ? { parentId: dto.parent_id?.toLowerCase() ?? null } : {}),
        },
        tx,
      );
      return this.changed(tx, 'category.updated', row);
    });
  }

  async delete(id: string) {
    await this.prisma.$transaction(async (tx) => {
      await this.require(id, tx);
      await this.categories.delete(id, tx);
      await this.events.publish(tx, 'category.deleted', { type: 'category', id });
    });
  }

  private async changed(tx: Db, event: EventName, row: CategoryRow) {
    const presented = presentCategory(row);
    await this.events.publish(tx, event, { data: presented });
    return presented;
  }

  private async assertSlugFree(slug: string, exceptId: string | undefined, tx: Db) {
    if (await this.categories.slugTaken(slug, exceptId, tx)) throw new ConflictError(`A category with slug "${slug}" already exists`, 'data.slug');
  }

  /** The parent must exist and must not be the category itself or one of its descendants. */
  private async assertParent(parentId: string, selfId: string | undefined, tx: Db) {
    let current: string | null = parentId;
    for (let depth = 0; current && depth < 100; depth++) {
      if (current === selfId) throw new UnprocessableError('Invalid parent', 'A category cannot be its own ancestor', 'data.parent_id');
      const row = await this.categories.find(current, tx);
      if (!row) {
        if (current === parentId) throw new UnprocessableError('Invalid parent', `No category with id ${parentId}`, 'data.parent_id');
        break;
      }
      current = row.parentId;
    }
  }

  private async require(id: string, db: Db = this.prisma) {
    const row = await this.categories.find(id, db);
    if (!row) throw new NotFoundError('Category');
    return row;
  }
}
