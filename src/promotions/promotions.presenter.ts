import type { Promotion, PromotionCode } from '../generated/prisma/client';
import type { Presented } from '../common/wire/wire-format';
import { PROMOTION_CODE_WIRE, PROMOTION_WIRE } from './promotion.wire';

export type PresentedPromotion = Presented<typeof PROMOTION_WIRE>;
export type PresentedPromotionCode = Presented<typeof PROMOTION_CODE_WIRE>;

export const presentPromotion = (row: Promotion): PresentedPromotion => PROMOTION_WIRE.present(row);
export const presentPromotionCode = (row: PromotionCode): PresentedPromotionCode => PROMOTION_CODE_WIRE.present(row);
