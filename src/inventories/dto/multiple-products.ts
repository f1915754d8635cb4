import { IsUUID } from 'class-validator';
import { DataListBody } from '../../common/validation/data-list-body.pipe';
import { ResourceType } from '../../common/validation/text-field';

/** At most this many products' stock is read at once. */
export const MAX_MULTIPLE_PRODUCTS = 100;

/** `POST /v2/inventories/multiple`: one element of `data`, a product whose stock is read. */
export class StockReferenceDto {
  @ResourceType('stock')
  type?: string;

  @IsUUID('all', { message: "id must be a product's id" })
  id: string;
}

/** `@MultipleProductsBody() products`: `{"data":[{"id":…},…]}`, 1 to MAX_MULTIPLE_PRODUCTS of them. */
export const MultipleProductsBody = () => DataListBody(StockReferenceDto, { maxItems: MAX_MULTIPLE_PRODUCTS, name: 'MultipleStockRequest' });
