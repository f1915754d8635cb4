import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ConflictError, NotFoundError, UnprocessableError } from '../../common/errors/api-error';
import { ListQuery, page } from '../../common/list-query';
import { Prisma } from '../../generated/prisma/client';
import { PrismaService } from '../../prisma/prisma.service';
import type { ProductRow } from '../products/product.wire';
import { ProductsRepository } from '../products/products.repository';
import { ProductsService } from '../products/products.service';
import type { Reference } from '../products/references';
import { ChildProductsRepository } from './child-products.repository';
import { applyModifiers, type ChildAttributes, type ModifierText } from './modifier-rules';
import type { ModifierType } from './variation.wire';
import { VariationsRepository, type VariationForBuild } from './variations.repository';

/** One build makes at most this many children. */
export const MAX_CHILDREN = 1000;

type Option = VariationForBuild['options'][number];
interface Combination {
  key: string;
  picks: { variation: VariationForBuild; option: Option }[];
}

/** Every combination of one option per variation; a variation without options takes no part. */
export function combinations(variations: VariationForBuild[]): Combination[] {
  let picks: Combination['picks'][] = [[]];
  for (const variation of variations.filter((v) => v.options.length > 0)) {
    picks = picks.flatMap((chosen) => variation.options.map((option) => [...chosen, { variation, option }]));
    if (picks.length > MAX_CHILDREN) throw new UnprocessableError('Too many child products', `A build makes at most ${MAX_CHILDREN} child products, one per combination of options`);
  }
  return picks.filter((p) => p.length > 0).map((p) => ({ key: p.map((x) => x.option.id).sort().join(','), picks: p }));
}

/** A product's variations, the child products built from them, and its children's list. */
@Injectable()
export class ChildProductsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly products: ProductsService,
    private readonly productsRepo: ProductsRepository,
    private readonly variations: VariationsRepository,
    private readonly childrenRepo: ChildProductsRepository,
  ) {}

  async variationReferences(productId: string) {
    await this.products.require(productId);
    return (await this.variations.productVariations(productId)).map((l) => ({ type: 'product-variation' as const, id: l.variationId, meta: { created_at: l.createdAt.toISOString() } }));
  }

  /** `add` attaches variations, `replace` makes them the product's only ones, `remove` detaches them. */
  async changeVariations(productId: string, how: 'add' | 'replace' | 'remove', refs: Reference[]) {
    await this.prisma.$transaction(async (tx) => {
      if (!(await this.productsRepo.lock(productId, tx))) throw new NotFoundError('Product');
      const product = await this.products.require(productId, tx);
      if (how !== 'remove') {
        if (product.parentId !== null && refs.length > 0) throw new UnprocessableError('Failed Validation', 'A child product cannot have variations', 'data');
        if (product.components !== null && refs.length > 0) throw new UnprocessableError('Failed Validation', 'A bundle cannot have variations', 'data');
        const known = await this.variations.existingVariations(refs.map((r) => r.id), tx);
        const missing = refs.findIndex((r) => !known.has(r.id));
        if (missing >= 0) throw new UnprocessableError('Failed Validation', `Variation ${refs[missing].id} does not exist`, `data[${missing}].id`);
      }
      if (how === 'replace') await this.variations.detach(productId, 'all', tx);
      if (how === 'remove') await this.variations.detach(productId, refs.map((r) => r.id), tx);
      else await this.variations.attach(productId, refs.map((r) => r.id), tx);
      await this.productsRepo.touch(productId, tx);
    });
  }

  /**
   * Makes the children the parent's options call for, in one transaction that holds the parent's row: a
   * concurrent build waits, then finds the children made and makes none twice (the parent and combination are
   * unique besides). Children whose combination is still offered are kept as they are, with their ids;
   * children of a combination no longer offered (an option or variation removed) are deleted.
   */
  async build(productId: string, requestId: string) {
    const startedAt = new Date().toISOString();
    await this.prisma.$transaction(
      async (tx) => {
        if (!(await this.productsRepo.lock(productId, tx))) throw new NotFoundError('Product');
        const parent = await this.products.require(productId, tx);
        if (parent.parentId !== null) throw new UnprocessableError('Failed Validation', 'A child product cannot be built into children');
        const variations = await this.variations.forBuild(productId, tx);
        if (variations.length === 0) throw new UnprocessableError('Failed Validation', 'The product has no variations to build children from');
        const wanted = combinations(variations);
        const existing = await this.childrenRepo.children(productId, tx);
        const wantedKeys = new Set(wanted.map((c) => c.key));
        const gone = existing.filter((c) => c.optionKey === null || !wantedKeys.has(c.optionKey)).map((c) => c.id);
        if (gone.length) await this.childrenRepo.removeChildren(gone, tx);
        const have = new Set(existing.map((c) => c.optionKey));
        for (const combination of wanted.filter((c) => !have.has(c.key))) {
          const data = childData(parent, combination);
          await this.childrenRepo.createChild(data, tx).catch(unlessTaken(data));
        }
      },
      { timeout: 60_000 },
    );
    const completedAt = new Date().toISOString();
    return {
      id: randomUUID(),
      type: 'pim-job' as const,
      attributes: { started_at: startedAt, completed_at: completedAt, created_at: startedAt, updated_at: completedAt, type: 'child-products' as const, status: 'success' as const },
      meta: { x_request_id: requestId },
    };
  }

  async children(productId: string, q: ListQuery) {
    await this.products.require(productId);
    const { items, total, all } = await this.productsRepo.list(q, { parentId: productId });
    return page(items.map((row) => this.products.present(row)), total, q, all);
  }
}

function childData(parent: ProductRow, combination: Combination): Prisma.PxmProductUncheckedCreateInput {
  const base: ChildAttributes = {
    name: parent.name,
    description: parent.description,
    slug: parent.slug,
    sku: parent.sku,
    status: parent.status,
    commodityType: parent.commodityType,
    upcEan: parent.upcEan,
    mpn: parent.mpn,
    externalRef: parent.externalRef,
  };
  const modifiers: ModifierText[] = combination.picks.flatMap((p) => p.option.modifiers.map((m) => ({ type: m.type as ModifierType, value: m.value, seek: m.seek, set: m.set })));
  const a = applyModifiers(base, combination.picks.map((p) => p.option.name), modifiers);
  return {
    ...a,
    tags: parent.tags,
    ...(parent.extensions !== null ? { extensions: parent.extensions as Prisma.InputJsonValue } : {}),
    ...(parent.locales !== null ? { locales: parent.locales as Prisma.InputJsonValue } : {}),
    parentId: parent.id,
    optionKey: combination.key,
    childVariations: combination.picks.map((p) => ({ id: p.variation.id, name: p.variation.name, option: { id: p.option.id, name: p.option.name, description: p.option.description } })),
  };
}

/** A child's SKU or slug that another product holds fails the build: 409, naming it. */
function unlessTaken(data: { sku?: string | null; slug?: string }) {
  return (e: unknown): never => {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002') {
      const named = JSON.stringify(e.meta ?? {});
      if (named.includes('option_key') || named.includes('optionKey')) throw new ConflictError('Another build made this child product at the same time; build again');
      if (named.includes('sku')) throw new ConflictError(`A child product's SKU ${JSON.stringify(data.sku)} belongs to another product`, 'data.attributes.sku');
      throw new ConflictError(`A child product's slug ${JSON.stringify(data.slug)} belongs to another product`, 'data.attributes.slug');
    }
    throw e;
  };
}
