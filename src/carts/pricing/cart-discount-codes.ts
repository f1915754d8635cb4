import { applyDecorators, Injectable } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Db } from '../../prisma/prisma.service';
import type { AppliedPromotion, PricingLine } from './cart-pricing';

/**
 * What a cart hands to the module that owns discount codes: applying one (`POST …/items` with a
 * `promotion_item`) and spending the applied ones when the cart checks out (inside the checkout's
 * transaction, so a refusal leaves no order).
 */
export interface CartDiscountCodesProvider {
  /** Records `code` on the cart, or throws the API error that says why it cannot apply. */
  apply(cart: { id: string; currency: string; lines: PricingLine[] }, code: string, db: Db): Promise<void>;
  /** Spends one use of each applied code; throws when one is used up. */
  spend(cartId: string, orderId: string, promotions: AppliedPromotion[], db: Db): Promise<void>;
}

export const CART_DISCOUNT_CODES = DiscoveryService.createDecorator<true>();

/** Registers the provider of discount codes (one per app). */
export const CartDiscountCodes = () => applyDecorators(Injectable(), CART_DISCOUNT_CODES(true));
