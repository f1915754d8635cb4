import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { UnprocessableError } from '../../common/errors/api-error';
import type { CartItem } from '../../generated/prisma/client';
import { Prisma } from '../../generated/prisma/client';
import type { Db } from '../../prisma/prisma.service';
import { CART_DISCOUNT_CODES, CartDiscountCodesProvider } from './cart-discount-codes';
import { AppliedPromotion, CART_PRICING_STAGES, CartPricingStage, CartPricingStepProvider, LineDiscount, lineTotals, PricingLine, PricingState } from './cart-pricing';
import { CART_PRICING_STEP } from './cart-pricing-step.decorator';

const pricingLine = (i: CartItem): PricingLine => ({ id: i.id, productId: i.productId, sku: i.sku, unitAmount: i.unitAmount, quantity: i.quantity });

/** The cart's items as the pipeline prices them, with the discounts worked out when the cart last changed. */
export function storedDiscounts(item: Pick<CartItem, 'discounts'>): LineDiscount[] {
  return Array.isArray(item.discounts) ? (item.discounts as unknown as LineDiscount[]) : [];
}

export function storedPromotions(cart: { promotions: Prisma.JsonValue }): AppliedPromotion[] {
  return Array.isArray(cart.promotions) ? (cart.promotions as unknown as AppliedPromotion[]) : [];
}

/** Runs the registered steps in stage order and stores what they decided on the cart and its items. */
@Injectable()
export class CartPricing implements OnModuleInit {
  private readonly steps: { stage: CartPricingStage; provider: CartPricingStepProvider }[] = [];
  private codes?: CartDiscountCodesProvider;

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit() {
    for (const wrapper of this.discovery.getProviders({ metadataKey: CART_PRICING_STEP.KEY })) {
      const stage = this.discovery.getMetadataByDecorator(CART_PRICING_STEP, wrapper)!;
      this.steps.push({ stage, provider: wrapper.instance as CartPricingStepProvider });
    }
    this.steps.sort((a, b) => CART_PRICING_STAGES.indexOf(a.stage) - CART_PRICING_STAGES.indexOf(b.stage));
    const codes = this.discovery.getProviders({ metadataKey: CART_DISCOUNT_CODES.KEY });
    if (codes.length > 1) throw new Error(`Two providers of cart discount codes: ${codes.map((w) => String(w.name)).join(', ')}`);
    this.codes = codes[0]?.instance as CartDiscountCodesProvider | undefined;
  }

  /** Works the cart's adjustments out again and stores them (every change of its items calls this). */
  async reprice<C extends { id: string; currency: string | null; items: CartItem[] }>(cart: C, db: Db): Promise<{ cart: C; promotions: AppliedPromotion[] }> {
    const state: PricingState = {
      cartId: cart.id,
      currency: cart.items[0]?.currency ?? cart.currency ?? 'USD',
      now: new Date(),
      lines: cart.items.map(pricingLine),
      discounts: new Map(cart.items.map((i) => [i.id, []])),
    };
    const promotions: AppliedPromotion[] = [];
    for (const step of this.steps) {
      const result = await step.provider.adjust(state, db);
      const taken = new Map<string, number>();
      for (const { lineId, discount } of result.discounts) {
        const line = state.lines.find((l) => l.id === lineId);
        const current = state.discounts.get(lineId);
        if (!line || !current) continue;
        // Clamped to what is left of the line, so a line (and the cart) never goes below zero.
        const amount = Math.min(discount.amount, lineTotals(line, current).value);
        if (amount <= 0) continue;
        current.push({ ...discount, amount });
        taken.set(discount.id, (taken.get(discount.id) ?? 0) + amount);
      }
      for (const p of result.promotions) if (taken.get(p.promotion_id)) promotions.push({ ...p, amount: taken.get(p.promotion_id)! });
    }
    const items: CartItem[] = [];
    for (const item of cart.items) {
      const discounts = state.discounts.get(item.id)!;
      if (JSON.stringify(discounts) !== JSON.stringify(storedDiscounts(item))) {
        await db.cartItem.update({ where: { id: item.id }, data: { discounts: discounts as unknown as Prisma.InputJsonArray } });
      }
      items.push({ ...item, discounts: discounts as unknown as Prisma.JsonValue });
    }
    await db.cart.update({ where: { id: cart.id }, data: { promotions: promotions as unknown as Prisma.InputJsonArray } });
    // The cart as it is stored now, so a caller need not read it again.
    return { cart: { ...cart, items, promotions: promotions as unknown as Prisma.JsonValue }, promotions };
  }

  /** `POST …/items` with `{type: "promotion_item", code}`. */
  async applyCode(cart: { id: string; currency: string | null; items: CartItem[] }, code: string, db: Db): Promise<void> {
    if (!this.codes) throw new UnprocessableError('Could not apply EP promotion with the given code', 'Promotions are not available', 'data.code');
    await this.codes.apply({ id: cart.id, currency: cart.items[0]?.currency ?? cart.currency ?? 'USD', lines: cart.items.map(pricingLine) }, code, db);
  }

  /** At checkout, inside its transaction: spends the applied codes' uses. */
  async spendCodes(cartId: string, orderId: string, promotions: AppliedPromotion[], db: Db): Promise<void> {
    if (this.codes && promotions.some((p) => p.code !== null)) await this.codes.spend(cartId, orderId, promotions, db);
  }
}
