import { Controller, Delete, HttpCode, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AllowImplicit } from '../auth/access.decorators';
import { InApiFamily, V2_FAMILY } from '../common/errors/api-family';
import { ApiNoContent } from '../common/openapi/api-operation.decorators';
import { CartsService } from '../carts/carts.service';
import { CartDiscountsService } from './cart-discounts.service';

/** `DELETE /v2/carts/{ref}/discounts/{code}`: a cart route, so its errors are the carts' (status a number). */
@ApiTags('carts')
@ApiBearerAuth()
@AllowImplicit()
@InApiFamily(V2_FAMILY)
@Controller('carts')
export class CartDiscountsController {
  constructor(private readonly discounts: CartDiscountsService) {}

  @ApiNoContent('Remove a promotion code from a cart (its discount goes with it)')
  @Delete(':ref/discounts/:code')
  @HttpCode(204)
  async remove(@Param('ref') ref: string, @Param('code') code: string): Promise<void> {
    await this.discounts.remove(CartsService.checkRef(ref), code);
  }
}
