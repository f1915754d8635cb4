import { arrayOf, closed, constant, dataRequest, integer, open, ref, string, uuid } from '../common/openapi/json-schema';
import { defineSchemas } from '../common/openapi/schema-registry';
import { toOne, WIRE } from '../common/openapi/wire-schemas';

const unitAndValue = closed({ unit: ref(WIRE.DisplayPrice), value: ref(WIRE.DisplayPrice) });

export const ORDER_SCHEMAS = defineSchemas({
  Order: closed(
    {
      type: constant('order'),
      id: uuid(),
      status: string({ example: 'incomplete' }),
      payment: string({ example: 'unpaid' }),
      shipping: string({ example: 'unfulfilled' }),
      customer: open({ id: string(), name: string(), email: string() }, [], { description: 'As given at checkout' }),
      contact: closed({ name: string(), email: string() }, ['name'], { description: "An account's order: whom to contact about it" }),
      shipping_address: open({}, [], { description: 'As given at checkout' }),
      billing_address: open({}, [], { description: 'As given at checkout' }),
      links: closed({}),
      meta: closed({
        display_price: closed(
          Object.fromEntries(['with_tax', 'without_tax', 'tax', 'discount', 'balance_owing', 'authorized', 'paid', 'refunded', 'without_discount'].map((k) => [k, ref(WIRE.DisplayPrice)])),
        ),
        timestamps: ref(WIRE.Timestamps),
      }),
      relationships: closed({ items: closed({ data: arrayOf(closed({ type: constant('item'), id: uuid() })) }), account: toOne('account'), account_member: toOne('account_member') }, ['account', 'account_member']),
    },
    ['contact'],
  ),
  OrderItem: closed(
    {
      type: constant('order_item'),
      id: uuid(),
      quantity: integer({ minimum: 1 }),
      product_id: uuid({ description: 'Absent for a custom item' }),
      name: string(),
      sku: string(),
      catalog_id: uuid({ description: 'The catalog a line sold from a published catalog release came from' }),
      catalog_source: constant('pim'),
      location: string({ description: 'The slug of the stock location the line took its stock from' }),
      bundle_configuration: open({ selected_options: { type: 'object' } }, ['selected_options']),
      unit_price: ref(WIRE.Money),
      value: ref(WIRE.Money),
      discounts: arrayOf(
        closed({ amount: ref(WIRE.Money), code: string(), id: uuid({ description: 'The promotion' }), promotion_source: string(), is_cart_discount: { type: 'boolean' } }, ['promotion_source', 'is_cart_discount']),
        { description: 'The discounts the line had in the cart at checkout' },
      ),
      links: closed({}),
      meta: closed({
        display_price: closed({ with_tax: unitAndValue, without_tax: unitAndValue, tax: unitAndValue, discount: unitAndValue, without_discount: unitAndValue }),
        timestamps: ref(WIRE.Timestamps),
      }),
      relationships: closed({ cart_item: toOne('cart_item') }, ['cart_item']),
    },
    ['product_id', 'catalog_id', 'catalog_source', 'location', 'bundle_configuration'],
  ),
  UpdateOrderRequest: dataRequest(
    open({
      type: constant('order'),
      shipping: constant('fulfilled'),
      status: constant('cancelled'),
      shipping_address: open({}, [], { description: 'Members to change' }),
    }),
  ),
});
