import { arrayOf, closed, open, ref, string } from '../../common/openapi/json-schema';
import { defineSchemas } from '../../common/openapi/schema-registry';
import { WIRE } from '../../common/openapi/wire-schemas';
import { PRODUCT_WIRE } from './product.wire';

/**
 * A product as presentProduct shows it (from its wire format), and the bodies of the relationship routes. The
 * bodies of create and update are derived from their DTOs (see `@DataBody()`).
 */
/** An identifier of a relationships body: `type` may be left out, `id` is not empty. */
const identifier = open({ type: string(), id: string({ minLength: 1 }) }, ['id']);

export const PRODUCT_SCHEMAS = defineSchemas({
  Product: PRODUCT_WIRE.schema({
    example: {
      type: 'product',
      id: '0f9b3a4e-8c51-4b8e-9d1a-2f0c6a8e5b11',
      name: 'Deck chair',
      slug: 'deck-chair',
      sku: 'DC-001',
      description: 'Folding, beech wood',
      manage_stock: true,
      price: [{ amount: 4999, currency: 'USD', includes_tax: true }],
      status: 'live',
      commodity_type: 'physical',
      'tax-code': null,
      meta: {
        timestamps: { created_at: '2026-01-05T10:00:00.000Z', updated_at: '2026-01-05T10:00:00.000Z' },
        display_price: { with_tax: { amount: 4999, currency: 'USD', formatted: '$49.99' }, without_tax: { amount: 4999, currency: 'USD', formatted: '$49.99' } },
        stock: { level: 12, availability: 'in-stock' },
      },
      relationships: {},
    },
  }),
  RelationshipsDocument: closed({ data: { anyOf: [arrayOf(ref(WIRE.ResourceIdentifier)), ref(WIRE.ResourceIdentifier)] } }),
  // Written by hand: the `type` a body may name depends on the path's relation (categories, files, main-image).
  RelationshipsRequest: {
    type: 'object',
    required: ['data'],
    properties: { data: { anyOf: [arrayOf(identifier, { maxItems: 100 }), identifier] } },
  },
});
