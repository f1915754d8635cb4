import { Injectable } from '@nestjs/common';
import { BadRequestError, NotFoundError } from '../../common/errors/api-error';
import { ListQuery, page } from '../../common/list-query';
import type { PxmVariationModifier, PxmVariationOption } from '../../generated/prisma/client';
import { CreateModifierDto, CreateOptionDto, CreateVariationDto, UpdateModifierDto, UpdateOptionDto, UpdateVariationDto } from './dto/variation.dto';
import { checkModifier, type ModifierText } from './modifier-rules';
import { MODIFIER_WIRE, OPTION_WIRE, VARIATION_WIRE, type ModifierType, type VariationRow } from './variation.wire';
import { VariationsRepository } from './variations.repository';

const sameId = (given: string | undefined, path: string) => {
  if (given !== undefined && given.toLowerCase() !== path) throw new BadRequestError('data.id must be the id in the path', 'data.id');
};

/** Variations, their options and the options' modifiers. Elastic Path documents no events for them. */
@Injectable()
export class VariationsService {
  constructor(private readonly repo: VariationsRepository) {}

  // ---------- variations ----------

  async createVariation(dto: CreateVariationDto) {
    return this.presentVariation(await this.repo.createVariation({ name: dto.attributes.name, sortOrder: dto.attributes.sort_order ?? null }));
  }

  async listVariations(q: ListQuery) {
    const { items, total, all } = await this.repo.listVariations(q);
    return page(items.map((r) => this.presentVariation(r)), total, q, all);
  }

  async getVariation(id: string) {
    return this.presentVariation(await this.requireVariation(id));
  }

  async updateVariation(id: string, dto: UpdateVariationDto) {
    sameId(dto.id, id);
    const a = dto.attributes;
    const row = await this.repo.updateVariation(id, { ...(a.name !== undefined ? { name: a.name } : {}), ...(a.sort_order !== undefined ? { sortOrder: a.sort_order } : {}) });
    if (!row) throw new NotFoundError('Variation');
    return this.presentVariation(row);
  }

  /** Its options and modifiers go with it, and it leaves the products it was attached to; built children stay. */
  async deleteVariation(id: string) {
    if (!(await this.repo.deleteVariation(id))) throw new NotFoundError('Variation');
  }

  // ---------- options ----------

  async createOption(variationId: string, dto: CreateOptionDto) {
    await this.requireVariation(variationId);
    const a = dto.attributes;
    return this.presentOption(await this.repo.createOption({ variationId, name: a.name, description: a.description, sortOrder: a.sort_order ?? null }));
  }

  async listOptions(variationId: string, q: ListQuery) {
    await this.requireVariation(variationId);
    const { items, total, all } = await this.repo.listOptions(variationId, q);
    return page(items.map((r) => this.presentOption(r)), total, q, all);
  }

  async getOption(variationId: string, id: string) {
    return this.presentOption(await this.requireOption(variationId, id));
  }

  async updateOption(variationId: string, id: string, dto: UpdateOptionDto) {
    sameId(dto.id, id);
    const a = dto.attributes;
    const row = await this.repo.updateOption(variationId, id, {
      ...(a.name !== undefined ? { name: a.name } : {}),
      ...(a.description !== undefined ? { description: a.description } : {}),
      ...(a.sort_order !== undefined ? { sortOrder: a.sort_order } : {}),
    });
    if (!row) throw new NotFoundError('Option');
    return this.presentOption(row);
  }

  async deleteOption(variationId: string, id: string) {
    if (!(await this.repo.deleteOption(variationId, id))) throw new NotFoundError('Option');
  }

  // ---------- modifiers ----------

  async createModifier(variationId: string, optionId: string, dto: CreateModifierDto) {
    await this.requireOption(variationId, optionId);
    const a = dto.attributes;
    const text: ModifierText = { type: a.type, value: a.value ?? null, seek: a.seek ?? null, set: a.set ?? null };
    checkModifier(text);
    return this.presentModifier(await this.repo.createModifier({ optionId, ...text, referenceName: a.reference_name ?? null }));
  }

  async listModifiers(variationId: string, optionId: string, q: ListQuery) {
    await this.requireOption(variationId, optionId);
    const { items, total, all } = await this.repo.listModifiers(optionId, q);
    return page(items.map((r) => this.presentModifier(r)), total, q, all);
  }

  async getModifier(variationId: string, optionId: string, id: string) {
    return this.presentModifier(await this.requireModifier(variationId, optionId, id));
  }

  /** The modifier as changed must still be whole: a builder's `seek` and `set`, another's `value`. */
  async updateModifier(variationId: string, optionId: string, id: string, dto: UpdateModifierDto) {
    sameId(dto.id, id);
    const current = await this.requireModifier(variationId, optionId, id);
    const a = dto.attributes;
    const type = a.type ?? (current.type as ModifierType);
    const typeChanged = type !== current.type;
    const text: ModifierText = {
      type,
      value: a.value ?? (typeChanged ? null : current.value),
      seek: a.seek ?? (typeChanged ? null : current.seek),
      set: a.set ?? (typeChanged ? null : current.set),
    };
    checkModifier(text);
    const row = await this.repo.updateModifier(optionId, id, { ...text, ...(a.reference_name !== undefined ? { referenceName: a.reference_name } : {}) });
    if (!row) throw new NotFoundError('Modifier');
    return this.presentModifier(row);
  }

  async deleteModifier(variationId: string, optionId: string, id: string) {
    await this.requireOption(variationId, optionId);
    if (!(await this.repo.deleteModifier(optionId, id))) throw new NotFoundError('Modifier');
  }

  // ---------- lookups ----------

  private async requireVariation(id: string): Promise<VariationRow> {
    const row = await this.repo.findVariation(id);
    if (!row) throw new NotFoundError('Variation');
    return row;
  }

  private async requireOption(variationId: string, id: string): Promise<PxmVariationOption> {
    await this.requireVariation(variationId);
    const row = await this.repo.findOption(variationId, id);
    if (!row) throw new NotFoundError('Option');
    return row;
  }

  private async requireModifier(variationId: string, optionId: string, id: string): Promise<PxmVariationModifier> {
    await this.requireOption(variationId, optionId);
    const row = await this.repo.findModifier(optionId, id);
    if (!row) throw new NotFoundError('Modifier');
    return row;
  }

  private presentVariation = (row: VariationRow) => VARIATION_WIRE.present(row);
  private presentOption = (row: PxmVariationOption) => OPTION_WIRE.present(row);
  private presentModifier = (row: PxmVariationModifier) => MODIFIER_WIRE.present(row);
}
