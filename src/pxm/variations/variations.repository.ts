import { Injectable } from '@nestjs/common';
import { ListQuery, ListResourceSpec, loadPage, toPrismaWhere } from '../../common/list-query';
import { Prisma } from '../../generated/prisma/client';
import { Db, PrismaService } from '../../prisma/prisma.service';
import { MODIFIER_WIRE, OPTION_WIRE, VARIATION_WIRE, type VariationRow } from './variation.wire';

/** Elastic Path pages these lists and documents no filters or sorts for them; `eq`/`in` on `id` are accepted. */
export const VARIATIONS_SPEC: ListResourceSpec = VARIATION_WIRE.listSpec({ defaultSort: 'created_at', more: { created_at: { column: 'createdAt', type: 'datetime', ops: [], sortable: true } } });
export const OPTIONS_SPEC: ListResourceSpec = OPTION_WIRE.listSpec({ defaultSort: 'created_at', more: { created_at: { column: 'createdAt', type: 'datetime', ops: [], sortable: true } } });
export const MODIFIERS_SPEC: ListResourceSpec = MODIFIER_WIRE.listSpec({ defaultSort: 'created_at', more: { created_at: { column: 'createdAt', type: 'datetime', ops: [], sortable: true } } });

const IN_ORDER = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];
const WITH_OPTIONS = { options: { orderBy: IN_ORDER } } satisfies Prisma.PxmVariationInclude;

/** A variation with its options and each option's modifiers, as a build reads them. */
export type VariationForBuild = Prisma.PxmVariationGetPayload<{ include: { options: { include: { modifiers: true } } } }>;

@Injectable()
export class VariationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  // ---------- variations ----------

  createVariation(data: Prisma.PxmVariationUncheckedCreateInput): Promise<VariationRow> {
    return this.prisma.pxmVariation.create({ data, include: WITH_OPTIONS });
  }

  findVariation(id: string, db: Db = this.prisma): Promise<VariationRow | null> {
    return db.pxmVariation.findUnique({ where: { id }, include: WITH_OPTIONS });
  }

  listVariations(q: ListQuery) {
    const where = toPrismaWhere(q, VARIATIONS_SPEC) as Prisma.PxmVariationWhereInput;
    return loadPage(q, {
      items: () => this.prisma.pxmVariation.findMany({ where, orderBy: IN_ORDER, skip: q.offset, take: q.limit, include: WITH_OPTIONS }),
      countMatching: () => this.prisma.pxmVariation.count({ where }),
      countAll: () => this.prisma.pxmVariation.count(),
    });
  }

  async updateVariation(id: string, data: Prisma.PxmVariationUncheckedUpdateInput): Promise<VariationRow | null> {
    const { count } = await this.prisma.pxmVariation.updateMany({ where: { id }, data });
    return count ? this.findVariation(id) : null;
  }

  async deleteVariation(id: string): Promise<boolean> {
    return (await this.prisma.pxmVariation.deleteMany({ where: { id } })).count > 0;
  }

  /** Which of `ids` name variations. */
  async existingVariations(ids: string[], db: Db = this.prisma): Promise<Set<string>> {
    const rows = await db.pxmVariation.findMany({ where: { id: { in: ids } }, select: { id: true } });
    return new Set(rows.map((r) => r.id));
  }

  // ---------- options ----------

  createOption(data: Prisma.PxmVariationOptionUncheckedCreateInput) {
    return this.prisma.pxmVariationOption.create({ data });
  }

  findOption(variationId: string, id: string) {
    return this.prisma.pxmVariationOption.findFirst({ where: { id, variationId } });
  }

  listOptions(variationId: string, q: ListQuery) {
    const scope = { variationId };
    const where: Prisma.PxmVariationOptionWhereInput = { AND: [scope, toPrismaWhere(q, OPTIONS_SPEC) as Prisma.PxmVariationOptionWhereInput] };
    return loadPage(q, {
      items: () => this.prisma.pxmVariationOption.findMany({ where, orderBy: IN_ORDER, skip: q.offset, take: q.limit }),
      countMatching: () => this.prisma.pxmVariationOption.count({ where }),
      countAll: () => this.prisma.pxmVariationOption.count({ where: scope }),
    });
  }

  async updateOption(variationId: string, id: string, data: Prisma.PxmVariationOptionUncheckedUpdateInput) {
    const { count } = await this.prisma.pxmVariationOption.updateMany({ where: { id, variationId }, data });
    return count ? this.findOption(variationId, id) : null;
  }

  async deleteOption(variationId: string, id: string): Promise<boolean> {
    return (await this.prisma.pxmVariationOption.deleteMany({ where: { id, variationId } })).count > 0;
  }

  // ---------- modifiers ----------

  createModifier(data: Prisma.PxmVariationModifierUncheckedCreateInput) {
    return this.prisma.pxmVariationModifier.create({ data });
  }

  findModifier(optionId: string, id: string) {
    return this.prisma.pxmVariationModifier.findFirst({ where: { id, optionId } });
  }

  listModifiers(optionId: string, q: ListQuery) {
    const scope = { optionId };
    const where: Prisma.PxmVariationModifierWhereInput = { AND: [scope, toPrismaWhere(q, MODIFIERS_SPEC) as Prisma.PxmVariationModifierWhereInput] };
    return loadPage(q, {
      items: () => this.prisma.pxmVariationModifier.findMany({ where, orderBy: IN_ORDER, skip: q.offset, take: q.limit }),
      countMatching: () => this.prisma.pxmVariationModifier.count({ where }),
      countAll: () => this.prisma.pxmVariationModifier.count({ where: scope }),
    });
  }

  async updateModifier(optionId: string, id: string, data: Prisma.PxmVariationModifierUncheckedUpdateInput) {
    const { count } = await this.prisma.pxmVariationModifier.updateMany({ where: { id, optionId }, data });
    return count ? this.findModifier(optionId, id) : null;
  }

  async deleteModifier(optionId: string, id: string): Promise<boolean> {
    return (await this.prisma.pxmVariationModifier.deleteMany({ where: { id, optionId } })).count > 0;
  }

  // ---------- a product's variations ----------

  productVariations(productId: string, db: Db = this.prisma) {
    return db.pxmProductVariation.findMany({ where: { productId }, orderBy: [{ createdAt: 'asc' }, { variationId: 'asc' }] });
  }

  /** Attached in the order given: each a millisecond after the one before, so that builds and lists keep that order. */
  async attach(productId: string, variationIds: string[], db: Db) {
    const now = Date.now();
    await db.pxmProductVariation.createMany({ data: variationIds.map((variationId, i) => ({ productId, variationId, createdAt: new Date(now + i) })), skipDuplicates: true });
  }

  detach(productId: string, variationIds: string[] | 'all', db: Db) {
    return db.pxmProductVariation.deleteMany({ where: { productId, ...(variationIds === 'all' ? {} : { variationId: { in: variationIds } }) } });
  }

  /** A product's variations in the order they were attached, with their options and modifiers. */
  async forBuild(productId: string, db: Db): Promise<VariationForBuild[]> {
    const links = await db.pxmProductVariation.findMany({
      where: { productId },
      orderBy: [{ createdAt: 'asc' }, { variationId: 'asc' }],
      include: { variation: { include: { options: { orderBy: IN_ORDER, include: { modifiers: { orderBy: IN_ORDER } } } } } },
    });
    return links.map((l) => l.variation);
  }
}
