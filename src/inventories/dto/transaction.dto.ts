import { IsIn, IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { MAX_STOCK } from '../../common/money/limits';
import { OptionalNotNull } from '../../common/validation/optional-not-null';
import { STOCK_ACTIONS, type StockAction } from '../transaction.wire';
import { BodyId, NestedObject } from '../../common/validation/body-members';

export class TransactionAttributesDto {
  @IsIn([...STOCK_ACTIONS])
  action: StockAction;

  @IsInt()
  @Min(0)
  @Max(MAX_STOCK)
  quantity: number;

  /** When given, the product's id in the path. */
  @BodyId()
  product_id?: string;

  /** The slug of the location the transaction acts on; left out, the stock at no location. */
  @OptionalNotNull()
  @IsString()
  @MinLength(1)
  @MaxLength(128)
  location?: string;
}

/** `POST /v2/inventories/:id/transactions`. */
export class CreateTransactionDto {
  @IsIn(['stock-transaction'])
  type: string;

  @NestedObject(() => TransactionAttributesDto)
  attributes: TransactionAttributesDto;
}
