import { IsIn, IsInt, IsString, IsUUID, Max, Min } from 'class-validator';
import { MAX_STOCK } from '../../common/money/limits';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { ResourceType } from '../../common/validation/text-field';
import { IsStockLocationChanges, IsStockLocations } from './stock-locations.validator';
import { BodyId, NestedObject } from '../../common/validation/body-members';

export class StockCreateAttributesDto {
  /** The stock held at no location. */
  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_STOCK)
  available?: number;

  @OptionalNotNull()
  @IsStockLocations()
  locations?: Record<string, { available: number }>;
}

/** `POST /v2/inventories`: the product's id (a new one when left out) and its first stock. */
export class CreateStockDto {
  @IsIn(['stock'])
  type: string;

  @BodyId()
  id?: string;

  @NestedObject(() => StockCreateAttributesDto)
  attributes: StockCreateAttributesDto;
}

export class StockUpdateAttributesDto {
  @OptionalNotNull()
  @IsStockLocationChanges()
  locations?: Record<string, { available: number } | null>;
}

/** `PUT /v2/inventories/:id`: each named location's available stock, or `null` to take the location away. */
export class UpdateStockDto {
  @IsIn(['stock'])
  type: string;

  @IsString()
  @IsUUID()
  id: string;

  @NestedObject(() => StockUpdateAttributesDto)
  attributes: StockUpdateAttributesDto;
}

/** `POST /v2/inventories/:id`, as the basic inventories (and the SDK's `Inventories.Create`) send it. */
export class CreateBasicStockDto {
  @ResourceType('stock')
  type?: string;

  @IsInt()
  @Min(0)
  @Max(MAX_STOCK)
  quantity: number;
}
