import { Injectable } from '@nestjs/common';
import { BadRequestError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { linkBase } from '../common/http/request-context';
import { ListQuery, page } from '../common/list-query';
import { Prisma } from '../generated/prisma/client';
import { Db, PrismaService } from '../prisma/prisma.service';
import { checkLocales } from '../pxm/attributes';
import { checkDistinctPricebooks, refuseMissing } from './catalog-references';
import { CATALOG_WIRE, CatalogRow } from './catalog.wire';
import { CatalogsRepository } from './catalogs.repository';
import { CatalogResolver } from './catalog-resolver';
import { CreateCatalogDto, UpdateCatalogDto } from './dto/catalog.dto';
import { PrioritizedPricebook } from './prioritized-pricebooks';

const json = (value: unknown) => value as Prisma.InputJsonValue;

@Injectable()
export class CatalogsService {
  constructor(
    private readonly repo: CatalogsRepository,
    private readonly prisma: PrismaService,
    private readonly resolver: CatalogResolver,
  ) {}

  async create(dto: CreateCatalogDto) {
    const a = dto.attributes;
    checkLocales(a.locales, 'data.attributes.locales');
    this.checkPricebookChoice(a.pricebook_id, a.pricebook_ids);
    await this.checkReferences(a.hierarchy_ids, a.pricebook_id, a.pricebook_ids, this.prisma);
    const row = await this.repo.create({
      name: a.name,
      description: a.description ?? '',
      hierarchyIds: a.hierarchy_ids.map((id) => id.toLowerCase()),
      pricebookId: a.pricebook_id?.toLowerCase() ?? null,
      ...(a.pricebook_ids ? { pricebookIds: json(this.books(a.pricebook_ids)) } : {}),
      ...(a.locales ? { locales: json(a.locales) } : {}),
      enablePriceSegmentation: a.enable_price_segmentation ?? false,
    });
    this.resolver.invalidate();
    return this.present(row);
  }

  async list(q: ListQuery) {
    const { items, total, all } = await this.repo.list(q);
    return page(items.map((row) => this.present(row)), total, q, all);
  }

  async get(id: string) {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundError('Catalog');
    return this.present(row);
  }

  async update(id: string, dto: UpdateCatalogDto) {
    if (dto.id !== undefined && dto.id.toLowerCase() !== id) throw new BadRequestError('data.id must be the id in the path', 'data.id');
    const a = dto.attributes;
    checkLocales(a.locales ?? undefined, 'data.attributes.locales');
    this.checkPricebookChoice(a.pricebook_id, a.pricebook_ids);
    const row = await this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lock(id, tx))) throw new NotFoundError('Catalog');
      await this.checkReferences(a.hierarchy_ids ?? [], a.pricebook_id, a.pricebook_ids, tx);
      // One way of pricing at a time: setting one form clears the other.
      const pricing: Prisma.CatalogUpdateInput = {};
      if (a.pricebook_id !== undefined) {
        pricing.pricebookId = a.pricebook_id?.toLowerCase() ?? null;
        if (a.pricebook_id !== null) pricing.pricebookIds = Prisma.DbNull;
      }
      if (a.pricebook_ids !== undefined) {
        pricing.pricebookIds = a.pricebook_ids === null ? Prisma.DbNull : json(this.books(a.pricebook_ids));
        if (a.pricebook_ids !== null) pricing.pricebookId = null;
      }
      return this.repo.update(
        id,
        {
          ...(a.name !== undefined ? { name: a.name } : {}),
          ...(a.description !== undefined ? { description: a.description ?? '' } : {}),
          ...(a.hierarchy_ids !== undefined ? { hierarchyIds: a.hierarchy_ids.map((h) => h.toLowerCase()) } : {}),
          ...pricing,
          ...(a.locales !== undefined ? { locales: a.locales === null ? Prisma.DbNull : json(a.locales) } : {}),
          ...(a.enable_price_segmentation !== undefined ? { enablePriceSegmentation: a.enable_price_segmentation } : {}),
        },
        tx,
      );
    });
    this.resolver.invalidate();
    return this.present(row);
  }

  /** Only a catalog with no releases and no rules: its releases are deleted first, its rules moved or deleted. */
  async delete(id: string) {
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.repo.lock(id, tx))) throw new NotFoundError('Catalog');
      const releases = await this.repo.countReleases(id, tx);
      if (releases > 0) {
        throw new UnprocessableError('Catalog has releases', `This catalog has ${releases} release${releases === 1 ? '' : 's'}: delete its releases (DELETE /catalogs/${id}/releases) before deleting it`);
      }
      const rules = await this.repo.countRules(id, tx);
      if (rules > 0) {
        throw new UnprocessableError('Catalog is used by rules', `${rules} catalog rule${rules === 1 ? ' names' : 's name'} this catalog: delete those rules or point them at another catalog before deleting it`);
      }
      await this.repo.delete(id, tx);
    });
    this.resolver.invalidate();
  }

  private checkPricebookChoice(single: string | null | undefined, several: PrioritizedPricebook[] | null | undefined) {
    if (single != null && several != null) {
      throw new UnprocessableError('Pricebook conflict', 'Give either pricebook_id or pricebook_ids, not both', 'data.attributes.pricebook_ids');
    }
    checkDistinctPricebooks(several, 'data.attributes.pricebook_ids');
  }

  private async checkReferences(hierarchyIds: string[], single: string | null | undefined, several: PrioritizedPricebook[] | null | undefined, db: Db) {
    const hierarchies = hierarchyIds.map((h) => h.toLowerCase());
    refuseMissing('Hierarchy', await this.repo.missingHierarchies(hierarchies, db), hierarchies, 'data.attributes.hierarchy_ids');
    if (single != null) refuseMissing('Price book', await this.repo.missingPricebooks([single.toLowerCase()], db), [], 'data.attributes.pricebook_id');
    if (several) {
      const ids = several.map((b) => b.id.toLowerCase());
      refuseMissing('Price book', await this.repo.missingPricebooks(ids, db), ids, 'data.attributes.pricebook_ids');
    }
  }

  private books(books: PrioritizedPricebook[]): PrioritizedPricebook[] {
    return books.map((b) => ({ id: b.id.toLowerCase(), priority: b.priority }));
  }

  private present(row: CatalogRow) {
    return CATALOG_WIRE.present(row, { linkBase: linkBase() });
  }
}
