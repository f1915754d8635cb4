import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { BadRequestError, ConflictError, NotFoundError, UnprocessableError } from '../common/errors/api-error';
import { ListQuery, page } from '../common/list-query';
import { isUuid } from '../common/validation/resource-id.pipe';
import { Prisma, type Promotion } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { AddPromotionCodesDto, DeletePromotionCodesDto } from './dto/promotion-codes.dto';
import { CreatePromotionDto, UpdatePromotionDto } from './dto/promotion.dto';
import { PromotionSchema, SUPPORTED_PROMOTION_TYPES } from './promotion-rules';
import { presentPromotion, presentPromotionCode } from './promotions.presenter';
import { PromotionsRepository } from './promotions.repository';

/** `2026-01-01` is midnight UTC; a date and time without an offset is UTC. */
export function parsePromotionDate(value: string, member: 'start' | 'end'): Date {
  const text = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
  const date = new Date(text.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) throw new BadRequestError(`${member} is not a valid date`, `data.${member}`);
  return date;
}

type PromotionFields = Pick<CreatePromotionDto, 'promotion_type' | 'schema' | 'min_cart_value'>;

/** The members a promotion's type needs, checked on the promotion as it will be stored. */
function assertTermsOfType(p: PromotionFields & { start: Date; end: Date }) {
  if (!(SUPPORTED_PROMOTION_TYPES as readonly string[]).includes(p.promotion_type)) {
    throw new UnprocessableError(
      'Not supported',
      `Promotions of type ${p.promotion_type} are not supported; this store serves ${SUPPORTED_PROMOTION_TYPES.join(', ')}`,
      'data.promotion_type',
    );
  }
  if (p.end <= p.start) throw new BadRequestError('end must be after start', 'data.end');
  const schema = p.schema ?? {};
  const currencies = schema.currencies ?? [];
  const needs = (ok: boolean, detail: string, source: string) => {
    if (!ok) throw new BadRequestError(detail, source);
  };
  if (p.promotion_type === 'item_fixed_discount' || p.promotion_type === 'item_percent_discount') {
    needs((schema.targets ?? []).length > 0, `A ${p.promotion_type} promotion needs schema.targets: product SKUs or ids, or "all"`, 'data.schema.targets');
  }
  if (p.promotion_type === 'item_percent_discount') {
    needs(schema.percent !== undefined, 'An item_percent_discount promotion needs schema.percent', 'data.schema.percent');
    return;
  }
  needs(currencies.length > 0, `A ${p.promotion_type} promotion needs schema.currencies`, 'data.schema.currencies');
  const member = p.promotion_type === 'percent_discount' ? 'percentage' : 'amount';
  currencies.forEach((c, i) => needs(c[member] !== undefined, `schema.currencies[${i}] needs ${member}`, `data.schema.currencies[${i}].${member}`));
  const seen = new Set<string>();
  currencies.forEach((c, i) => {
    needs(!seen.has(c.currency.toUpperCase()), `schema.currencies names ${c.currency.toUpperCase()} twice`, `data.schema.currencies[${i}].currency`);
    seen.add(c.currency.toUpperCase());
  });
}

function storedSchema(schema: CreatePromotionDto['schema']): PromotionSchema {
  return {
    ...(schema.currencies ? { currencies: schema.currencies.map((c) => ({ currency: c.currency.toUpperCase(), ...(c.amount !== undefined ? { amount: c.amount } : {}), ...(c.percentage !== undefined ? { percentage: c.percentage } : {}) })) } : {}),
    ...(schema.targets ? { targets: schema.targets } : {}),
    ...(schema.percent !== undefined ? { percent: schema.percent } : {}),
  };
}

const minCartValue = (values: CreatePromotionDto['min_cart_value']) => (values ?? []).map((v) => ({ amount: v.amount, currency: v.currency.toUpperCase() }));

@Injectable()
export class PromotionsService {
  constructor(
    private readonly promotions: PromotionsRepository,
    private readonly prisma: PrismaService,
  ) {}

  async create(dto: CreatePromotionDto) {
    const start = parsePromotionDate(dto.start, 'start');
    const end = parsePromotionDate(dto.end, 'end');
    assertTermsOfType({ ...dto, start, end });
    const row = await this.promotions.create({
      id: randomUUID(),
      name: dto.name,
      description: dto.description ?? '',
      promotionType: dto.promotion_type,
      enabled: dto.enabled ?? false,
      automatic: dto.automatic ?? false,
      start,
      end,
      schema: storedSchema(dto.schema) as Prisma.InputJsonObject,
      minCartValue: minCartValue(dto.min_cart_value) as Prisma.InputJsonArray,
    });
    return presentPromotion(row);
  }

  async list(q: ListQuery) {
    const { items, total, all } = await this.promotions.list(q);
    return page(items.map(presentPromotion), total, q, all);
  }

  async get(id: string) {
    return presentPromotion(await this.getOrThrow(id));
  }

  async update(id: string, dto: UpdatePromotionDto) {
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.promotions.lock(id, tx))) throw new NotFoundError('Promotion', 'promotion not found');
      const current = (await this.promotions.find(id, tx))!;
      const start = dto.start !== undefined ? parsePromotionDate(dto.start, 'start') : current.start;
      const end = dto.end !== undefined ? parsePromotionDate(dto.end, 'end') : current.end;
      const promotionType = dto.promotion_type ?? current.promotionType;
      const schema = dto.schema !== undefined ? storedSchema(dto.schema) : (current.schema as PromotionSchema);
      assertTermsOfType({ promotion_type: promotionType, schema, start, end });
      const row = await this.promotions.update(
        id,
        {
          ...(dto.name !== undefined ? { name: dto.name } : {}),
          ...(dto.description !== undefined ? { description: dto.description } : {}),
          ...(dto.enabled !== undefined ? { enabled: dto.enabled } : {}),
          ...(dto.automatic !== undefined ? { automatic: dto.automatic } : {}),
          ...(dto.min_cart_value !== undefined ? { minCartValue: minCartValue(dto.min_cart_value) as Prisma.InputJsonArray } : {}),
          promotionType,
          start,
          end,
          schema: schema as Prisma.InputJsonObject,
        },
        tx,
      );
      return presentPromotion(row);
    });
  }

  async delete(id: string) {
    const { count } = await this.promotions.delete(id);
    if (!count) throw new NotFoundError('Promotion', 'promotion not found');
  }

  /** Promotions by id, for the carts' `include=promotions`. */
  async presentMany(ids: string[]) {
    return ids.length ? (await this.promotions.findMany(ids)).map(presentPromotion) : [];
  }

  // ---------- codes ----------

  /** Adds codes; a code is unique across the store's promotions (409 naming those taken). Answers the promotion. */
  async addCodes(id: string, dto: AddPromotionCodesDto) {
    const withUser = dto.codes.findIndex((c) => c.user !== undefined);
    if (withUser >= 0) {
      throw new UnprocessableError('Not supported', 'Codes limited to one shopper (codes[].user) are not supported', `data.codes[${withUser}].user`);
    }
    const texts = dto.codes.map((c) => c.code);
    const twice = texts.findIndex((c, i) => texts.indexOf(c) !== i);
    if (twice >= 0) throw new BadRequestError(`The code ${texts[twice]} is given twice`, `data.codes[${twice}].code`);
    return this.prisma.$transaction(async (tx) => {
      if (!(await this.promotions.lock(id, tx))) throw new NotFoundError('Promotion', 'promotion not found');
      const taken = await this.promotions.existingCodes(texts, tx);
      if (taken.length) throw new ConflictError(`Promotion codes already exist: ${taken.map((c) => c.code).join(', ')}`);
      await this.promotions.createCodes(
        dto.codes.map((c) => ({ promotionId: id, code: c.code, maxUses: c.uses ?? null, consumeUnit: c.consume_unit ?? 'per_cart' })),
        tx,
      );
      return presentPromotion((await this.promotions.find(id, tx))!);
    });
  }

  async listCodes(id: string, q: ListQuery) {
    await this.getOrThrow(id);
    const { items, total, all } = await this.promotions.listCodes(id, q);
    return page(items.map(presentPromotionCode), total, q, all);
  }

  /** `DELETE …/codes/{code}`: the code's text (or its id); 404 when the promotion has no such code. */
  async deleteCode(id: string, code: string) {
    await this.getOrThrow(id);
    const { count } = await this.promotions.deleteCodes(id, [code], isUuid(code) ? [code.toLowerCase()] : []);
    if (!count) throw new NotFoundError('Promotion code', `The promotion has no code ${code}`);
  }

  async deleteCodes(id: string, dto: DeletePromotionCodesDto) {
    await this.getOrThrow(id);
    await this.promotions.deleteCodes(id, dto.codes.map((c) => c.code), []);
  }

  private async getOrThrow(id: string): Promise<Promotion> {
    const row = await this.promotions.find(id);
    if (!row) throw new NotFoundError('Promotion', 'promotion not found');
    return row;
  }
}
