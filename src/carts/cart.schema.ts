import { arrayOf, boolean, closed, constant, dataRequest, integer, open, ref, string, uuid } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import { WIRE } from '../common/openapi/wire-schemas';

const unitAndValue = closed({ unit: ref(WIRE.DisplayPrice), value: ref(WIRE.DisplayPrice) });
const cartTotals = closed({
  with_tax: ref(WIRE.DisplayPrice),
  without_tax: ref(WIRE.DisplayPrice),
  tax: ref(WIRE.DisplayPrice),
  discount: ref(WIRE.DisplayPrice),
  without_discount: ref(WIRE.DisplayPrice),
});
const discount = closed(
  { amount: ref(WIRE.Money), code: string(), id: uuid({ description: 'The promotion' }), promotion_source: string(), is_cart_discount: boolean() },
  ['code', 'promotion_source', 'is_cart_discount'],
);
const promotionItemRequest = open({ type: constant('promotion_item'), code: string({ minLength: 1 }) }, ['type', 'code']);

const productItem = open(
  {
    type: constant('cart_item'),
    id: string({ description: 'The product (a catalog product or a legacy product); or name it by sku', minLength: 1 }),
    sku: string({ description: "The product's SKU (a product of the shopper's catalog)", minLength: 1 }),
    quantity: integer({ minimum: 1 }),
    location: string({ description: 'The slug of the stock location the item takes from', minLength: 1 }),
    bundle_configuration: open({ selected_options: { type: 'object', additionalProperties: { type: 'object', additionalProperties: integer({ minimum: 1 }) } } }, ['selected_options']),
  },
  [],
  { anyOf: [{ required: ['id'] }, { required: ['sku'] }] },
);
const customItem = open(
  {
    type: constant('custom_item'),
    name: string(),
    sku: string(),
    description: string(),
    quantity: integer({ minimum: 1 }),
    price: open({ amount: integer({ minimum: 0 }), includes_tax: boolean() }, ['amount']),
  },
  ['type', 'name', 'sku', 'quantity', 'price'],
);
const address = open({
  first_name: string(),
  last_name: string(),
  company_name: string(),
  line_1: string(),
  line_2: string(),
  city: string(),
  postcode: string(),
  county: string(),
  country: string(),
  instructions: string(),
});

export const CART_SCHEMAS = defineSchemas({
  Cart: closed({
    type: constant('cart'),
    id: string({ description: 'The reference the client chose' }),
    name: string(),
    description: string(),
    links: ref(WIRE.SelfLink),
    meta: closed({
      display_price: ref('CartTotals'),
      timestamps: closed({ created_at: string({ format: 'date-time' }), updated_at: string({ format: 'date-time' }), expires_at: string({ format: 'date-time', description: '7 days after the last change' }) }),
    }),
    relationships: closed({ items: closed({ data: arrayOf(closed({ type: { type: 'string', enum: ['cart_item', 'custom_item', 'promotion_item'] }, id: uuid() })) }) }),
  }),
  CartTotals: cartTotals,
  CartCustomersDocument: closed(
    { data: arrayOf(closed({ type: constant('customer'), id: uuid() }), { minItems: 1 }) },
    [],
    { description: 'The customers associated with a cart (Elastic Path\'s customer cart associations)' },
  ),
  CartAccountsDocument: closed(
    { data: arrayOf(closed({ type: constant('account'), id: uuid() }), { minItems: 1 }) },
    [],
    { description: "The accounts associated with a cart (Elastic Path's account cart associations)" },
  ),
  CartItem: closed(
    {
      type: { type: 'string', enum: ['cart_item', 'custom_item'] },
      id: uuid(),
      product_id: uuid({ description: 'Absent on a custom item' }),
      name: string(),
      sku: string(),
      description: string(),
      catalog_id: uuid({ description: 'The catalog of the release the product was read from (an item of a published catalog)' }),
      catalog_source: constant('pim'),
      image: open({ mime_type: string(), file_name: string(), href: string() }),
      location: string({ description: 'The slug of the stock location the item takes from' }),
      bundle_configuration: open({ selected_options: { type: 'object', additionalProperties: { type: 'object', additionalProperties: integer({ minimum: 1 }) } } }, ['selected_options']),
      quantity: integer({ minimum: 1 }),
      unit_price: ref(WIRE.Money),
      value: ref(WIRE.Money),
      manage_stock: boolean(),
      discounts: arrayOf(discount),
      links: closed({ product: string() }, ['product']),
      meta: closed({
        display_price: closed({ with_tax: unitAndValue, without_tax: unitAndValue, tax: unitAndValue, discount: unitAndValue, without_discount: unitAndValue }),
        timestamps: ref(WIRE.Timestamps),
      }),
    },
    ['product_id', 'manage_stock', 'catalog_id', 'catalog_source', 'image', 'location', 'bundle_configuration'],
  ),
  PromotionItem: closed(
    {
      type: constant('promotion_item'),
      id: uuid({ description: 'The promotion' }),
      promotion_id: uuid(),
      code: string({ description: 'Absent for an automatic promotion' }),
      name: string(),
      description: string(),
      sku: string(),
      quantity: integer({ minimum: 1 }),
      unit_price: ref(WIRE.Money),
      value: ref(WIRE.Money),
      links: closed({}),
      meta: closed({ display_price: closed({ with_tax: unitAndValue, without_tax: unitAndValue, tax: unitAndValue }) }),
    },
    ['code'],
    { description: 'A promotion applied to the cart; its value is the discount it gives (negative)' },
  ),
  CartListItem: { anyOf: [ref('CartItem'), ref('PromotionItem')], description: 'A product or custom item, or a promotion applied to the cart' },
  CartItemsDocument: closed({ data: arrayOf(ref('CartListItem')), meta: closed({ display_price: ref('CartTotals') }) }),
  AddedCartItemsDocument: closed(
    { data: arrayOf(ref('CartListItem')), meta: closed({ display_price: ref('CartTotals') }), errors: arrayOf(ref(WIRE.ErrorObject)) },
    ['errors'],
    { description: 'The cart\'s items; with `add_all_or_nothing: false`, `errors` names the entries that were not added (`source` `data[i]...`)' },
  ),
  CartRequest: dataRequest(open({ name: string(), description: string() })),
  AddCartItemsRequest: {
    type: 'object',
    required: ['data'],
    description: 'One item, or several (`data` an array) with `options.add_all_or_nothing`',
    properties: {
      data: { anyOf: [productItem, customItem, promotionItemRequest, arrayOf({ anyOf: [productItem, customItem, promotionItemRequest] })] },
      options: open({ add_all_or_nothing: boolean() }),
    },
  },
  CheckoutRequest: dataRequest(
    open(
      {
        customer: open({ id: string(), name: string(), email: string({ format: 'email' }) }, [], { description: "A guest's or customer's checkout" }),
        account: open({ id: uuid(), member_id: uuid() }, ['id', 'member_id'], { description: "An account's checkout (with an account token: optional, and the token's)" }),
        contact: open({ name: string(), email: string({ format: 'email' }) }, ['email'], { description: "Whom to contact about an account's order" }),
        billing_address: address,
        shipping_address: address,
      },
      ['billing_address'],
    ),
  ),
  CheckoutDocument: closed({ data: ref('Order'), included: closed({ items: arrayOf(ref('OrderItem')) }) }),
});
