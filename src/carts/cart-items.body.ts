import { Body, Injectable, PipeTransform } from '@nestjs/common';
import { ApiError, BadRequestError, ErrorObject, ValidationFailedError } from '../common/errors/api-error';
import { JsonSchema } from '../common/openapi/json-schema';
import { listSchema, requestSchemaOf } from '../common/openapi/request-schema';
import { DataBodyPipe, declareDataBody, validatedAgainst } from '../common/validation/data-body.pipe';
import { assertSafeJson, isPlainObject } from '../common/validation/json-shape';
import { AddCartItemDto, AddCartItemsOptionsDto, AddCustomItemDto, AddPromotionItemDto } from './dto/cart.dto';
import { MAX_CART_ITEMS } from './cart-limits';


/** `POST /v2/carts/:ref/items`: one item (`data` an object) or many (`data` an array, Elastic Path's bulk add). */
export interface AddCartItemsRequest {
  bulk: boolean;
  /** Bulk only: refuse every entry when one fails (Elastic Path's default), or add those that can be. */
  addAllOrNothing: boolean;
  entries: (AddCartItemDto | AddCustomItemDto | AddPromotionItemDto)[];
  /** The entries as sent (what a refused one is reported with). */
  raw: unknown[];
}

/** The error objects of a refused bulk entry: sources point into `data[index]`, and `meta` names the item as Elastic Path's do. */
export function entryErrors(error: ApiError, index: number, raw: unknown): ErrorObject[] {
  const item = isPlainObject(raw) ? raw : {};
  const meta = { ...(typeof item.id === 'string' ? { id: item.id } : {}), ...(typeof item.sku === 'string' ? { sku: item.sku } : {}) };
  return error.toErrorObjects().map((e) => ({
    status: e.status,
    title: e.title,
    detail: e.detail,
    source: e.source?.startsWith('data.') ? `data[${index}].${e.source.slice(5)}` : `data[${index}]`,
    ...(Object.keys(meta).length ? { meta } : {}),
  }));
}

const entryValidator = new DataBodyPipe();

/** The DTO of each item `type`; an item without one is a product (`cart_item`). */
const ITEM_DTOS: Record<string, Function> = { cart_item: AddCartItemDto, custom_item: AddCustomItemDto, promotion_item: AddPromotionItemDto };

async function validateEntry(raw: unknown): Promise<AddCartItemDto | AddCustomItemDto | AddPromotionItemDto> {
  const type = isPlainObject(raw) ? (raw.type ?? 'cart_item') : 'cart_item';
  const metatype = typeof type === 'string' && Object.hasOwn(ITEM_DTOS, type) ? ITEM_DTOS[type] : undefined;
  if (!metatype) throw new BadRequestError('type must be cart_item (a product, by id or sku), custom_item (a name, sku and price of your own) or promotion_item (a promotion code)', 'data.type');
  return (await entryValidator.transform({ data: raw }, { type: 'body', metatype: metatype as never })) as AddCartItemDto | AddCustomItemDto | AddPromotionItemDto;
}

async function validateOptions(options: unknown): Promise<AddCartItemsOptionsDto> {
  if (options === undefined) return new AddCartItemsOptionsDto();
  if (!isPlainObject(options)) throw new BadRequestError('options must be a JSON object', 'options');
  assertSafeJson(options, 'options');
  const checked = await validatedAgainst(AddCartItemsOptionsDto, options, 'options');
  if (Array.isArray(checked)) throw new ValidationFailedError(checked);
  return checked as AddCartItemsOptionsDto;
}

/**
 * The request schema, from the items' DTOs: `data` is one item (a product, by id or sku, a bundle with its
 * selection; a custom item; a promotion code: one of them by `type`), an array of them, or that array wrapped as
 * the SDK's bulk add sends it; `options` applies to an array.
 */
export function addCartItemsSchema(): JsonSchema {
  const item: JsonSchema = { oneOf: Object.values(ITEM_DTOS).map((dto) => requestSchemaOf(dto)) };
  const items = listSchema(item, { minItems: 1, maxItems: MAX_CART_ITEMS });
  const options = requestSchemaOf(AddCartItemsOptionsDto);
  const wrapped: JsonSchema = { type: 'object', required: ['data'], properties: { data: items, options }, description: 'The array with its options inside `data`, as the SDK\'s bulk add sends it' };
  return {
    type: 'object',
    required: ['data'],
    description: 'One item, or several (`data` an array) with `options.add_all_or_nothing`',
    properties: { data: { anyOf: [item, items, wrapped] }, options },
  };
}

@Injectable()
export class AddCartItemsPipe implements PipeTransform<unknown, Promise<AddCartItemsRequest>> {
  async transform(body: unknown): Promise<AddCartItemsRequest> {
    if (!isPlainObject(body) || body.data === undefined) throw new BadRequestError('The request body must be a JSON object with a "data" member', 'data');
    let data = body.data;
    let options = body.options;
    // The SDK's BulkAdd without options sends `{"data":{"data":[...]}}`.
    if (isPlainObject(data) && Array.isArray(data.data)) {
      options ??= data.options;
      data = data.data;
    }
    const addAllOrNothing = (await validateOptions(options)).add_all_or_nothing ?? true;
    if (!Array.isArray(data)) return { bulk: false, addAllOrNothing: true, entries: [await validateEntry(data)], raw: [data] };

    if (data.length === 0) throw new BadRequestError('data must hold at least one item', 'data');
    if (data.length > MAX_CART_ITEMS) throw new BadRequestError(`data can hold at most ${MAX_CART_ITEMS} items (the most a cart holds)`, 'data');
    const entries = await Promise.all(
      data.map((raw) =>
        validateEntry(raw).catch((error: unknown) => {
          if (error instanceof ApiError) return error;
          throw error;
        }),
      ),
    );
    // A malformed entry makes the request malformed: 400 listing every such entry, whatever add_all_or_nothing says
    // (that option is about items that cannot be added: an unknown product, a draft, stock, currency).
    const malformed = entries.flatMap((entry, index) => (entry instanceof ApiError ? entryErrors(entry, index, data[index]) : []));
    if (malformed.length) throw new ApiError(400, 'Bad Request', malformed[0].detail, undefined, {}, malformed);
    return { bulk: true, addAllOrNothing, entries: entries as (AddCartItemDto | AddCustomItemDto | AddPromotionItemDto)[], raw: data };
  }
}

/** `@AddCartItemsBody() request`: the item or items of an add request, validated; its request schema is addCartItemsSchema. */
export const AddCartItemsBody = (): ParameterDecorator => (target, key, index) => {
  const pipe = new AddCartItemsPipe();
  Body(pipe)(target, key, index);
  declareDataBody(target, key, { dto: AddCartItemDto, optional: false, pipe, name: 'AddCartItemsRequest', body: addCartItemsSchema });
};
