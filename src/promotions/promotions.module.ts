import { Module } from '@nestjs/common';
import { InApiFamily } from '../common/errors/api-family';
import { CartsModule } from '../carts/carts.module';
import { CartDiscountsController } from './cart-discounts.controller';
import { CartDiscountsService } from './cart-discounts.service';
import { CartPromotionsInclude } from './cart-promotions.include';
import { CartPromotionsStep, ItemPromotionsStep, PromotionCodesInCarts } from './promotion-pricing.steps';
import { PROMOTIONS } from './promotions.family';
import { PromotionsController } from './promotions.controller';
import { PromotionsRepository } from './promotions.repository';
import { PromotionsService } from './promotions.service';
import { RulePromotionsController } from './rule-promotions.controller';

/**
 * Promotions Standard: `/v2/promotions` and their codes; in carts, the item and cart discount steps of the
 * totals pipeline and the codes a shopper applies (registered with carts, which know nothing of promotions).
 */
@Module({
  imports: [CartsModule],
  controllers: [PromotionsController, RulePromotionsController, CartDiscountsController],
  providers: [PromotionsRepository, PromotionsService, CartDiscountsService, CartPromotionsInclude, ItemPromotionsStep, CartPromotionsStep, PromotionCodesInCarts],
})
@InApiFamily(PROMOTIONS)
export class PromotionsModule {}
