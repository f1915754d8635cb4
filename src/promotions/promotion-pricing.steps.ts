import { ApiError, UnprocessableError } from '../common/errors/api-error';
import type { Promotion, PromotionCode } from '../generated/prisma/client';
import type { Db } from '../prisma/prisma.service';
import { CartDiscountCodes, CartDiscountCodesProvider } from '../carts/pricing/cart-discount-codes';
import { AppliedPromotion, CartPricingStepProvider, lineTotals, PricingAdjustments, PricingLine, PricingState } from '../carts/pricing/cart-pricing';
import { CartPricingStep } from '../carts/pricing/cart-pricing-step.decorator';
import { CART_PROMOTION_TYPES, cartDiscounts, inactiveReason, ITEM_PROMOTION_TYPES, itemDiscounts, Line, meetsMinimum, PromotionTerms } from './promotion-rules';
import { PromotionsRepository } from './promotions.repository';

/** The title Elastic Path gives every refusal of a code in a cart. */
export const CODE_REFUSED = 'Could not apply EP promotion with the given code';

const terms = (p: Promotion): PromotionTerms => ({
  id: p.id,
  promotionType: p.promotionType,
  enabled: p.enabled,
  start: p.start,
  end: p.end,
  schema: p.schema as PromotionTerms['schema'],
  minCartValue: p.minCartValue as PromotionTerms['minCartValue'],
});

function applied(p: Promotion & { codes: PromotionCode[] }): AppliedPromotion {
  return { promotion_id: p.id, code: p.codes[0]?.code ?? null, name: p.name, description: p.description, promotion_type: p.promotionType, amount: 0 };
}

function linesOf(state: Readonly<PricingState>): (Line & { quantity: number })[] {
  return state.lines.map((l) => ({ ...l, value: l.unitAmount * l.quantity, remaining: lineTotals(l, state.discounts.get(l.id) ?? []).value }));
}

const undiscountedValue = (lines: readonly PricingLine[]) => lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);

/** Shared by both steps: the promotions of `types` the cart may get, in the order they apply (oldest first). */
abstract class PromotionStep implements CartPricingStepProvider {
  constructor(protected readonly promotions: PromotionsRepository) {}

  protected abstract readonly types: readonly string[];
  protected abstract discount(p: PromotionTerms, lines: (Line & { quantity: number })[], state: Readonly<PricingState>, taken: Set<string>): { lineId: string; amount: number }[];

  async adjust(state: Readonly<PricingState>, db: Db): Promise<PricingAdjustments> {
    if (state.lines.length === 0) return { discounts: [], promotions: [] };
    const candidates = await this.promotions.candidates(state.cartId, state.now, this.types, db);
    const value = undiscountedValue(state.lines);
    const out: PricingAdjustments = { discounts: [], promotions: [] };
    const taken = new Set<string>();
    let lines = linesOf(state);
    for (const p of candidates) {
      const t = terms(p);
      if (!meetsMinimum(t, state.currency, value)) continue;
      const parts = this.discount(t, lines, state, taken);
      if (!parts.length) continue;
      const promotion = applied(p);
      out.promotions.push(promotion);
      for (const part of parts) {
        taken.add(part.lineId);
        out.discounts.push({
          lineId: part.lineId,
          discount: { id: p.id, code: promotion.code, amount: part.amount, is_cart_discount: CART_PROMOTION_TYPES.includes(p.promotionType), promotion_source: 'promotions' },
        });
      }
      // What the next promotion sees is what this one left.
      const took = new Map(parts.map((x) => [x.lineId, x.amount]));
      lines = lines.map((l) => ({ ...l, remaining: l.remaining - (took.get(l.id) ?? 0) }));
    }
    return out;
  }
}

/** Item discounts: each line gets at most one item promotion, the oldest that targets it (as Elastic Path applies them). */
@CartPricingStep('item_discounts')
export class ItemPromotionsStep extends PromotionStep {
  protected readonly types = ITEM_PROMOTION_TYPES;

  constructor(promotions: PromotionsRepository) {
    super(promotions);
  }

  protected discount(p: PromotionTerms, lines: (Line & { quantity: number })[], state: Readonly<PricingState>, taken: Set<string>) {
    return itemDiscounts(p, lines.filter((l) => !taken.has(l.id)), state.currency);
  }
}

/** Cart discounts: on what the item discounts left, every line eligible. */
@CartPricingStep('cart_discounts')
export class CartPromotionsStep extends PromotionStep {
  protected readonly types = CART_PROMOTION_TYPES;

  constructor(promotions: PromotionsRepository) {
    super(promotions);
  }

  protected discount(p: PromotionTerms, lines: (Line & { quantity: number })[], state: Readonly<PricingState>) {
    return cartDiscounts(p, lines, state.currency);
  }
}

/** Codes in carts: applying one checks it; checking out spends one use of each applied code. */
@CartDiscountCodes()
export class PromotionCodesInCarts implements CartDiscountCodesProvider {
  constructor(private readonly promotions: PromotionsRepository) {}

  async apply(cart: { id: string }, code: string, db: Db): Promise<void> {
    const found = await this.promotions.findCode(code, db);
    // `meta.code` names the code, as Elastic Path's refusals do.
    const refuse = (detail: string, status = 422) => {
      const title = status === 404 ? 'Not Found' : CODE_REFUSED;
      return new ApiError(status, title, detail, 'data.code', {}, [{ status, title, detail, source: 'data.code', meta: { code } }]);
    };
    if (!found) throw refuse(`Promotion code ${code} does not exist`, 404);
    const reason = inactiveReason(found.promotion, new Date());
    if (reason === 'disabled') throw refuse('The promotion of this code is not enabled');
    if (reason === 'expired') throw refuse('The promotion of this code has expired');
    if (reason === 'not started') throw refuse('The promotion of this code has not started yet');
    if (found.maxUses !== null && found.used >= found.maxUses) throw refuse('The promotion code has been used the maximum number of times');
    await this.promotions.applyToCart(cart.id, found.id, db);
  }

  async spend(cartId: string, _orderId: string, promotions: AppliedPromotion[], db: Db): Promise<void> {
    const given = new Set(promotions.filter((p) => p.code !== null).map((p) => p.code));
    for (const row of await this.promotions.appliedCodes(cartId, db)) {
      if (!given.has(row.code.code)) continue;
      if (!(await this.promotions.spendCode(row.codeId, db))) {
        throw new UnprocessableError(CODE_REFUSED, `The promotion code ${row.code.code} has been used the maximum number of times`, 'data.code');
      }
    }
  }
}
