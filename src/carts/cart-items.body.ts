import { Body, Injectable, PipeTransform } from '@nestjs/common';
import { ApiError, BadRequestError, ErrorObject } from '../common/errors/api-error';
import { DataBodyPipe } from '../common/validation/data-body.pipe';
import { AddCartItemDto, AddCustomItemDto, AddPromotionItemDto } from './dto/cart.dto';
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

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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

async function validateEntry(raw: unknown): Promise<AddCartItemDto | AddCustomItemDto | AddPromotionItemDto> {
  const type = isPlainObject(raw) ? raw.type : undefined;
  if (type !== undefined && type !== 'cart_item' && type !== 'custom_item' && type !== 'promotion_item') {
    throw new BadRequestError('type must be cart_item (a product, by id), custom_item (a name, sku and price of your own) or promotion_item (a promotion code)', 'data.type');
  }
  const metatype = type === 'custom_item' ? AddCustomItemDto : type === 'promotion_item' ? AddPromotionItemDto : AddCartItemDto;
  const entry = (await entryValidator.transform({ data: raw }, { type: 'body', metatype })) as AddCartItemDto | AddCustomItemDto | AddPromotionItemDto;
  if (entry instanceof AddCartItemDto && entry.id === undefined && entry.sku === undefined) {
    throw new BadRequestError('A cart_item names its product by id or by sku', 'data.id');
  }
  return entry;
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
    if (!Array.isArray(data)) return { bulk: false, addAllOrNothing: true, entries: [await validateEntry(data)], raw: [data] };

    if (options !== undefined && !isPlainObject(options)) throw new BadRequestError('options must be a JSON object', 'options');
    const addAllOrNothing = options?.add_all_or_nothing ?? true;
    if (typeof addAllOrNothing !== 'boolean') throw new BadRequestError('options.add_all_or_nothing must be a boolean', 'options.add_all_or_nothing');
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

/** `@AddCartItemsBody() request`: the item or items of an add request, validated. */
export const AddCartItemsBody = () => Body(new AddCartItemsPipe());
