import { arrayOf, boolean, closed, constant, dataRequest, integer, nullable, oneOfStrings, open, ref, string, uuid } from '../../common/openapi/json-schema';
import { defineSchemas } from '../../common/openapi/schema-registry';
import { toMany, toOne, WIRE } from '../../common/openapi/wire-schemas';
import { COMMODITY_TYPES, PRODUCT_STATUSES } from './dto/product.dto';

const price = closed({ amount: integer({ minimum: 0, description: 'Minor units (cents)' }), currency: string({ example: 'USD' }), includes_tax: boolean() }, ['includes_tax']);

const productFields = {
  type: constant('product'),
  name: string({ minLength: 1 }),
  slug: string({ minLength: 1 }),
  sku: string({ minLength: 1 }),
  description: string(),
  manage_stock: boolean(),
  price: arrayOf(price),
  status: oneOfStrings(PRODUCT_STATUSES),
  commodity_type: oneOfStrings(COMMODITY_TYPES),
  'tax-code': nullable(string()),
  stock: integer({ minimum: 0, description: 'Initial stock level, with manage_stock' }),
};
const { type: _type, stock: _stock, ...writable } = productFields;

/** What presentProduct shows, and the bodies of create and update. */
export const PRODUCT_SCHEMAS = defineSchemas({
  Product: closed(
    {
      type: constant('product'),
      id: uuid(),
      ...writable,
      price: arrayOf(ref(WIRE.Money)),
      'tax-code': nullable(string()),
      meta: closed(
        {
          timestamps: ref(WIRE.Timestamps),
          display_price: closed({ with_tax: ref(WIRE.DisplayPrice), without_tax: ref(WIRE.DisplayPrice) }),
          stock: closed({ level: integer(), availability: oneOfStrings(['in-stock', 'out-stock']) }),
        },
        ['display_price'],
      ),
      relationships: closed({ files: toMany('file'), categories: toMany('category'), main_image: toOne('main_image') }, ['files', 'categories', 'main_image']),
    },
    [],
    {
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
    },
  ),
  CreateProductRequest: dataRequest(open(productFields, ['name', 'slug', 'sku', 'price', 'commodity_type'])),
  UpdateProductRequest: dataRequest(open(productFields)),
  RelationshipsDocument: closed({ data: { anyOf: [arrayOf(ref(WIRE.ResourceIdentifier)), ref(WIRE.ResourceIdentifier)] } }),
  RelationshipsRequest: {
    type: 'object',
    required: ['data'],
    properties: { data: { anyOf: [arrayOf(open({ type: string(), id: string() }, ['id'])), open({ type: string(), id: string() }, ['id']), { type: 'null' }] } },
  },
});
