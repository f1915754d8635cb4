import { defineSchemas } from '../common/openapi/schema-registry';
import { PROMOTION_CODE_WIRE, PROMOTION_WIRE } from './promotion.wire';

export const PROMOTION_SCHEMAS = defineSchemas({
  Promotion: PROMOTION_WIRE.schema({
    example: {
      type: 'promotion',
      id: '7c6a7d3e-1f0b-4c4e-9d7a-2b1e0f3a4c5d',
      name: '10% off',
      description: 'Ten percent off the cart',
      promotion_type: 'percent_discount',
      enabled: true,
      automatic: false,
      start: '2026-01-01T00:00:00.000Z',
      end: '2027-01-01T00:00:00.000Z',
      schema: { currencies: [{ currency: 'USD', percentage: 10 }] },
      min_cart_value: [],
      meta: { timestamps: { created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z' } },
    },
  }),
  PromotionCode: PROMOTION_CODE_WIRE.schema(),
});
